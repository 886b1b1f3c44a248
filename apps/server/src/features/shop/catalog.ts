import { type AssetCode, type Language, WALLETS } from '@mp/contract';
import { sql } from 'kysely';
import type { Conn } from '../../db/database.ts';
import type { ProductTranslations } from '../../db/schema-shop.ts';
import { nameIn } from '../../platform/translations.ts';
import { fieldRefusal, numericId } from '../../lib/errors.ts';
import { money } from '../../lib/amount.ts';
import { mediaUrl } from '../content/index.ts';

/** A product as the shop shows it, with its prices in minor units by asset (the list's first). */
export type ProductRow = {
  id: string;
  name: string;
  description: string;
  category: string;
  stock: number;
  sold: number;
  active: boolean;
  sort_order: number;
  translations: ProductTranslations;
  image_id: string | null;
  image_file: string | null;
  prices: { asset: string; price: string }[];
};

/** Products with their prices (each product's prices in a fixed asset order: USDT first, then points). */
export function productQuery(db: Conn) {
  return db
    .selectFrom('shop_products as p')
    .leftJoin('uploads as u', 'u.id', 'p.image_id')
    .select([
      'p.id',
      'p.name',
      'p.description',
      'p.category',
      'p.stock',
      'p.sold',
      'p.active',
      'p.sort_order',
      'p.translations',
      'p.image_id',
      'u.file_name as image_file',
      sql<{ asset: string; price: string }[]>`coalesce((
        SELECT json_agg(json_build_object('asset', sp.asset, 'price', sp.price::text)
          ORDER BY array_position(ARRAY['USDT','XT','DP','RP'], sp.asset))
        FROM shop_prices sp WHERE sp.product_id = p.id), '[]'::json)`.as('prices'),
    ]);
}

/** A product's name and description in `lang` where the admin gave them, else the default (English) ones. */
export function localText(p: ProductRow, lang?: Language): { name: string; description: string } {
  const t = lang ? p.translations[lang] : undefined;
  return { name: t?.name || p.name, description: t?.description || p.description };
}

/**
 * The product's names in the other languages, as an order item keeps them (JSON): the order records the names the
 * buyer could read at purchase, so renaming the product later does not rename what was sold.
 */
export function itemTranslations(p: ProductRow): string {
  const names = Object.entries(p.translations).flatMap(([lang, t]) =>
    t?.name ? [[lang, { name: t.name }]] : [],
  );
  return JSON.stringify(Object.fromEntries(names));
}

/** A product's (`p`) name in `lang` where the admin gave one, else the default name, in SQL (the inventory's lists). */
export function productNameIn(lang: Language | undefined) {
  return nameIn('p', lang);
}

/** A product as members see it: its name in their language (the admin's lists pass none: the default). */
export function productView(p: ProductRow, lang?: Language) {
  const prices = p.prices.map((x) => ({ asset: x.asset, price: money(x.price, x.asset) }));
  return {
    id: p.id,
    name: localText(p, lang).name,
    price: prices[0]?.price ?? '0',
    asset: prices[0]?.asset ?? 'USDT',
    prices,
    stock: p.stock,
    category: p.category,
    image_url: mediaUrl(p.image_file),
  };
}

export async function findProduct(db: Conn, id: string): Promise<ProductRow> {
  const row = await productQuery(db)
    .where('p.id', '=', numericId(id, fieldRefusal(404, 'product_id', 'shop_product_unknown')))
    .executeTakeFirst();
  if (!row) throw fieldRefusal(404, 'product_id', 'shop_product_unknown');
  return row;
}

/** The asset a payment wallet pays in (each shop wallet holds one asset). */
export const walletAsset = (wallet: keyof typeof WALLETS): AssetCode => WALLETS[wallet][0] as AssetCode;
