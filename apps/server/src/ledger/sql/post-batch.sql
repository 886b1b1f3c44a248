-- ledger_post_batch: many single-set operations (ledger/single.ts queues them while others are in flight) posted in
-- one transaction. A posting holds its accounts' row locks until its commit's WAL flush ends; when many postings
-- touch the same member (a shop, a sponsor, the company), each waited for the one before it to flush. Posted
-- together they share one lock hold and one flush. Each operation keeps the rules of ledger_post_single
-- (post-single.sql) and its own outcome, so one refused operation does not refuse the others:
--   1. every account of the batch is locked in ascending id order, so two postings never deadlock, and its balances
--      are read under that lock;
--   2. per operation, in order: its idempotency key ('existing': the first operation's row, also when an earlier
--      operation of this batch took it); members who must be active ('inactive'); then its legs are applied to
--      the balances read in step 1, and a member account that would go below zero refuses the whole operation
--      ('insufficient') before anything of it is written;
--   3. an accepted operation is recorded (its key first: a request with the same key committed meanwhile makes it
--      'existing' and nothing of it is written), then its transfers with the balances after each leg;
--   4. each changed account is updated once, at the end, with the sums of its accepted legs. The no-overdraft CHECK
--      still stands behind step 2: should it fire, the whole batch fails and the caller posts each operation alone.
-- Operations come as parallel arrays; legs name their operation (p_leg_op, 1-based, legs of an operation together
-- and in order), as do the members who must be active (p_active_op). A malformed leg (not positive, one account
-- on both sides, an account of another asset, an account not in p_accounts) fails the whole batch.
--
-- A change to this function is made here and installed by a new migration (db/migrations/ledger-sql.ts says how).
CREATE OR REPLACE FUNCTION ledger_post_batch(
  p_accounts bigint[], p_keys text[], p_kinds text[], p_members bigint[], p_hashes bytea[],
  p_active_op int[], p_active bigint[], p_leg_op int[], p_debit bigint[], p_credit bigint[], p_amount bigint[],
  p_asset text[], p_leg_kind text[], p_ref text[], p_details jsonb[], p_pending boolean[])
RETURNS TABLE (op_index int, op_id bigint, op_created_at timestamptz, op_hash bytea, op_result jsonb, outcome text)
LANGUAGE plpgsql AS $fn$
DECLARE
  v_seq regclass := pg_get_serial_sequence('ledger_operations', 'id')::regclass;
  v_now timestamptz := now();
  -- The locked accounts, by position in v_ids: asset, overdraft guard, and debits/credits posted/pending as read
  -- (o_) and as changed by the operations accepted so far (v_), then by the one being tried (t_).
  v_ids bigint[]; v_asset text[]; v_guard boolean[];
  o_dp bigint[]; o_cp bigint[]; o_dn bigint[]; o_cn bigint[];
  v_dp bigint[]; v_cp bigint[]; v_dn bigint[]; v_cn bigint[];
  t_dp bigint[]; t_cp bigint[]; t_dn bigint[]; t_cn bigint[];
  -- Per leg of the batch: positions of its accounts, balances after it.
  l_d int[]; l_c int[]; l_da bigint[]; l_ca bigint[];
  v_existing record;
  v_afters jsonb;
  v_op bigint;
  v_inserted bigint;
  v_first int;
  v_last int;
  v_ok boolean;
  j int := 1;
  d int;
  c int;
