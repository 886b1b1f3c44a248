/**
 * A shop order's payment in one round trip (features/shop/checkout.ts; issue 32). The caller read the cart, its
 * products, the voucher, the plan and the sponsor chain outside any transaction, worked out the order (totals,
 * volume, bonus legs) in TypeScript, and sends what it saw with the ledger's arguments for the posting. In one
 * statement the function:
 *   1. locks the member's cart rows (two checkouts of one cart buy it once);
 *   2. answers 'existing' with the first operation when the key was used (after the lock, so a retry still in
 *      flight is waited for);
 *   3. answers 'moved' and changes nothing when the cart, or a price in the paying asset, is not what the caller
 *      saw (the caller reads again and decides again);
 *   4. takes the stock by conditional updates in product order (never oversold; SQLSTATE P0412 names the product);
 *   5. posts the payment and bonus legs through the ledger's own ledger_post_single (the ledger stays the one writer
 *      of its tables; '{order_no}' in a leg's reference or details is the order's number, known only here);
 *   6. writes the order (it names the operation), uses the voucher once (P0411 when it is gone), writes the items,
 *      the timeline, the inventory of kept goods, the purchase record whose volume the propagator spreads, and
 *      empties the cart.
 * Any refusal raised rolls back everything, so a refused order changes nothing and leaves its key unused.
 * The stock and the ledger's accounts (the rows every buyer shares) come after the member's own rows.
 */
