/**
 * Bots (issue 14), second part. The all-in-one mode: a budget over every running bot of one trading account (NULL:
 * no such budget; each bot is bounded by its own settings and the account's funds). Limit orders: a bot whose limit
 * order did not fill at once cancels it and decides again with its next key (bot:<id>:<actions>:<attempts>). Partial
 * closes. Bot subscriptions.
 */
export const up = `
ALTER TABLE trading_accounts ADD COLUMN bot_budget bigint CHECK (bot_budget IS NULL OR bot_budget > 0);
ALTER TABLE bots ADD COLUMN attempts integer NOT NULL DEFAULT 0;
-- A close that filled in part realizes that part's gain (before fees); the rest of the deal stays open.
ALTER TABLE bot_deals ADD COLUMN realized bigint NOT NULL DEFAULT 0;
-- The bot subscription, when the operator charges for bots: paid from the trading wallet, up to paid_until.
CREATE TABLE bot_subscriptions (
  member_id bigint PRIMARY KEY REFERENCES members(id),
  paid_until timestamptz NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
`;
