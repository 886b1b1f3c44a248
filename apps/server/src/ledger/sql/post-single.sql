-- ledger_post_single: the ledger's hot path as one server-side function (ledger/single.ts calls it). A single round
-- trip posts one operation's linked legs with the rules of DESIGN.md section 4 (those runOperation, in
-- ledger/operation.ts, applies in TypeScript):
--   1. the accounts are locked in ascending id order, so two postings never deadlock;
--   2. the idempotency key is checked once they are locked, so a retry of a request still in flight waits for it
--      and then finds its operation ('existing');
--   3. members who must be active (p_active) are checked;
--   4. each leg updates both balances (a member account going below zero fails the no-overdraft CHECK and aborts
--      everything) and is inserted as a transfer with the balances after it;
--   5. the operation is recorded with its result (the balances after each leg, as text).
-- Legs come as parallel arrays: cheaper to read than JSON.
-- Outcomes: 'posted', or 'existing' with the first operation's row. SQLSTATE P0409: the key was taken by a request
-- that committed meanwhile (nothing was written); P0423: a member in p_active is not active (nothing was written).
--
-- A change to this function is made here and installed by a new migration (db/migrations/ledger-sql.ts says how).
CREATE OR REPLACE FUNCTION ledger_post_single(
  p_key text, p_kind text, p_member bigint, p_hash bytea, p_accounts bigint[],
  p_debit bigint[], p_credit bigint[], p_amount bigint[], p_asset text[], p_leg_kind text[], p_ref text[],
  p_details jsonb[], p_pending boolean[], p_active bigint[])
RETURNS TABLE (op_id bigint, op_created_at timestamptz, op_hash bytea, op_result jsonb, outcome text)
LANGUAGE plpgsql AS $fn$
DECLARE
  v_existing record;
  v_d record;
  v_c record;
  v_afters jsonb := '[]'::jsonb;
  v_op_id bigint := nextval(pg_get_serial_sequence('ledger_operations', 'id'));
  v_now timestamptz := now();
  v_inserted bigint;
BEGIN
  PERFORM 1 FROM ledger_accounts WHERE id = ANY(p_accounts) ORDER BY id FOR UPDATE;

  SELECT id, created_at, request_hash, result INTO v_existing FROM ledger_operations WHERE idempotency_key = p_key;
  IF FOUND THEN
    RETURN QUERY SELECT v_existing.id, v_existing.created_at, v_existing.request_hash, v_existing.result, 'existing'::text;
    RETURN;
  END IF;

  IF cardinality(p_active) > 0 AND EXISTS (SELECT 1 FROM members WHERE id = ANY(p_active) AND status <> 'active') THEN
    RAISE EXCEPTION 'ledger: member not active' USING ERRCODE = 'P0423';
  END IF;

  FOR i IN 1 .. cardinality(p_debit) LOOP
    IF p_amount[i] <= 0 OR p_debit[i] = p_credit[i] THEN
      RAISE EXCEPTION 'ledger: bad leg %', i;
    END IF;
    UPDATE ledger_accounts SET
      debits_posted = debits_posted + CASE WHEN p_pending[i] THEN 0 ELSE p_amount[i] END,
      debits_pending = debits_pending + CASE WHEN p_pending[i] THEN p_amount[i] ELSE 0 END,
      version = version + 1
    WHERE id = p_debit[i] RETURNING asset, credits_posted - debits_posted AS posted INTO v_d;
    IF NOT FOUND THEN
      RAISE EXCEPTION 'ledger: no debit account %', p_debit[i];
    END IF;
    UPDATE ledger_accounts SET
      credits_posted = credits_posted + CASE WHEN p_pending[i] THEN 0 ELSE p_amount[i] END,
      credits_pending = credits_pending + CASE WHEN p_pending[i] THEN p_amount[i] ELSE 0 END,
      version = version + 1
    WHERE id = p_credit[i] RETURNING asset, credits_posted - debits_posted AS posted INTO v_c;
    IF NOT FOUND THEN
      RAISE EXCEPTION 'ledger: no credit account %', p_credit[i];
    END IF;
    IF v_d.asset <> p_asset[i] OR v_c.asset <> p_asset[i] THEN
      RAISE EXCEPTION 'ledger: leg % accounts hold another asset', i;
    END IF;
    INSERT INTO ledger_transfers (operation_id, debit_account_id, credit_account_id, amount, asset, kind, flags,
      debit_balance_after, credit_balance_after, reference, details, created_at)
    VALUES (v_op_id, p_debit[i], p_credit[i], p_amount[i], p_asset[i], p_leg_kind[i],
      CASE WHEN p_pending[i] THEN 'pending' ELSE 'posted' END, v_d.posted, v_c.posted, p_ref[i], p_details[i], v_now);
    v_afters := v_afters || jsonb_build_array(jsonb_build_object('da', v_d.posted::text, 'ca', v_c.posted::text));
  END LOOP;

  INSERT INTO ledger_operations (id, idempotency_key, kind, member_id, request_hash, result, created_at)
  VALUES (v_op_id, p_key, p_kind, p_member, p_hash, jsonb_build_object('afters', v_afters), v_now)
  ON CONFLICT (idempotency_key) DO NOTHING RETURNING id INTO v_inserted;
  IF v_inserted IS NULL THEN
    RAISE EXCEPTION 'ledger: duplicate idempotency key' USING ERRCODE = 'P0409';
  END IF;

  RETURN QUERY SELECT v_op_id, v_now, p_hash, jsonb_build_object('afters', v_afters), 'posted'::text;
END
$fn$;
