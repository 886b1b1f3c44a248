/**
 * Copy trading (issue 15), second part: packages, investments and their pool. Each approved lead trader has a pool
 * (a paper account of venue `copy`) that mirrors the trader's demo account; followers own units of the pool.
 * Money (minor units of USDT) is held in the platform's `copy_custody` account; `booked` is what custody holds for
 * an investment, brought to the pool's value at each settlement and at the end.
 */
export const up = `
ALTER TABLE lead_traders
  ADD COLUMN company boolean NOT NULL DEFAULT false,
  ADD COLUMN source_account_id bigint REFERENCES trading_accounts(id),
  ADD COLUMN pool_account_id bigint REFERENCES trading_accounts(id),
  ADD COLUMN units numeric(40, 0) NOT NULL DEFAULT 0,
  ADD COLUMN mirror_cursor bigint NOT NULL DEFAULT 0;
CREATE UNIQUE INDEX lead_traders_company ON lead_traders (company) WHERE company;

CREATE TABLE copy_packages (
  id bigserial PRIMARY KEY,
  trader_id bigint NOT NULL REFERENCES lead_traders(id),
  name text NOT NULL,
  min_amount numeric(40, 0) NOT NULL CHECK (min_amount > 0),
  term_days integer NOT NULL CHECK (term_days BETWEEN 1 AND 3650),
  share_bps integer NOT NULL CHECK (share_bps BETWEEN 0 AND 5000),
  fee_bps integer NOT NULL CHECK (fee_bps BETWEEN 0 AND 5000),
  active boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX copy_packages_trader ON copy_packages (trader_id, id);

CREATE TABLE copy_investments (
  id bigserial PRIMARY KEY,
  member_id bigint NOT NULL REFERENCES members(id),
  trader_id bigint NOT NULL REFERENCES lead_traders(id),
  package_id bigint NOT NULL REFERENCES copy_packages(id),
  state text NOT NULL CHECK (state IN ('active', 'closing', 'stopped', 'closed')),
  principal numeric(40, 0) NOT NULL CHECK (principal > 0),
  units numeric(40, 0) NOT NULL CHECK (units >= 0),
  booked numeric(40, 0) NOT NULL CHECK (booked >= 0),
  hwm numeric(40, 0) NOT NULL,
  stop_loss_percent integer NOT NULL DEFAULT 0 CHECK (stop_loss_percent BETWEEN 0 AND 99),
  auto_renew boolean NOT NULL DEFAULT false,
  started_at timestamptz NOT NULL,
  ends_at timestamptz NOT NULL,
  renewals integer NOT NULL DEFAULT 0,
  shared numeric(40, 0) NOT NULL DEFAULT 0,
  fees numeric(40, 0) NOT NULL DEFAULT 0,
  returned numeric(40, 0) NOT NULL DEFAULT 0,
  close_reason text NOT NULL DEFAULT '',
  closed_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX copy_investments_member ON copy_investments (member_id, id DESC);
CREATE INDEX copy_investments_active ON copy_investments (trader_id) WHERE state = 'active';

CREATE TABLE copy_settlements (
  investment_id bigint NOT NULL REFERENCES copy_investments(id),
  date date NOT NULL,
  kind text NOT NULL CHECK (kind IN ('daily', 'term', 'close')),
  value numeric(40, 0) NOT NULL,
  hwm_before numeric(40, 0) NOT NULL,
  profit numeric(40, 0) NOT NULL,
  trader_share numeric(40, 0) NOT NULL,
  platform_fee numeric(40, 0) NOT NULL,
  at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (investment_id, date, kind)
);
CREATE INDEX copy_settlements_date ON copy_settlements (date);

CREATE TABLE copy_mirrors (
  trader_id bigint NOT NULL REFERENCES lead_traders(id),
  source_fill_id bigint NOT NULL,
  symbol text NOT NULL,
  market text NOT NULL,
  side text NOT NULL,
  source_amount numeric(40, 0) NOT NULL,
  amount numeric(40, 0) NOT NULL,
  price text NOT NULL DEFAULT '',
  order_id bigint,
  skipped text NOT NULL DEFAULT '',
  at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (trader_id, source_fill_id)
);

-- The equity of a trader's account and of a pool (value of one unit, 1e-8 USDT per 1e8 units) at the end of each day.
CREATE TABLE copy_marks (
  account_id bigint NOT NULL REFERENCES trading_accounts(id),
  day date NOT NULL,
  equity numeric(40, 0) NOT NULL,
  units numeric(40, 0) NOT NULL DEFAULT 0,
  PRIMARY KEY (account_id, day)
);

CREATE TABLE copy_runs (
  date date PRIMARY KEY,
  investments integer NOT NULL DEFAULT 0,
  shared numeric(40, 0) NOT NULL DEFAULT 0,
  fees numeric(40, 0) NOT NULL DEFAULT 0,
  started_by text NOT NULL DEFAULT 'schedule',
  at timestamptz NOT NULL DEFAULT now()
);
`;
