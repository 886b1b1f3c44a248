/**
 * Which members to roll up ahead of their reads (issue 32; DECISIONS.md section 58): each account's `version` moves
 * with every posting to it, so the sum of a member's versions less the sum when the member was last rolled up is
 * about how many transfers are not rolled up yet. A task (features/wallet/history-task.ts) rolls up the members past
 * the threshold, so that a busy member's first read after a while (or after 0044) does not pay for months of them.
 */
export const up = `
ALTER TABLE ledger_history_rollups ADD COLUMN versions bigint NOT NULL DEFAULT 0;
`;
