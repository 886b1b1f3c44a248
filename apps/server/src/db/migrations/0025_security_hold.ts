/**
 * The hold on withdrawals, transfers and address binding after a security change. The hold itself is read from
 * `security_events` (the latest change of an existing credential or contact, plus `security_hold_hours`), so every
 * flow that records a change (including a password reset) starts it; this only makes the setting visible with its
 * default.
 */
export const up = `
INSERT INTO settings (key, value) VALUES ('security_hold_hours', '24') ON CONFLICT (key) DO NOTHING;
`;
