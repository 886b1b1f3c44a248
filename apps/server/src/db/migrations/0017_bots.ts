/**
 * Trading bots (issue 14): a member's DCA bots on one of their trading accounts (the demo account or a connected
 * exchange), their deals (one open at a time per bot) and every order a bot sent. Amounts are integers of 1e-8
 * (the paper exchange's units); prices are exact decimals as the markets write them.
 */
export const up = `
CREATE TABLE bots (
  id bigserial PRIMARY KEY,
  member_id bigint NOT NULL REFERENCES members(id),
  account_id bigint NOT NULL REFERENCES trading_accounts(id),
  name text NOT NULL DEFAULT '',
  symbol text NOT NULL,
  market text NOT NULL CHECK (market IN ('spot', 'perp')),
  direction text NOT NULL CHECK (direction IN ('long', 'short')),
  leverage integer NOT NULL DEFAULT 1 CHECK (leverage BETWEEN 1 AND 125),
  order_type text NOT NULL DEFAULT 'market' CHECK (order_type IN ('market', 'limit')),
  base_quote bigint NOT NULL CHECK (base_quote > 0),
  safety_quote bigint NOT NULL CHECK (safety_quote >= 0),
  max_safety integer NOT NULL CHECK (max_safety BETWEEN 0 AND 50),
  deviation_bps integer NOT NULL CHECK (deviation_bps > 0),
  step_scale integer NOT NULL CHECK (step_scale > 0),
  volume_scale integer NOT NULL CHECK (volume_scale > 0),
  take_profit_bps integer NOT NULL CHECK (take_profit_bps > 0),
  stop_loss_bps integer NOT NULL DEFAULT 0 CHECK (stop_loss_bps >= 0),
  state text NOT NULL DEFAULT 'stopped' CHECK (state IN ('stopped', 'running', 'error')),
  -- A message key (with its values) saying why the bot stopped on its own.
  error text NOT NULL DEFAULT '',
  error_values jsonb NOT NULL DEFAULT '{}',
  -- Actions the bot took: the next order's key is bot:<id>:<actions>, so a decision is sent once.
  actions integer NOT NULL DEFAULT 0,
  deals_closed integer NOT NULL DEFAULT 0,
  profit bigint NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz,
  CHECK (market = 'perp' OR (direction = 'long' AND leverage = 1))
);
CREATE INDEX bots_member ON bots (member_id, id DESC) WHERE deleted_at IS NULL;
CREATE INDEX bots_running ON bots (id) WHERE state = 'running';

CREATE TABLE bot_deals (
  id bigserial PRIMARY KEY,
  bot_id bigint NOT NULL REFERENCES bots(id),
  member_id bigint NOT NULL REFERENCES members(id),
  symbol text NOT NULL,
  direction text NOT NULL,
  state text NOT NULL CHECK (state IN ('open', 'closed')),
  close_reason text,
  base_price numeric NOT NULL,
  size bigint NOT NULL CHECK (size >= 0),
  cost bigint NOT NULL CHECK (cost >= 0),
  safety_filled integer NOT NULL DEFAULT 0,
  fees bigint NOT NULL DEFAULT 0,
  close_price numeric,
  pnl bigint,
  opened_at timestamptz NOT NULL,
  closed_at timestamptz
);
CREATE UNIQUE INDEX bot_deals_open ON bot_deals (bot_id) WHERE state = 'open';
CREATE INDEX bot_deals_bot ON bot_deals (bot_id, id DESC);

CREATE TABLE bot_orders (
  id bigserial PRIMARY KEY,
  bot_id bigint NOT NULL REFERENCES bots(id),
  deal_id bigint REFERENCES bot_deals(id),
  action integer NOT NULL,
  kind text NOT NULL,
  trade_order_id bigint REFERENCES trade_orders(id),
  side text NOT NULL,
  amount bigint NOT NULL,
  price numeric,
  fee bigint NOT NULL DEFAULT 0,
  at timestamptz NOT NULL,
  UNIQUE (bot_id, action)
);
CREATE INDEX bot_orders_deal ON bot_orders (deal_id, id);
`;
