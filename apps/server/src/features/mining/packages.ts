import {
  type adminPackageSave,
  type AssetCode,
  type Language,
  type ParsedRequestOf,
  walletHolds,
  type WalletKind,
} from '@mp/contract';
import { sql } from 'kysely';
import type { Conn } from '../../db/database.ts';
import type { PackageTranslations } from '../../db/schema-mining.ts';
import { fieldRefusal } from '../../lib/errors.ts';
import { money, parseMoney } from '../../lib/amount.ts';
import { isDate } from '../../platform/dates.ts';
import { nameIn, storedTranslations } from '../../platform/translations.ts';
import { economicsOf, economicsView } from './economics.ts';

export type PackageRow = {
  id: string;
  name: string;
  coin: string;
  capacity_unit: string;
  unit_price: string;
  price_asset: string;
  term_days: number;
  daily_profit: string;
  daily_fee: string;
  settle_asset: string;
  settle_wallet: string;
  min_quantity: number;
  stock: number;
  sold: number;
  start_date: string;
  start_delay_days: number;
  active: boolean;
  description: string;
  coin_price: string | null;
  output_per_unit: string | null;
  assumptions_set_at: string | null;
  assumptions_note: string;
  translations: PackageTranslations;
};

/** Packages with their dates as text. */
export function packageQuery(db: Conn) {
  return db
    .selectFrom('mining_packages')
    .select([
      'id',
      'name',
      'coin',
      'capacity_unit',
      'unit_price',
      'price_asset',
      'term_days',
      'daily_profit',
      'daily_fee',
      'settle_asset',
      'settle_wallet',
      'min_quantity',
      'stock',
      'sold',
      sql<string>`start_date::text`.as('start_date'),
      'start_delay_days',
      'active',
      'description',
      'coin_price',
      sql<string | null>`output_per_unit::text`.as('output_per_unit'),
      sql<string | null>`assumptions_set_at::text`.as('assumptions_set_at'),
      'assumptions_note',
      'translations',
    ]);
}

/** A package's texts in `lang` where the admin gave them, else the default (English) ones, each on its own. */
function localText(p: PackageRow, lang?: Language) {
  const t = lang ? p.translations[lang] : undefined;
  return {
    name: t?.name || p.name,
    description: t?.description || p.description,
    assumptions_note: t?.assumptions_note || p.assumptions_note,
  };
}

/**
 * The package's name in `lang` (else the default one) in SQL, for the lists that join a package (`p`): orders,
 * income records, vouchers. An order names its package as the package is named now: unlike a shop order, which
 * records the goods sold, an order keeps mining on its package, whose page the name leads to.
 */
export function packageNameIn(lang: Language | undefined) {
  return nameIn('p', lang);
}

/** A package as members see it: its texts in their language (the admin's lists pass none: the default ones). */
export function packageView(p: PackageRow, lang?: Language) {
  const text = localText(p, lang);
  return {
    id: p.id,
    name: text.name,
    coin: p.coin,
    capacity_unit: p.capacity_unit,
    unit_price: money(p.unit_price, p.price_asset),
    price_asset: p.price_asset,
    term_days: p.term_days,
    daily_profit: money(p.daily_profit, p.settle_asset),
    daily_fee: money(p.daily_fee, p.settle_asset),
    settle_asset: p.settle_asset,
    settle_wallet: p.settle_wallet,
    min_quantity: p.min_quantity,
    stock: p.stock,
    sold: p.sold,
    start_date: p.start_date,
    start_delay_days: p.start_delay_days,
    active: p.active,
    description: text.description,
    coin_price: p.coin_price === null ? '' : money(p.coin_price, p.settle_asset),
    output_per_unit: p.output_per_unit === null ? '' : plainDecimal(p.output_per_unit),
    assumptions_set_at: p.assumptions_set_at ?? '',
    assumptions_note: text.assumptions_note,
    economics: economicsView(packageEconomics(p), p.settle_asset, p.price_asset),
  };
}

/** A package as the admin edits it: the default texts, with the other languages' as Admin/packagesave takes them. */
export function adminPackageView(p: PackageRow) {
  return {
    ...packageView(p),
    translations: Object.entries(p.translations).map(([lang, t]) => ({
      lang,
      name: t?.name ?? '',
      description: t?.description ?? '',
      assumptions_note: t?.assumptions_note ?? '',
    })),
  };
}

/** A numeric's text without the trailing zeros of its scale ("0.00000080" is "0.0000008"). */
function plainDecimal(text: string): string {
  return text.includes('.') ? text.replace(/0+$/, '').replace(/\.$/, '') : text;
}

/** The economics of `quantity` units bought for `paid` (by default the full price): the one function's figures. */
export function packageEconomics(p: PackageRow, quantity = 1, paid?: bigint) {
  return economicsOf({
    dailyOutput: BigInt(p.daily_profit),
    dailyFee: BigInt(p.daily_fee),
    quantity,
    termDays: p.term_days,
    paid: paid ?? BigInt(p.unit_price) * BigInt(quantity),
    settleAsset: p.settle_asset,
    priceAsset: p.price_asset,
  });
}

