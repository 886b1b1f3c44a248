import type { Language } from '@mp/contract';
import { sql } from 'kysely';
import type { Conn, Tx } from '../../db/database.ts';
import { fieldRefusal } from '../../lib/errors.ts';
import { packageNameIn } from './packages.ts';

export type VoucherState = 'available' | 'used' | 'expired';

type VoucherRow = {
  id: string;
  discount_bps: number;
  package_id: string | null;
  package_name: string | null;
  expires_at: Date | string;
  used_at: Date | string | null;
  order_no: string | null;
  note: string;
  scope: 'mining' | 'shop';
};

/** Basis points as a percent string: 1250 is "12.5". */
export function bpsToPercent(bps: number): string {
  const whole = Math.trunc(bps / 100);
  const frac = String(bps % 100)
    .padStart(2, '0')
    .replace(/0+$/, '');
  return frac ? `${whole}.${frac}` : String(whole);
}

/** A percent string with at most two decimals, above 0 and at most 100, as basis points. */
export function percentToBps(text: string): number | null {
  const m = /^(\d{1,3})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!m) return null;
  const bps = Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
  return bps > 0 && bps <= 10_000 ? bps : null;
}

export function voucherState(v: Pick<VoucherRow, 'used_at' | 'expires_at'>, now: Date): VoucherState {
  if (v.used_at) return 'used';
  return new Date(v.expires_at).getTime() <= now.getTime() ? 'expired' : 'available';
}

export function voucherView(v: VoucherRow, now: Date) {
  return {
    id: v.id,
    discount_percent: bpsToPercent(v.discount_bps),
    package_id: v.package_id ?? '',
    package_name: v.package_name ?? '',
    expires_at: new Date(v.expires_at).toISOString(),
    state: voucherState(v, now),
    used_at: v.used_at ? new Date(v.used_at).toISOString() : '',
    order_no: v.order_no ?? '',
    note: v.note,
    scope: v.scope,
  };
}

/** Vouchers with the package they are for, named in `lang` (none: the default name). */
export function voucherQuery(db: Conn, lang?: Language) {
  return db
    .selectFrom('mining_vouchers as v')
    .leftJoin('mining_packages as p', 'p.id', 'v.package_id')
    .leftJoin('mining_orders as o', 'o.id', 'v.order_id')
    .leftJoin('shop_orders as so', 'so.id', 'v.shop_order_id')
    .select([
      'v.id',
      'v.discount_bps',
      'v.package_id',
      packageNameIn(lang).as('package_name'),
      'v.expires_at',
      'v.used_at',
      (eb) => eb.fn.coalesce('o.order_no', 'so.order_no').as('order_no'),
      'v.note',
      'v.scope',
    ]);
}

/** The member's vouchers usable now for this package. */
export async function usableVouchers(
  db: Conn,
  memberId: string,
  packageId: string,
  now: Date,
  lang?: Language,
) {
  const rows = await voucherQuery(db, lang)
    .where('v.member_id', '=', memberId)
    .where('v.scope', '=', 'mining')
    .where('v.used_at', 'is', null)
    .where('v.expires_at', '>', now)
    .where((eb) => eb.or([eb('v.package_id', 'is', null), eb('v.package_id', '=', packageId)]))
    .orderBy('v.discount_bps', 'desc')
    .orderBy('v.expires_at')
    .execute();
  return rows.map((r) => voucherView(r, now));
}

/** Checks that a voucher can be used now by this member for this package; returns its discount. */
export async function checkVoucher(
  db: Conn,
  memberId: string,
  voucherId: string,
  packageId: string,
  now: Date,
) {
  const v = /^\d{1,18}$/.test(voucherId)
    ? await db
        .selectFrom('mining_vouchers')
        .select(['id', 'discount_bps', 'package_id', 'used_at', 'expires_at', 'scope'])
        .where('id', '=', voucherId)
        .where('member_id', '=', memberId)
        .executeTakeFirst()
    : undefined;
  if (!v || voucherState(v, now) !== 'available')
    throw fieldRefusal(409, 'voucher_id', 'voucher_unavailable');
  if (v.scope !== 'mining' || (v.package_id && v.package_id !== packageId))
    throw fieldRefusal(422, 'voucher_id', 'voucher_not_for_package');
  return { id: v.id, bps: v.discount_bps };
}

