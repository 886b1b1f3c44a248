/**
 * Cloud mining: packages, vouchers, orders, purchases (the qualifying-volume records the bonus engine reads),
 * daily income (once per order and date) and daily job runs (once per job and date) (issue 5).
 */
export const up = `
CREATE TABLE mining_packages (
  id bigserial PRIMARY KEY,
  name text NOT NULL,
  coin text NOT NULL,
  capacity_unit text NOT NULL,
  -- Minor units of price_asset per unit of capacity.
  unit_price bigint NOT NULL CHECK (unit_price > 0),
  price_asset text NOT NULL DEFAULT 'USDT' REFERENCES assets(code),
  term_days int NOT NULL CHECK (term_days BETWEEN 1 AND 3650),
  -- Per unit and day, in minor units of settle_asset: the estimated profit and the management fee.
  daily_profit bigint NOT NULL,
  daily_fee bigint NOT NULL DEFAULT 0 CHECK (daily_fee >= 0),
  settle_asset text NOT NULL REFERENCES assets(code),
  settle_wallet text NOT NULL,
  min_quantity int NOT NULL DEFAULT 1 CHECK (min_quantity >= 1),
  stock int NOT NULL CHECK (stock >= 0),
  sold int NOT NULL DEFAULT 0 CHECK (sold >= 0),
  start_date date NOT NULL,
  start_delay_days int NOT NULL DEFAULT 1 CHECK (start_delay_days BETWEEN 1 AND 365),
  active boolean NOT NULL DEFAULT true,
  description text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (daily_profit > daily_fee)
);

CREATE TABLE mining_vouchers (
  id bigserial PRIMARY KEY,
  member_id bigint NOT NULL REFERENCES members(id),
  discount_bps int NOT NULL CHECK (discount_bps BETWEEN 1 AND 10000),
  package_id bigint REFERENCES mining_packages(id),
  expires_at timestamptz NOT NULL,
  note text NOT NULL DEFAULT '',
  used_at timestamptz,
  order_id bigint,
  issued_by bigint REFERENCES members(id),
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((used_at IS NULL) = (order_id IS NULL))
);
CREATE INDEX mining_vouchers_member ON mining_vouchers (member_id, id DESC);

CREATE TABLE mining_orders (
  id bigserial PRIMARY KEY,
  order_no text NOT NULL UNIQUE,
  member_id bigint NOT NULL REFERENCES members(id),
  package_id bigint NOT NULL REFERENCES mining_packages(id),
  operation_id bigint NOT NULL REFERENCES ledger_operations(id),
  payment_transfer_id bigint NOT NULL REFERENCES ledger_transfers(id),
  quantity int NOT NULL CHECK (quantity > 0),
  unit_price bigint NOT NULL,
  price bigint NOT NULL,
  discount bigint NOT NULL DEFAULT 0 CHECK (discount >= 0),
  paid bigint NOT NULL CHECK (paid > 0),
  price_asset text NOT NULL,
  pay_wallet text NOT NULL,
  voucher_id bigint REFERENCES mining_vouchers(id),
  -- The terms at purchase: later package edits do not change an order.
  daily_income bigint NOT NULL CHECK (daily_income > 0),
  settle_asset text NOT NULL,
  settle_wallet text NOT NULL,
  term_days int NOT NULL,
  start_date date NOT NULL,
  end_date date NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (end_date = start_date + term_days - 1),
  CHECK (price = discount + paid)
);
CREATE INDEX mining_orders_member ON mining_orders (member_id, id DESC);
ALTER TABLE mining_vouchers ADD CONSTRAINT mining_vouchers_order FOREIGN KEY (order_id) REFERENCES mining_orders(id);
-- A voucher pays for one order at most.
CREATE UNIQUE INDEX mining_vouchers_order_once ON mining_vouchers (order_id) WHERE order_id IS NOT NULL;

-- What a member bought and its qualifying volume: the bonus engine (issue 4) reads these.
CREATE TABLE purchases (
  id bigserial PRIMARY KEY,
  member_id bigint NOT NULL REFERENCES members(id),
  source text NOT NULL,
  order_id bigint NOT NULL,
  amount bigint NOT NULL CHECK (amount > 0),
  volume bigint NOT NULL CHECK (volume >= 0),
  asset text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (source, order_id)
);
CREATE INDEX purchases_created ON purchases (created_at);
CREATE INDEX purchases_member ON purchases (member_id, created_at);

-- One row per order and mining day: the primary key is what makes a payout happen once. No foreign keys: the
-- daily job inserts a million of these in a few statements, and it reads the order it pays in the same transaction.
CREATE TABLE mining_income (
  order_id bigint NOT NULL,
  income_date date NOT NULL,
  amount bigint NOT NULL CHECK (amount > 0),
  transfer_id bigint NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (order_id, income_date)
);

CREATE TABLE job_runs (
  job text NOT NULL,
  run_date date NOT NULL,
  status text NOT NULL DEFAULT 'running' CHECK (status IN ('running', 'done', 'failed')),
  runs int NOT NULL DEFAULT 1,
  items bigint NOT NULL DEFAULT 0,
  amounts jsonb NOT NULL DEFAULT '{}',
  error text NOT NULL DEFAULT '',
  started_by bigint REFERENCES members(id),
  started_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz,
  PRIMARY KEY (job, run_date)
);
`;
