/**
 * The shop (issue 12): products with a price in each asset they are sold for, the members' carts, delivery
 * addresses, orders with their items and delivery timeline, and the goods members keep (inventory) with its records.
 * Money moves only through the ledger; these tables say what was bought and where it goes.
 */
export const up = `
CREATE TABLE shop_products (
  id bigserial PRIMARY KEY,
  name text NOT NULL,
  description text NOT NULL DEFAULT '',
  category text NOT NULL DEFAULT '',
  image_id bigint REFERENCES uploads(id),
  stock int NOT NULL CHECK (stock >= 0),
  sold int NOT NULL DEFAULT 0 CHECK (sold >= 0),
  active boolean NOT NULL DEFAULT true,
  sort_order int NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- A product's price in each asset it may be paid with (minor units of that asset).
CREATE TABLE shop_prices (
  product_id bigint NOT NULL REFERENCES shop_products(id),
  asset text NOT NULL REFERENCES assets(code),
  price bigint NOT NULL CHECK (price > 0),
  PRIMARY KEY (product_id, asset)
);

CREATE TABLE shop_cart (
  member_id bigint NOT NULL REFERENCES members(id),
  product_id bigint NOT NULL REFERENCES shop_products(id),
  quantity int NOT NULL CHECK (quantity BETWEEN 1 AND 999),
  added_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (member_id, product_id)
);

CREATE TABLE member_addresses (
  id bigserial PRIMARY KEY,
  member_id bigint NOT NULL REFERENCES members(id),
  name text NOT NULL,
  phone text NOT NULL,
  line1 text NOT NULL,
  city text NOT NULL,
  postcode text NOT NULL,
  country text NOT NULL,
  lat double precision,
  lng double precision,
  is_default boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);
CREATE INDEX member_addresses_member ON member_addresses (member_id) WHERE deleted_at IS NULL;
CREATE UNIQUE INDEX member_addresses_one_default ON member_addresses (member_id) WHERE is_default AND deleted_at IS NULL;

CREATE TABLE shop_orders (
  id bigserial PRIMARY KEY,
  order_no text NOT NULL UNIQUE,
  member_id bigint NOT NULL REFERENCES members(id),
  -- 'purchase': bought and paid through the ledger; 'redeem': goods from the member's inventory, sent out (no money).
  source text NOT NULL DEFAULT 'purchase' CHECK (source IN ('purchase', 'redeem')),
  operation_id bigint REFERENCES ledger_operations(id),
  asset text NOT NULL REFERENCES assets(code),
  wallet text NOT NULL,
  total bigint NOT NULL CHECK (total >= 0),
  -- 'ship': to the address (a copy is kept with the order); 'keep': into the member's inventory.
  delivery text NOT NULL CHECK (delivery IN ('ship', 'keep')),
  address jsonb,
  state text NOT NULL CHECK (state IN ('paid', 'packed', 'shipped', 'delivered', 'kept', 'cancelled')),
  -- What the voucher took off the cart's total (total is what was paid).
  discount bigint NOT NULL DEFAULT 0 CHECK (discount >= 0),
  voucher_id bigint REFERENCES mining_vouchers(id),
  carrier text NOT NULL DEFAULT '',
  tracking_no text NOT NULL DEFAULT '',
  refund_operation_id bigint REFERENCES ledger_operations(id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((delivery = 'ship') = (address IS NOT NULL)),
  CHECK ((source = 'purchase') = (operation_id IS NOT NULL AND total > 0))
);
CREATE INDEX shop_orders_member ON shop_orders (member_id, id DESC);
CREATE INDEX shop_orders_state ON shop_orders (state, id DESC);

CREATE TABLE shop_order_items (
  order_id bigint NOT NULL REFERENCES shop_orders(id),
  product_id bigint NOT NULL REFERENCES shop_products(id),
  name text NOT NULL,
  unit_price bigint NOT NULL CHECK (unit_price > 0),
  quantity int NOT NULL CHECK (quantity > 0),
  PRIMARY KEY (order_id, product_id)
);

-- The delivery timeline: one row per state an order reached.
CREATE TABLE shop_order_events (
  id bigserial PRIMARY KEY,
  order_id bigint NOT NULL REFERENCES shop_orders(id),
  state text NOT NULL,
  note text NOT NULL DEFAULT '',
  by_admin bigint REFERENCES members(id),
  at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX shop_order_events_order ON shop_order_events (order_id, id);

-- Vouchers are for mining packages or for the shop; a shop voucher pays for one shop order at most.
ALTER TABLE mining_vouchers ADD COLUMN scope text NOT NULL DEFAULT 'mining' CHECK (scope IN ('mining', 'shop'));
ALTER TABLE mining_vouchers ADD COLUMN shop_order_id bigint REFERENCES shop_orders(id);
ALTER TABLE mining_vouchers ADD CONSTRAINT mining_vouchers_scope_package CHECK (scope = 'mining' OR package_id IS NULL);
-- Used means used by one order, of mining or of the shop.
ALTER TABLE mining_vouchers DROP CONSTRAINT mining_vouchers_check;
ALTER TABLE mining_vouchers ADD CONSTRAINT mining_vouchers_used_by_one_order
  CHECK ((used_at IS NULL) = (order_id IS NULL AND shop_order_id IS NULL) AND (order_id IS NULL OR shop_order_id IS NULL));
CREATE UNIQUE INDEX mining_vouchers_shop_order_once ON mining_vouchers (shop_order_id) WHERE shop_order_id IS NOT NULL;

CREATE TABLE inventory (
  member_id bigint NOT NULL REFERENCES members(id),
  product_id bigint NOT NULL REFERENCES shop_products(id),
  quantity int NOT NULL CHECK (quantity >= 0),
  PRIMARY KEY (member_id, product_id)
);

-- Every change of a member's stock: bought (kept from an order), received, sent, redeemed.
CREATE TABLE inventory_records (
  id bigserial PRIMARY KEY,
  member_id bigint NOT NULL REFERENCES members(id),
  product_id bigint NOT NULL REFERENCES shop_products(id),
  -- 'returned': a redeemed order was cancelled and its goods came back.
  kind text NOT NULL CHECK (kind IN ('bought', 'received', 'sent', 'redeemed', 'returned')),
  quantity int NOT NULL CHECK (quantity > 0),
  balance_after int NOT NULL CHECK (balance_after >= 0),
  counterparty_id bigint REFERENCES members(id),
  order_id bigint REFERENCES shop_orders(id),
  idempotency_key text,
  at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX inventory_records_member ON inventory_records (member_id, id DESC);
CREATE UNIQUE INDEX inventory_records_key ON inventory_records (member_id, idempotency_key) WHERE idempotency_key IS NOT NULL;
`;
