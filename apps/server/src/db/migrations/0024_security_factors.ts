/**
 * Second factors: lockouts and security changes per member (`security_events`, read by Admin/securityevents), and
 * the attempt counters every second factor reserves before it is checked (`factor_attempts`).
 * TOTP secrets already stored in plain text are sealed lazily (on first read) and by `npm run rotate-keys`: sealing
 * needs the server secret, which migrations do not get.
 */
export const up = `
CREATE TABLE security_events (
  id bigserial PRIMARY KEY,
  member_id bigint REFERENCES members(id),
  kind text NOT NULL,
  at timestamptz NOT NULL DEFAULT now(),
  until timestamptz,
  ip text,
  details jsonb NOT NULL DEFAULT '{}'
);
CREATE INDEX security_events_at ON security_events (at DESC, id DESC);
CREATE INDEX security_events_member ON security_events (member_id, at DESC);
CREATE INDEX security_events_kind ON security_events (kind, at DESC);

CREATE TABLE factor_attempts (
  key text PRIMARY KEY,
  tries int NOT NULL,
  window_ends timestamptz NOT NULL
);
`;
