/**
 * The all-in-one mode of bots (issue 14): a budget over every running bot of one trading account. NULL: no such
 * budget (each bot is bounded only by its own settings and the account's funds).
 */
export const up = `
ALTER TABLE trading_accounts ADD COLUMN bot_budget bigint CHECK (bot_budget IS NULL OR bot_budget > 0);
`;
