/**
 * Perpetual futures on the paper exchange (issue 11): orders and fills say which market they were on, a paper
 * account holds at most one position per symbol (one-way, isolated margin held in the quote's `used`), and each
 * funding settlement is kept once per position and funding time.
 */
export const up = `
ALTER TABLE trade_orders
  ADD COLUMN market text NOT NULL DEFAULT 'spot' CHECK (market IN ('spot', 'perp')),
  ADD COLUMN leverage integer NOT NULL DEFAULT 1 CHECK (leverage BETWEEN 1 AND 125);
ALTER TABLE trade_fills
  ADD COLUMN market text NOT NULL DEFAULT 'spot' CHECK (market IN ('spot', 'perp')),
  ADD COLUMN reason text NOT NULL DEFAULT '';

CREATE TABLE paper_positions (
  account_id bigint NOT NULL REFERENCES trading_accounts(id),
  symbol text NOT NULL,
  side text NOT NULL CHECK (side IN ('long', 'short')),
  -- Contracts of one base unit, in 1e-8.
  contracts bigint NOT NULL CHECK (contracts > 0),
  entry_price numeric NOT NULL CHECK (entry_price > 0),
  margin bigint NOT NULL CHECK (margin >= 0),
  leverage integer NOT NULL CHECK (leverage >= 1),
  -- Kept with the position so the feed finds the positions a price reached with an index.
  liquidation_price numeric NOT NULL,
  funding bigint NOT NULL DEFAULT 0,
  opened_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  PRIMARY KEY (account_id, symbol)
);
CREATE INDEX paper_positions_liquidation ON paper_positions (symbol, side, liquidation_price);

CREATE TABLE paper_funding (
  account_id bigint NOT NULL REFERENCES trading_accounts(id),
  symbol text NOT NULL,
  funding_time timestamptz NOT NULL,
  side text NOT NULL,
  contracts bigint NOT NULL,
  mark_price numeric NOT NULL,
  rate_bps integer NOT NULL,
  -- Received (positive) or paid (negative), quote units of 1e-8.
  amount bigint NOT NULL,
  PRIMARY KEY (account_id, symbol, funding_time)
);
`;