/**
 * Marks the voucher used by an order, only if it is still unused and valid: the conditional update is what makes a
 * voucher pay for one order at most when two purchases race for it.
 */
export async function useVoucher(db: Conn, voucherId: string, memberId: string, orderId: string, now: Date) {
  const used = await db
    .updateTable('mining_vouchers')
    .set({ used_at: now, order_id: orderId })
    .where('id', '=', voucherId)
    .where('member_id', '=', memberId)
    .where('scope', '=', 'mining')
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('id')
    .executeTakeFirst();
  if (!used) throw fieldRefusal(409, 'voucher_id', 'voucher_unavailable');
}

/** The member's shop vouchers usable now, the largest discount first. */
export async function usableShopVouchers(db: Conn, memberId: string, now: Date) {
  const rows = await voucherQuery(db)
    .where('v.member_id', '=', memberId)
    .where('v.scope', '=', 'shop')
    .where('v.used_at', 'is', null)
    .where('v.expires_at', '>', now)
    .orderBy('v.discount_bps', 'desc')
    .orderBy('v.expires_at')
    .execute();
  return rows.map((r) => voucherView(r, now));
}

/** A shop voucher's discount in basis points, if the member can use it now; otherwise a refusal. */
export async function shopVoucherBps(
  db: Conn,
  voucherId: string,
  memberId: string,
  now: Date,
): Promise<number> {
  const v = /^\d{1,18}$/.test(voucherId)
    ? await db
        .selectFrom('mining_vouchers')
        .select(['discount_bps', 'used_at', 'expires_at', 'scope'])
        .where('id', '=', voucherId)
        .where('member_id', '=', memberId)
        .executeTakeFirst()
    : undefined;
  if (v?.scope !== 'shop' || voucherState(v, now) !== 'available')
    throw fieldRefusal(409, 'voucher_id', 'voucher_unavailable');
  return v.discount_bps;
}

/**
 * Uses a shop voucher for a shop order, only if it is the member's, for the shop, unused and not expired (a
 * conditional update: two checkouts racing for it use it once); returns its discount in basis points.
 */
export async function useShopVoucher(
  db: Conn,
  voucherId: string,
  memberId: string,
  orderId: string,
  now: Date,
) {
  const used = /^\d{1,18}$/.test(voucherId)
    ? await db
        .updateTable('mining_vouchers')
        .set({ used_at: now, shop_order_id: orderId })
        .where('id', '=', voucherId)
        .where('member_id', '=', memberId)
        .where('scope', '=', 'shop')
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .returning('discount_bps')
        .executeTakeFirst()
    : undefined;
  if (!used) throw fieldRefusal(409, 'voucher_id', 'voucher_unavailable');
  return used.discount_bps;
}

/** A cancelled shop order's voucher can be used again (until it expires), in the cancellation's transaction. */
export async function releaseShopVoucher(tx: Tx, shopOrderId: string) {
  await tx
    .updateTable('mining_vouchers')
    .set({ used_at: null, shop_order_id: null })
    .where('shop_order_id', '=', shopOrderId)
    .execute();
}

export async function listVouchers(
  db: Conn,
  memberId: string,
  state: VoucherState | undefined,
  page: number,
  pagesize: number,
  now: Date,
  lang?: Language,
) {
  let q = voucherQuery(db, lang).where('v.member_id', '=', memberId);
  if (state === 'used') q = q.where('v.used_at', 'is not', null);
  if (state === 'available') q = q.where('v.used_at', 'is', null).where('v.expires_at', '>', now);
  if (state === 'expired') q = q.where('v.used_at', 'is', null).where('v.expires_at', '<=', now);
  const [rows, count] = await Promise.all([
    q
      .orderBy('v.id', 'desc')
      .limit(pagesize)
      .offset((page - 1) * pagesize)
      .execute(),
    q.clearSelect().select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return { list: rows.map((r) => voucherView(r, now)), page, pagesize, total: count.n };
}