/** Income of one unit for one day, after the fee, in minor units of the settlement asset. */
export function dailyIncomePerUnit(p: PackageRow): bigint {
  return packageEconomics(p).daily.net;
}

type SaveInput = ParsedRequestOf<typeof adminPackageSave>;

const OUTPUT_RE = /^\d{1,12}(\.\d{1,18})?$/;

/** The assumptions of a save: given ones parsed, left-out ones kept on an update (undefined) or empty on a create. */
function assumptions(input: SaveInput, settle: AssetCode, today: string) {
  const out: {
    coin_price?: string;
    output_per_unit?: string;
    assumptions_set_at?: string;
    assumptions_note?: string;
  } = {};
  if (input.coin_price !== undefined)
    out.coin_price = parseMoney(input.coin_price, settle, 'coin_price').toString();
  if (input.output_per_unit !== undefined) {
    const v = input.output_per_unit.trim();
    if (!OUTPUT_RE.test(v) || !/[1-9]/.test(v)) throw fieldRefusal(422, 'output_per_unit', 'field_invalid');
    out.output_per_unit = v;
  }
  if (input.assumptions_set_at !== undefined) {
    if (!isDate(input.assumptions_set_at)) throw fieldRefusal(422, 'assumptions_set_at', 'date_invalid');
    out.assumptions_set_at = input.assumptions_set_at;
  } else if (out.coin_price !== undefined || out.output_per_unit !== undefined) {
    out.assumptions_set_at = today;
  }
  if (input.assumptions_note !== undefined) out.assumptions_note = input.assumptions_note;
  return out;
}

export async function packagesOnSale(db: Conn, lang: Language, coin?: string) {
  let q = packageQuery(db).where('active', '=', true);
  if (coin) q = q.where(sql`lower(coin)`, '=', coin.toLowerCase());
  return (await q.orderBy('id').execute()).map((p) => viewOnSale(p, lang));
}

/**
 * Views of the packages on sale by their row as read and the language: the home screen lists them on every opening,
 * and a view (economics, amounts) is a pure function of the row, so it is worked out once per change of the row (a
 * sale changes its stock). The row is still read on every call.
 */
const onSaleViews = new Map<string, ReturnType<typeof packageView>>();

function viewOnSale(p: PackageRow, lang: Language) {
  const key = `${lang}|${JSON.stringify(p)}`;
  let view = onSaleViews.get(key);
  if (!view) {
    if (onSaleViews.size >= 1000) onSaleViews.clear();
    view = packageView(p, lang);
    onSaleViews.set(key, view);
  }
  return view;
}

export async function findPackage(db: Conn, id: string): Promise<PackageRow> {
  const row = /^\d{1,18}$/.test(id)
    ? await packageQuery(db).where('id', '=', id).executeTakeFirst()
    : undefined;
  if (!row) throw fieldRefusal(404, 'package_id', 'package_not_found');
  return row;
}

/** Creates or updates a package after checking its figures; orders keep the terms they were bought with. */
export async function savePackage(db: Conn, input: SaveInput, today: string) {
  const settle = input.settle_asset as AssetCode;
  if (!walletHolds(input.settle_wallet as WalletKind, settle))
    throw fieldRefusal(422, 'settle_wallet', 'wallet_not_allowed');
  if (!isDate(input.start_date)) throw fieldRefusal(422, 'start_date', 'date_invalid');
  const unitPrice = parseMoney(input.unit_price, 'USDT', 'unit_price');
  const profit = parseMoney(input.daily_profit, settle, 'daily_profit');
  const fee = /^0+(\.0*)?$/.test(input.daily_fee.trim())
    ? 0n
    : parseMoney(input.daily_fee, settle, 'daily_fee');
  if (profit <= fee) throw fieldRefusal(422, 'daily_profit', 'profit_below_fee');
  const stated = assumptions(input, settle, today);
  const values = {
    name: input.name,
    coin: input.coin.toUpperCase(),
    capacity_unit: input.capacity_unit,
    unit_price: unitPrice.toString(),
    term_days: input.term_days,
    daily_profit: profit.toString(),
    daily_fee: fee.toString(),
    settle_asset: settle,
    settle_wallet: input.settle_wallet,
    min_quantity: input.min_quantity,
    stock: input.stock,
    start_date: input.start_date,
    start_delay_days: input.start_delay_days,
    active: input.active,
    description: input.description ?? '',
    ...stated,
    // Left as they are when the call gives none (a form that does not edit them).
    ...(input.translations ? { translations: storedTranslations(input.translations) } : {}),
  };
  let id = input.id;
  if (id) {
    const updated = await db
      .updateTable('mining_packages')
      .set({ ...values, updated_at: sql<Date>`now()` })
      .where('id', '=', /^\d{1,18}$/.test(id) ? id : '0')
      .returning('id')
      .executeTakeFirst();
    if (!updated) throw fieldRefusal(404, 'id', 'package_not_found');
  } else {
    id = (await db.insertInto('mining_packages').values(values).returning('id').executeTakeFirstOrThrow()).id;
  }
  return adminPackageView(await findPackage(db, id));
}
