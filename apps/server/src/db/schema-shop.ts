import type { ColumnType, Generated } from 'kysely';

type CreatedAt = ColumnType<Date, Date | string | undefined, Date | string>;
/** bigint columns read as strings. */
type Num = ColumnType<string, string | number | bigint, string | number | bigint>;

/** Tables of the shop (issue 12, migration 0015); the DB interface in schema.ts extends this. */
export interface ShopProductsTable {
  id: Generated<string>;
  name: string;
  description: Generated<string>;
  category: Generated<string>;
  image_id: string | null;
  stock: number;
  sold: Generated<number>;
  active: Generated<boolean>;
  sort_order: Generated<number>;
  /** The product's name and description in other languages than the default (migration 0034). */
  translations: ColumnType<ProductTranslations, string | undefined, string>;
  created_at: CreatedAt;
  updated_at: CreatedAt;
}

export type ProductTranslations = Partial<Record<string, { name: string; description: string }>>;

export interface ShopPricesTable {
  product_id: string;
  asset: string;
  price: Num;
}

export interface ShopCartTable {
  member_id: string;
  product_id: string;
  quantity: number;
  added_at: CreatedAt;
}

export interface MemberAddressesTable {
  id: Generated<string>;
  member_id: string;
  name: string;
  phone: string;
  line1: string;
  city: string;
  postcode: string;
  country: string;
  lat: number | null;
  lng: number | null;
  is_default: Generated<boolean>;
  created_at: CreatedAt;
  deleted_at: Date | null;
}

export type ShopOrderState = 'paid' | 'packed' | 'shipped' | 'delivered' | 'kept' | 'cancelled';

export interface ShopOrdersTable {
  id: Generated<string>;
  order_no: string;
  member_id: string;
  source: Generated<'purchase' | 'redeem'>;
  operation_id: string | null;
  asset: string;
  wallet: string;
  total: Num;
  delivery: 'ship' | 'keep';
  address: ColumnType<Record<string, unknown> | null, string | null, string | null>;
  state: ShopOrderState;
  discount: ColumnType<string, string | number | bigint | undefined, string | number | bigint>;
  voucher_id: string | null;
  carrier: Generated<string>;
  tracking_no: Generated<string>;
  refund_operation_id: string | null;
  created_at: CreatedAt;
  updated_at: CreatedAt;
}

export interface ShopOrderItemsTable {
  order_id: string;
  product_id: string;
  name: string;
  unit_price: Num;
  quantity: number;
  /** The product's names in other languages at purchase (migration 0035): what the buyer read. */
  translations: ColumnType<ItemTranslations, string | undefined, string>;
}

export type ItemTranslations = Partial<Record<string, { name: string }>>;

export interface ShopOrderEventsTable {
  id: Generated<string>;
  order_id: string;
  state: string;
  note: Generated<string>;
  by_admin: string | null;
  at: CreatedAt;
}

export interface InventoryTable {
  member_id: string;
  product_id: string;
  quantity: number;
}

export interface InventoryRecordsTable {
  id: Generated<string>;
  member_id: string;
  product_id: string;
  kind: 'bought' | 'received' | 'sent' | 'redeemed' | 'returned';
  quantity: number;
  balance_after: number;
  counterparty_id: string | null;
  order_id: string | null;
  idempotency_key: string | null;
  at: CreatedAt;
}

export interface ShopTables {
  shop_products: ShopProductsTable;
  shop_prices: ShopPricesTable;
  shop_cart: ShopCartTable;
  member_addresses: MemberAddressesTable;
  shop_orders: ShopOrdersTable;
  shop_order_items: ShopOrderItemsTable;
  shop_order_events: ShopOrderEventsTable;
  inventory: InventoryTable;
  inventory_records: InventoryRecordsTable;
}
