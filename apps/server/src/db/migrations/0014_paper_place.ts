/**
 * The paper exchange's order placement in one round trip (adapters/exchange/paper.ts). The caller read the
 * account's balances, settled the order on them in memory, and sends what it saw, the order in its final state,
 * the balances after it and its fill. In one transaction the function locks the account's balance rows; if they are
 * not what the caller saw, it changes nothing and answers 'moved' (the caller decides again, under a lock). If the
 * member used the idempotency key before it answers 'existing' and changes nothing. Otherwise it stores the order,
 * writes the balances (the CHECKs keep each at or above zero) and the fill, and answers 'placed' with the order's id.
 * The arithmetic stays in TypeScript (paper-math.ts); this only moves the rows.
 */
export const up = `
CREATE FUNCTION paper_place(
  p_account bigint, p_member bigint, p_key text, p_hash text, p_now timestamptz,
  p_seen_asset text[], p_seen_free bigint[], p_seen_used bigint[], p_seen_cost bigint[],
  p_symbol text, p_side text, p_type text, p_amount bigint, p_limit numeric, p_reserved bigint,
  p_state text, p_avg numeric, p_fee bigint, p_fee_asset text, p_pnl bigint,
  p_asset text[], p_free bigint[], p_used bigint[], p_cost bigint[],
  p_fill_price numeric, p_equity bigint)
RETURNS TABLE (outcome text, order_id bigint)
LANGUAGE plpgsql AS $fn$
DECLARE
  v_locked int;
  v_same int;
  v_id bigint;
BEGIN
  SELECT count(*) INTO v_locked FROM (
    SELECT 1 FROM paper_balances WHERE account_id = p_account ORDER BY asset FOR UPDATE) l;
  SELECT count(*) INTO v_same FROM paper_balances b
    JOIN unnest(p_seen_asset, p_seen_free, p_seen_used, p_seen_cost) AS s(asset, free, used, cost)
      ON s.asset = b.asset AND s.free = b.free AND s.used = b.used AND s.cost = b.cost
    WHERE b.account_id = p_account;
  IF v_locked <> cardinality(p_seen_asset) OR v_same <> cardinality(p_seen_asset) THEN
    RETURN QUERY SELECT 'moved'::text, NULL::bigint;
    RETURN;
  END IF;

  INSERT INTO trade_orders (account_id, member_id, symbol, side, type, amount, limit_price, reserved, filled,
    avg_price, fee, fee_asset, pnl, state, idempotency_key, request_hash, created_at, updated_at)
  VALUES (p_account, p_member, p_symbol, p_side, p_type, p_amount, p_limit, p_reserved,
    CASE WHEN p_state = 'filled' THEN p_amount ELSE 0 END, p_avg, p_fee, p_fee_asset, p_pnl, p_state, p_key, p_hash,
    p_now, p_now)
  ON CONFLICT (member_id, idempotency_key) DO NOTHING
  RETURNING id INTO v_id;
  IF v_id IS NULL THEN
    RETURN QUERY SELECT 'existing'::text, NULL::bigint;
    RETURN;
  END IF;

  INSERT INTO paper_balances (account_id, asset, free, used, cost)
  SELECT p_account, x.asset, x.free, x.used, x.cost FROM unnest(p_asset, p_free, p_used, p_cost) AS x(asset, free, used, cost)
  ON CONFLICT (account_id, asset) DO UPDATE SET free = excluded.free, used = excluded.used, cost = excluded.cost;

  IF p_fill_price IS NOT NULL THEN
    INSERT INTO trade_fills (order_id, account_id, symbol, side, amount, price, fee, fee_asset, pnl, equity_after, at)
    VALUES (v_id, p_account, p_symbol, p_side, p_amount, p_fill_price, p_fee, p_fee_asset, p_pnl, p_equity, p_now);
  END IF;
  RETURN QUERY SELECT 'placed'::text, v_id;
END
$fn$;
`;
