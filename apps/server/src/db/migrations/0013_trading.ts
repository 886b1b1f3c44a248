/**
 * Trading I (issue 11): market data, the paper exchange and members' exchange accounts.
 *
 * Demo money is virtual and lives here, not in the money ledger: balances are bigints of 1e-8 of the asset
 * (every paper asset, USDT included), held per account; an order's `reserved` is what it holds of `used` while
 * open. Prices are numeric (exact decimals). Market data is written by one feed process (features/trading/feed.ts).
 */
export const up = `
CREATE TABLE market_tickers (
  symbol text PRIMARY KEY,
  last numeric NOT NULL CHECK (last > 0),
  open_24h numeric NOT NULL,
  high_24h numeric NOT NULL,
  low_24h numeric NOT NULL,
  volume_24h numeric NOT NULL DEFAULT 0,
  simulated boolean NOT NULL,
  at timestamptz NOT NULL
);

-- One-minute candles; longer timeframes are grouped from these.
CREATE TABLE market_candles (
  symbol text NOT NULL,
  open_time timestamptz NOT NULL,
  open numeric NOT NULL,
  high numeric NOT NULL,
  low numeric NOT NULL,
  close numeric NOT NULL,
  volume numeric NOT NULL DEFAULT 0,
  simulated boolean NOT NULL,
  PRIMARY KEY (symbol, open_time)
);

CREATE TABLE trading_accounts (
  id bigserial PRIMARY KEY,
  member_id bigint NOT NULL REFERENCES members(id),
  kind text NOT NULL CHECK (kind IN ('paper', 'exchange')),
  -- paper: 'demo' or the exchange it mimics; exchange: the ccxt id.
  venue text NOT NULL,
  label text NOT NULL DEFAULT '',
  key_hint text NOT NULL DEFAULT '',
  -- AES-256-GCM of the key, secret and passphrase (adapters/exchange/keys.ts); exchange accounts only.
  key_box bytea,
  start_balance bigint NOT NULL DEFAULT 0,
  resets integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz,
  CHECK ((kind = 'exchange') = (key_box IS NOT NULL))
);
CREATE UNIQUE INDEX trading_accounts_paper ON trading_accounts (member_id, venue) WHERE kind = 'paper';
CREATE INDEX trading_accounts_member ON trading_accounts (member_id) WHERE deleted_at IS NULL;

CREATE TABLE paper_balances (
  account_id bigint NOT NULL REFERENCES trading_accounts(id),
  asset text NOT NULL,
  free bigint NOT NULL DEFAULT 0 CHECK (free >= 0),
  used bigint NOT NULL DEFAULT 0 CHECK (used >= 0),
  -- What the holding cost in the quote asset, fees included (the basis of realized profit).
  cost bigint NOT NULL DEFAULT 0 CHECK (cost >= 0),
  PRIMARY KEY (account_id, asset)
);

CREATE TABLE trade_orders (
  id bigserial PRIMARY KEY,
  account_id bigint NOT NULL REFERENCES trading_accounts(id),
  member_id bigint NOT NULL REFERENCES members(id),
  symbol text NOT NULL,
  side text NOT NULL CHECK (side IN ('buy', 'sell')),
  type text NOT NULL CHECK (type IN ('market', 'limit')),
  amount bigint NOT NULL CHECK (amount > 0),
  limit_price numeric,
  reserved bigint NOT NULL DEFAULT 0 CHECK (reserved >= 0),
  filled bigint NOT NULL DEFAULT 0 CHECK (filled >= 0 AND filled <= amount),
  avg_price numeric,
  fee bigint NOT NULL DEFAULT 0,
  fee_asset text NOT NULL,
  pnl bigint,
  state text NOT NULL CHECK (state IN ('open', 'filled', 'cancelled', 'rejected')),
  reason text NOT NULL DEFAULT '',
  exchange_order_id text,
  idempotency_key text NOT NULL,
  request_hash text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (member_id, idempotency_key),
  CHECK ((type = 'limit') = (limit_price IS NOT NULL))
);
CREATE INDEX trade_orders_account ON trade_orders (account_id, id DESC);
CREATE INDEX trade_orders_open_limit ON trade_orders (symbol, side, limit_price) WHERE state = 'open';

CREATE TABLE trade_fills (
  id bigserial PRIMARY KEY,
  order_id bigint NOT NULL REFERENCES trade_orders(id),
  account_id bigint NOT NULL REFERENCES trading_accounts(id),
  symbol text NOT NULL,
  side text NOT NULL,
  amount bigint NOT NULL CHECK (amount > 0),
  price numeric NOT NULL,
  fee bigint NOT NULL CHECK (fee >= 0),
  fee_asset text NOT NULL,
  pnl bigint,
  -- The account's value in its quote asset right after this fill, at the last prices.
  equity_after bigint NOT NULL,
  at timestamptz NOT NULL
);
CREATE INDEX trade_fills_account ON trade_fills (account_id, id DESC);

CREATE TABLE trade_resets (
  account_id bigint NOT NULL REFERENCES trading_accounts(id),
  idempotency_key text NOT NULL,
  member_id bigint NOT NULL,
  at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (member_id, idempotency_key)
);
`;