export const up = `
CREATE FUNCTION shop_buy(
  p_member bigint, p_now timestamptz, p_wallet text, p_asset text, p_delivery text, p_address jsonb,
  p_voucher bigint, p_bps int, p_total bigint, p_discount bigint, p_volume bigint,
  p_product bigint[], p_quantity int[], p_price bigint[], p_name text[], p_translations jsonb[],
  p_key text, p_kind text, p_op_member bigint, p_hash bytea, p_accounts bigint[], p_debit bigint[], p_credit bigint[],
  p_amount bigint[], p_leg_asset text[], p_leg_kind text[], p_ref text[], p_details jsonb[], p_pending boolean[],
  p_active bigint[])
RETURNS TABLE (outcome text, order_id bigint, order_no text, op_id bigint, op_hash bytea, created_at timestamptz)
LANGUAGE plpgsql AS $fn$
#variable_conflict use_column
DECLARE
  v_lines int := cardinality(p_product);
  v_count int;
  v_op record;
  v_order bigint;
  v_no text;
  v_post record;
  v_qty int;
  v_i int;
BEGIN
  PERFORM 1 FROM shop_cart WHERE member_id = p_member ORDER BY product_id FOR UPDATE;

  SELECT o.id, o.request_hash, o.created_at INTO v_op FROM ledger_operations o WHERE o.idempotency_key = p_key;
  IF FOUND THEN
    RETURN QUERY SELECT 'existing'::text, NULL::bigint, NULL::text, v_op.id, v_op.request_hash, v_op.created_at;
    RETURN;
  END IF;

  -- Each line as seen (product, quantity, price in the paying asset), and no other line.
  SELECT count(*) INTO v_count FROM shop_cart c
    JOIN unnest(p_product, p_quantity, p_price) AS x(product_id, quantity, price)
      ON x.product_id = c.product_id AND x.quantity = c.quantity
    JOIN shop_prices sp ON sp.product_id = x.product_id AND sp.asset = p_asset AND sp.price = x.price
    WHERE c.member_id = p_member;
  IF v_count <> v_lines OR v_lines <> (SELECT count(*) FROM shop_cart c WHERE c.member_id = p_member) THEN
    RETURN QUERY SELECT 'moved'::text, NULL::bigint, NULL::text, NULL::bigint, NULL::bytea, NULL::timestamptz;
    RETURN;
  END IF;

  v_order := nextval(pg_get_serial_sequence('shop_orders', 'id'));
  v_no := 'S' || to_char(p_now AT TIME ZONE 'UTC', 'YYYYMMDD') || lpad(v_order::text, 8, '0');

  FOR v_i IN SELECT s.i FROM generate_subscripts(p_product, 1) AS s(i) ORDER BY p_product[s.i] LOOP
    UPDATE shop_products SET stock = stock - p_quantity[v_i], sold = sold + p_quantity[v_i]
      WHERE id = p_product[v_i] AND active AND stock >= p_quantity[v_i];
    IF NOT FOUND THEN
      RAISE EXCEPTION 'shop: product % not available', p_product[v_i]
        USING ERRCODE = 'P0412', DETAIL = p_product[v_i]::text;
    END IF;
  END LOOP;

  SELECT * INTO v_post FROM ledger_post_single(p_key, p_kind, p_op_member, p_hash, p_accounts, p_debit, p_credit,
    p_amount, p_leg_asset, p_leg_kind,
    ARRAY(SELECT replace(r, '{order_no}', v_no) FROM unnest(p_ref) WITH ORDINALITY AS t(r, n) ORDER BY n),
    ARRAY(SELECT replace(d::text, '{order_no}', v_no)::jsonb FROM unnest(p_details) WITH ORDINALITY AS t(d, n) ORDER BY n),
    p_pending, p_active);
  IF v_post.outcome <> 'posted' THEN
    -- The key was taken since it was checked above: what was written here goes, the caller reads the first answer.
    RAISE EXCEPTION 'shop: duplicate idempotency key' USING ERRCODE = 'P0409';
  END IF;

  INSERT INTO shop_orders (id, order_no, member_id, operation_id, asset, wallet, total, discount, voucher_id,
    delivery, address, state, created_at, updated_at)
  VALUES (v_order, v_no, p_member, v_post.op_id, p_asset, p_wallet, p_total, p_discount, p_voucher, p_delivery,
    p_address, CASE WHEN p_delivery = 'keep' THEN 'kept' ELSE 'paid' END, p_now, p_now);
  IF p_voucher IS NOT NULL THEN
    UPDATE mining_vouchers SET used_at = p_now, shop_order_id = v_order
      WHERE id = p_voucher AND member_id = p_member AND scope = 'shop' AND used_at IS NULL AND expires_at > p_now
        AND discount_bps = p_bps;
    IF NOT FOUND THEN
      RAISE EXCEPTION 'shop: voucher % unavailable', p_voucher USING ERRCODE = 'P0411';
    END IF;
  END IF;
  INSERT INTO shop_order_items (order_id, product_id, name, translations, unit_price, quantity)
    SELECT v_order, x.product_id, x.name, x.translations, x.price, x.quantity
    FROM unnest(p_product, p_name, p_translations, p_price, p_quantity) AS x(product_id, name, translations, price, quantity);
  INSERT INTO shop_order_events (order_id, state, at) VALUES (v_order, 'paid', p_now);
  IF p_delivery = 'keep' THEN
    INSERT INTO shop_order_events (order_id, state, at) VALUES (v_order, 'kept', p_now);
    FOR i IN 1 .. v_lines LOOP
      INSERT INTO inventory (member_id, product_id, quantity) VALUES (p_member, p_product[i], p_quantity[i])
        ON CONFLICT (member_id, product_id) DO UPDATE SET quantity = inventory.quantity + EXCLUDED.quantity
        RETURNING quantity INTO v_qty;
      INSERT INTO inventory_records (member_id, product_id, kind, quantity, balance_after, order_id, at)
        VALUES (p_member, p_product[i], 'bought', p_quantity[i], v_qty, v_order, p_now);
    END LOOP;
  END IF;
  IF p_volume > 0 THEN
    INSERT INTO purchases (member_id, source, order_id, amount, volume, asset, created_at)
      VALUES (p_member, 'shop', v_order, p_volume, p_volume, 'USDT', p_now);
  END IF;
  DELETE FROM shop_cart WHERE member_id = p_member;

  RETURN QUERY SELECT 'placed'::text, v_order, v_no, v_post.op_id, p_hash, v_post.op_created_at;
END
$fn$;
`;
