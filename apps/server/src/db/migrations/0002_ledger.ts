/**
 * The money core (DESIGN.md section 4): assets, accounts, immutable transfers, idempotent operations;
 * withdrawal addresses and requests, two-factor secrets, airdrop campaigns.
 */
export const up = `
CREATE TABLE assets (
  code text PRIMARY KEY,
  decimals int NOT NULL CHECK (decimals BETWEEN 0 AND 18),
  name text NOT NULL
);
INSERT INTO assets (code, decimals, name) VALUES
  ('USDT', 6, 'Tether USD'), ('XT', 6, 'X Token'), ('RP', 2, 'Registration points'), ('DP', 2, 'Deposit points');

CREATE TABLE ledger_accounts (
  id bigserial PRIMARY KEY,
  member_id bigint REFERENCES members(id),
  platform text,
  wallet text NOT NULL,
  asset text NOT NULL REFERENCES assets(code),
  debits_posted bigint NOT NULL DEFAULT 0 CHECK (debits_posted >= 0),
  credits_posted bigint NOT NULL DEFAULT 0 CHECK (credits_posted >= 0),
  debits_pending bigint NOT NULL DEFAULT 0 CHECK (debits_pending >= 0),
  credits_pending bigint NOT NULL DEFAULT 0 CHECK (credits_pending >= 0),
  no_overdraft boolean NOT NULL,
  version bigint NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((member_id IS NULL) <> (platform IS NULL)),
  -- The last line of defence: a member account can never go below zero, whatever the code does.
  CONSTRAINT ledger_accounts_no_overdraft CHECK (NOT no_overdraft OR credits_posted - debits_posted - debits_pending >= 0)
) WITH (fillfactor = 80); -- room on each page for HOT updates of the balances
CREATE UNIQUE INDEX ledger_accounts_member ON ledger_accounts (member_id, wallet, asset) WHERE member_id IS NOT NULL;
CREATE UNIQUE INDEX ledger_accounts_platform ON ledger_accounts (platform, asset) WHERE platform IS NOT NULL;

CREATE TABLE ledger_operations (
  id bigserial PRIMARY KEY,
  idempotency_key text NOT NULL,
  kind text NOT NULL,
  member_id bigint REFERENCES members(id),
  request_hash bytea NOT NULL,
  result jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT ledger_operations_key UNIQUE (idempotency_key)
);

-- The operation and the two accounts are not foreign keys: each would cost a lookup per inserted transfer on the
-- hottest path, and only the ledger writes here, after locking those very accounts. The invariant checker
-- verifies that every transfer's operation and accounts exist.
CREATE TABLE ledger_transfers (
  id bigserial PRIMARY KEY,
  operation_id bigint NOT NULL,
  debit_account_id bigint NOT NULL,
  credit_account_id bigint NOT NULL,
  amount bigint NOT NULL CHECK (amount > 0),
  -- No foreign key to assets: every transfer would share-lock the one asset row (a MultiXact per row under load,
  -- which serialises all postings). Both accounts reference assets, and the invariant checker verifies the match.
  asset text NOT NULL,
  kind text NOT NULL,
  flags text NOT NULL DEFAULT 'posted' CHECK (flags IN ('posted', 'pending', 'post_pending', 'void_pending')),
  pending_id bigint REFERENCES ledger_transfers(id),
  debit_balance_after bigint NOT NULL,
  credit_balance_after bigint NOT NULL,
  reference text NOT NULL DEFAULT '',
  details jsonb NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (debit_account_id <> credit_account_id),
  CHECK ((flags IN ('post_pending', 'void_pending')) = (pending_id IS NOT NULL))
);
-- A pending transfer is posted or voided once.
CREATE UNIQUE INDEX ledger_transfers_pending_once ON ledger_transfers (pending_id) WHERE pending_id IS NOT NULL;
CREATE INDEX ledger_transfers_debit ON ledger_transfers (debit_account_id, id DESC);
CREATE INDEX ledger_transfers_credit ON ledger_transfers (credit_account_id, id DESC);

CREATE FUNCTION ledger_transfers_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger transfers are immutable: corrections are new transfers';
END $$;
CREATE TRIGGER ledger_transfers_immutable BEFORE UPDATE OR DELETE ON ledger_transfers
  FOR EACH ROW EXECUTE FUNCTION ledger_transfers_immutable();

CREATE TABLE withdraw_addresses (
  member_id bigint PRIMARY KEY REFERENCES members(id),
  address text NOT NULL,
  address_type text NOT NULL,
  bound_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE withdrawals (
  id bigserial PRIMARY KEY,
  member_id bigint NOT NULL REFERENCES members(id),
  operation_id bigint NOT NULL REFERENCES ledger_operations(id),
  wallet text NOT NULL,
  asset text NOT NULL,
  amount bigint NOT NULL CHECK (amount > 0),
  fee bigint NOT NULL CHECK (fee >= 0),
  address text NOT NULL,
  address_type text NOT NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected')),
  reason text NOT NULL DEFAULT '',
  payout_transfer_id bigint NOT NULL REFERENCES ledger_transfers(id),
  fee_transfer_id bigint REFERENCES ledger_transfers(id),
  decided_by bigint REFERENCES members(id),
  decided_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX withdrawals_status ON withdrawals (status, created_at DESC);
CREATE INDEX withdrawals_member ON withdrawals (member_id, id DESC);

ALTER TABLE members ADD COLUMN totp_secret text, ADD COLUMN totp_enabled boolean NOT NULL DEFAULT false,
  ADD COLUMN totp_last_step bigint NOT NULL DEFAULT 0;

CREATE TABLE airdrop_campaigns (
  id bigserial PRIMARY KEY,
  idempotency_key text NOT NULL UNIQUE,
  name text NOT NULL,
  asset text NOT NULL,
  amount_each bigint NOT NULL CHECK (amount_each > 0),
  recipients bigint[] NOT NULL,
  done int NOT NULL DEFAULT 0,
  status text NOT NULL DEFAULT 'running' CHECK (status IN ('running', 'done', 'failed')),
  error text NOT NULL DEFAULT '',
  created_by bigint REFERENCES members(id),
  created_at timestamptz NOT NULL DEFAULT now()
);
`;
