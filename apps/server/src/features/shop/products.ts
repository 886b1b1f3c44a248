import {
  ASSETS,
  type AssetCode,
  type adminProductList,
  type adminProductSave,
  type Language,
  type ParsedRequestOf,
  parseAmount,
  type shopProducts,
} from '@mp/contract';
import { type Db, inTransaction } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import { fieldRefusal, numericId } from '../../lib/errors.ts';
import { audit } from '../../platform/audit.ts';
import { storedTranslations } from '../../platform/translations.ts';
import { findProduct, localText, productView } from './catalog.ts';
import {
  insertPrices,
  insertProduct,
  productsPage,
  saleCategories,
  updateProduct,
  uploadKind,
} from './queries.ts';

/** A product search: the escaped LIKE pattern of the words searched for, when there are any. */
export type NameLike = string | undefined;

/** One page of the products on sale, of a category or matching a search. */
export async function listProducts(
  db: Db,
  { page, pagesize, category }: ParsedRequestOf<typeof shopProducts>,
  nameLike: NameLike,
  lang: Language,
) {
  const { rows, total } = await productsPage(db, { onSale: true, category, nameLike }, { page, pagesize });
  return { list: rows.map((p) => productView(p, lang)), page, pagesize, total };
}

export async function productDetail(db: Db, id: string, lang: Language) {
  const p = await findProduct(db, id);
  return { ...productView(p, lang), description: localText(p, lang).description, active: p.active };
}

export async function productCategories(db: Db) {
  return { list: await saleCategories(db) };
}

/** The admin's product list: every product, on sale or not, with what only the admin sees. */
export async function adminProducts(
  db: Db,
  { page, pagesize }: ParsedRequestOf<typeof adminProductList>,
  nameLike: NameLike,
) {
  const { rows, total } = await productsPage(db, { onSale: false, nameLike }, { page, pagesize });
  return {
    list: rows.map((p) => ({
      ...productView(p),
      description: p.description,
      active: p.active,
      sold: p.sold,
      sort_order: p.sort_order,
      image_id: p.image_id ?? '',
      translations: Object.entries(p.translations).map(([lang, tr]) => ({
        lang,
        name: tr?.name ?? '',
        description: tr?.description ?? '',
      })),
    })),
    page,
    pagesize,
    total,
  };
}

function priceUnits(text: string, asset: AssetCode, field: string): bigint {
  const parsed = parseAmount(text, ASSETS[asset].decimals);
  if (!parsed.ok || parsed.value <= 0n)
    throw fieldRefusal(422, field, 'shop_price_invalid', { decimals: ASSETS[asset].decimals });
  return parsed.value;
}

type SaveInput = ParsedRequestOf<typeof adminProductSave>;

/** The product's prices by asset: its main price first, then the others (a repeated asset keeps the first). */
function pricesOf(input: SaveInput): Map<string, bigint> {
  const prices = new Map<string, bigint>();
  prices.set(input.asset, priceUnits(input.price, input.asset as AssetCode, 'price'));
  for (const [i, p] of (input.prices ?? []).entries())
    if (!prices.has(p.asset)) prices.set(p.asset, priceUnits(p.price, p.asset as AssetCode, `prices.${i}`));
  return prices;
}

/** The product's picture: an uploaded image, or none. */
async function imageOf(db: Db, imageId: string | undefined): Promise<string | null> {
  if (!imageId) return null;
  const up = /^\d{1,18}$/.test(imageId) ? await uploadKind(db, imageId) : undefined;
  if (!up) throw fieldRefusal(404, 'image_id', 'upload_not_found');
  if (up.kind !== 'image') throw fieldRefusal(422, 'image_id', 'upload_wrong_kind');
  return up.id;
}

/** The admin adds or changes a product with its prices, in one transaction, audited. */
export async function saveProduct(d: { db: Db; clock: Clock }, adminId: string, input: SaveInput) {
  const prices = pricesOf(input);
  const imageId = await imageOf(d.db, input.image_id);
  const now = d.clock.now();
  const values = {
    name: input.name,
    description: input.description ?? '',
    category: input.category ?? '',
    stock: input.stock,
    active: input.active,
    sort_order: input.sort_order,
    image_id: imageId,
    // Left as they are when the call gives none (a form that does not edit them).
    ...(input.translations ? { translations: storedTranslations(input.translations) } : {}),
    updated_at: now,
  };
  const id = await inTransaction(d.db, async (tx) => {
    let productId: string;
    if (input.id) {
      const unknown = fieldRefusal(404, 'id', 'shop_product_unknown');
      const row = await updateProduct(tx, numericId(input.id, unknown), values);
      if (!row) throw unknown;
      productId = row;
    } else productId = await insertProduct(tx, { ...values, created_at: now });
    await insertPrices(tx, productId, prices);
    await audit(tx, adminId, input.id ? 'product_edit' : 'product_add', `product:${productId}`, {
      name: input.name,
      stock: input.stock,
      active: input.active,
      prices: Object.fromEntries([...prices].map(([a, p]) => [a, p.toString()])),
    });
    return productId;
  });
  return { id };
}