BEGIN
  SELECT array_agg(a.id ORDER BY a.id), array_agg(a.asset ORDER BY a.id), array_agg(a.no_overdraft ORDER BY a.id),
    array_agg(a.debits_posted ORDER BY a.id), array_agg(a.credits_posted ORDER BY a.id),
    array_agg(a.debits_pending ORDER BY a.id), array_agg(a.credits_pending ORDER BY a.id)
  INTO v_ids, v_asset, v_guard, o_dp, o_cp, o_dn, o_cn
  FROM (SELECT * FROM ledger_accounts WHERE id = ANY(p_accounts) ORDER BY id FOR UPDATE) a;
  v_dp := o_dp; v_cp := o_cp; v_dn := o_dn; v_cn := o_cn;

  FOR k IN 1 .. cardinality(p_leg_op) LOOP
    l_d[k] := array_position(v_ids, p_debit[k]);
    l_c[k] := array_position(v_ids, p_credit[k]);
    IF l_d[k] IS NULL OR l_c[k] IS NULL OR p_amount[k] <= 0 OR l_d[k] = l_c[k]
      OR v_asset[l_d[k]] <> p_asset[k] OR v_asset[l_c[k]] <> p_asset[k] THEN
      RAISE EXCEPTION 'ledger: bad leg %', k;
    END IF;
  END LOOP;

  FOR i IN 1 .. cardinality(p_keys) LOOP
    v_first := j;
    WHILE j <= cardinality(p_leg_op) AND p_leg_op[j] = i LOOP
      j := j + 1;
    END LOOP;
    v_last := j - 1;
    op_index := i;

    SELECT o.id, o.created_at, o.request_hash, o.result INTO v_existing
    FROM ledger_operations o WHERE o.idempotency_key = p_keys[i];
    IF FOUND THEN
      SELECT v_existing.id, v_existing.created_at, v_existing.request_hash, v_existing.result, 'existing'
        INTO op_id, op_created_at, op_hash, op_result, outcome;
      RETURN NEXT;
      CONTINUE;
    END IF;

    IF EXISTS (SELECT 1 FROM unnest(p_active_op, p_active) x(op, member) JOIN members m ON m.id = x.member
               WHERE x.op = i AND m.status <> 'active') THEN
      SELECT NULL, NULL, NULL, NULL, 'inactive' INTO op_id, op_created_at, op_hash, op_result, outcome;
      RETURN NEXT;
      CONTINUE;
    END IF;

    t_dp := v_dp; t_cp := v_cp; t_dn := v_dn; t_cn := v_cn;
    v_afters := '[]'::jsonb;
    FOR k IN v_first .. v_last LOOP
      d := l_d[k];
      c := l_c[k];
      IF p_pending[k] THEN
        t_dn[d] := t_dn[d] + p_amount[k];
        t_cn[c] := t_cn[c] + p_amount[k];
      ELSE
        t_dp[d] := t_dp[d] + p_amount[k];
        t_cp[c] := t_cp[c] + p_amount[k];
      END IF;
      l_da[k] := t_cp[d] - t_dp[d];
      l_ca[k] := t_cp[c] - t_dp[c];
      v_afters := v_afters || jsonb_build_array(jsonb_build_object('da', l_da[k]::text, 'ca', l_ca[k]::text));
    END LOOP;
    -- Only a debit lowers what an account has.
    v_ok := true;
    FOR k IN v_first .. v_last LOOP
      d := l_d[k];
      IF v_guard[d] AND t_cp[d] - t_dp[d] - t_dn[d] < 0 THEN
        v_ok := false;
      END IF;
    END LOOP;
    IF NOT v_ok THEN
      SELECT NULL, NULL, NULL, NULL, 'insufficient' INTO op_id, op_created_at, op_hash, op_result, outcome;
      RETURN NEXT;
      CONTINUE;
    END IF;

    v_op := nextval(v_seq);
    INSERT INTO ledger_operations (id, idempotency_key, kind, member_id, request_hash, result, created_at)
    VALUES (v_op, p_keys[i], p_kinds[i], p_members[i], p_hashes[i], jsonb_build_object('afters', v_afters), v_now)
    ON CONFLICT (idempotency_key) DO NOTHING RETURNING id INTO v_inserted;
    IF v_inserted IS NULL THEN
      -- Taken by a request that committed while this one waited for the key: its answer is the answer.
      SELECT o.id, o.created_at, o.request_hash, o.result, 'existing' INTO op_id, op_created_at, op_hash, op_result, outcome
      FROM ledger_operations o WHERE o.idempotency_key = p_keys[i];
      RETURN NEXT;
      CONTINUE;
    END IF;

    INSERT INTO ledger_transfers (operation_id, debit_account_id, credit_account_id, amount, asset, kind, flags,
      debit_balance_after, credit_balance_after, reference, details, created_at)
    SELECT v_op, p_debit[k], p_credit[k], p_amount[k], p_asset[k], p_leg_kind[k],
      CASE WHEN p_pending[k] THEN 'pending' ELSE 'posted' END, l_da[k], l_ca[k], p_ref[k], p_details[k], v_now
    FROM generate_series(v_first, v_last) k ORDER BY k;
    v_dp := t_dp; v_cp := t_cp; v_dn := t_dn; v_cn := t_cn;

    SELECT v_op, v_now, p_hashes[i], jsonb_build_object('afters', v_afters), 'posted'
      INTO op_id, op_created_at, op_hash, op_result, outcome;
    RETURN NEXT;
  END LOOP;

  UPDATE ledger_accounts a SET debits_posted = u.dp, credits_posted = u.cp, debits_pending = u.dn,
    credits_pending = u.cn, version = a.version + 1
  FROM unnest(v_ids, v_dp, v_cp, v_dn, v_cn, o_dp, o_cp, o_dn, o_cn) u(id, dp, cp, dn, cn, odp, ocp, odn, ocn)
  WHERE a.id = u.id AND (u.dp, u.cp, u.dn, u.cn) IS DISTINCT FROM (u.odp, u.ocp, u.odn, u.ocn);
END
$fn$;
