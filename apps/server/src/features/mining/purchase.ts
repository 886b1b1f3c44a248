import {
  type AssetCode,
  type buyProductPreview,
  type buyProductSave,
  MINING_PAYMENT_WALLETS,
  type ParsedRequestOf,
  type WalletKind,
} from '@mp/contract';
import { sql } from 'kysely';
import type { AuthedContext } from '../../platform/calls.ts';
import { fieldRefusal, Refusal } from '../../lib/errors.ts';
import { memberAccount, platformAccount } from '../../ledger/index.ts';
import { money } from '../../lib/amount.ts';
import { purchaseBonusLegs } from '../network/index.ts';
import { currentPlan } from '../network/index.ts';
import { recordPurchase } from '../network/index.ts';
import type { MoneyDeps } from '../../platform/money-deps.ts';
import { refuseShortfall } from '../../platform/shortfall.ts';
import { addDays, laterDate, todayOf } from '../../platform/dates.ts';
import { orderQuery, orderView } from './orders.ts';
import { economicsView } from './economics.ts';
import { findPackage, type PackageRow, packageEconomics, packageView } from './packages.ts';
import { checkVoucher, usableVouchers, useVoucher } from './vouchers.ts';

type Quote = {
  price: bigint;
  discount: bigint;
  pay: bigint;
  /** The order's whole economics against what is paid: its daily net is the income the daily job pays. */
  economics: ReturnType<typeof packageEconomics>;
  dailyIncome: bigint;
  dailyFee: bigint;
  start: string;
  end: string;
};

/** The money of an order: the voucher's discount rounds down (in the platform's favour). */
export function quote(p: PackageRow, quantity: number, discountBps: number, today: string): Quote {
  const price = BigInt(p.unit_price) * BigInt(quantity);
  const discount = (price * BigInt(discountBps)) / 10_000n;
  const earliest = addDays(today, p.start_delay_days);
  const start = laterDate(earliest, p.start_date);
  const economics = packageEconomics(p, quantity, price - discount);
  return {
    price,
    discount,
    pay: price - discount,
    economics,
    dailyIncome: economics.daily.net,
    dailyFee: economics.daily.fee,
    start,
    end: addDays(start, p.term_days - 1),
  };
}

function checkQuantity(p: PackageRow, quantity: number) {
  if (!p.active) throw fieldRefusal(409, 'package_id', 'package_not_on_sale');
  if (quantity < p.min_quantity)
    throw fieldRefusal(422, 'quantity', 'mining_min_order', { min: p.min_quantity });
  if (quantity > p.stock) throw fieldRefusal(409, 'quantity', 'mining_out_of_stock', { left: p.stock });
}

async function kycState(d: MoneyDeps, memberId: string): Promise<string> {
  const m = await d.db
    .selectFrom('members')
    .select('kyc_state')
    .where('id', '=', memberId)
    .executeTakeFirst();
  return m?.kyc_state ?? 'none';
}

/** What a purchase would cost and pay, with the vouchers and wallets the member can use; changes nothing. */
export async function previewPurchase(
  d: MoneyDeps,
  ctx: AuthedContext,
  input: ParsedRequestOf<typeof buyProductPreview>,
) {
  const p = await findPackage(d.db, input.package_id);
  checkQuantity(p, input.quantity);
  const now = d.clock.now();
  const voucher = input.voucher_id
    ? await checkVoucher(d.db, ctx.member.id, input.voucher_id, p.id, now)
    : undefined;
  const q = quote(p, input.quantity, voucher?.bps ?? 0, todayOf(d.clock));
  const asset = p.price_asset as AssetCode;
  const wallets = await Promise.all(
    MINING_PAYMENT_WALLETS.map(async (wallet) => ({
      wallet,
      available: (await d.ledger.memberBalance(d.db, ctx.member.id, wallet, asset)).available,
    })),
  );
  const wallet =
    input.wallet ?? wallets.find((w) => w.available >= q.pay)?.wallet ?? MINING_PAYMENT_WALLETS[0];
  return {
    package: packageView(p, ctx.lang),
    quantity: input.quantity,
    capacity: `${input.quantity} ${p.capacity_unit}`,
    price: money(q.price, asset),
    discount: money(q.discount, asset),
    pay_amount: money(q.pay, asset),
    asset,
    voucher_id: voucher?.id ?? '',
    vouchers: await usableVouchers(d.db, ctx.member.id, p.id, now, ctx.lang),
    wallets: wallets.map((w) => ({ wallet: w.wallet, available: money(w.available, asset) })),
    wallet,
    enough: (wallets.find((w) => w.wallet === wallet)?.available ?? 0n) >= q.pay,
    daily_income: money(q.dailyIncome, p.settle_asset),
    start_date: q.start,
    end_date: q.end,
    kyc_state: await kycState(d, ctx.member.id),
    economics: economicsView(q.economics, p.settle_asset, asset),
  };
}

/**
 * Buys a package: in one ledger operation the stock is taken (a conditional update, so concurrent buyers never
 * oversell), the voucher is used (once), the price is paid from the member's wallet to the platform's sales
 * account, and the order and its purchase record (the bonus engine's qualifying volume) are written.
 */
export async function buyPackage(
  d: MoneyDeps,
  ctx: AuthedContext,
  input: ParsedRequestOf<typeof buyProductSave>,
) {
  if ((await kycState(d, ctx.member.id)) !== 'approved')
    throw fieldRefusal(403, 'kyc', 'mining_kyc_required');
  if (!input.agree) throw fieldRefusal(422, 'agree', 'mining_agree_required');
  const p = await findPackage(d.db, input.package_id);
  checkQuantity(p, input.quantity);
  const now = d.clock.now();
  const voucher = input.voucher_id
    ? await checkVoucher(d.db, ctx.member.id, input.voucher_id, p.id, now)
    : undefined;
  await d.txPassword.verify(ctx.member, input.tx_password);
  const today = todayOf(d.clock);
  const asset = p.price_asset as AssetCode;
  const wallet = input.wallet as WalletKind;

  return d.ledger.operation(
    {
      key: `m:${ctx.member.id}:${input.idempotency_key}`,
      kind: 'mining_purchase',
      memberId: ctx.member.id,
      request: {
        package: p.id,
        quantity: input.quantity,
        wallet,
        voucher: voucher?.id ?? '',
      },
    },
    async (op) => {
      // Takes the stock under the row lock; the terms are read from the locked row, not the earlier read.
      const taken = await op.tx
        .updateTable('mining_packages')
        .set((eb) => ({ stock: eb('stock', '-', input.quantity), sold: eb('sold', '+', input.quantity) }))
        .where('id', '=', p.id)
        .where('active', '=', true)
        .where('stock', '>=', input.quantity)
        .returning('id')
        .executeTakeFirst();
      const locked = await findPackage(op.tx, p.id);
      if (!taken) {
        checkQuantity(locked, input.quantity);
        throw new Refusal(409, 'package_not_on_sale');
      }
      const q = quote(locked, input.quantity, voucher?.bps ?? 0, today);
      const orderId = (
        await sql<{
          id: string;
        }>`select nextval(pg_get_serial_sequence('mining_orders', 'id'))::text id`.execute(op.tx)
      ).rows[0]!.id;
      const orderNo = `M${today.replaceAll('-', '')}${orderId.padStart(8, '0')}`;
      // The sponsor and level bonuses are paid with the purchase, in the same operation (issue 4).
      const bonuses = await purchaseBonusLegs(op.tx, await currentPlan(op.tx), {
        buyerId: ctx.member.id,
        buyerUserid: ctx.member.userid,
        volume: q.pay,
        asset,
        reference: `mining:${orderNo}`,
      });
      const [payment] = await refuseShortfall(() =>
        op.post([
          {
            debit: memberAccount(ctx.member.id, wallet, asset),
            credit: platformAccount('shop_revenue', asset),
            amount: q.pay,
            kind: 'mining_purchase',
            reference: orderNo,
            details: { order: orderNo, package: locked.name, quantity: String(input.quantity) },
          },
          ...bonuses,
        ]),
      );
      await op.tx
        .insertInto('mining_orders')
        .values({
          id: orderId,
          order_no: orderNo,
          member_id: ctx.member.id,
          package_id: locked.id,
          operation_id: op.operationId,
          payment_transfer_id: payment!.id,
          quantity: input.quantity,
          unit_price: locked.unit_price,
          price: q.price.toString(),
          discount: q.discount.toString(),
          paid: q.pay.toString(),
          price_asset: asset,
          pay_wallet: wallet,
          voucher_id: voucher?.id ?? null,
          daily_income: q.dailyIncome.toString(),
          daily_fee: q.dailyFee.toString(),
          settle_asset: locked.settle_asset,
          settle_wallet: locked.settle_wallet,
          term_days: locked.term_days,
          start_date: q.start,
          end_date: q.end,
        })
        .execute();
      if (voucher) await useVoucher(op.tx, voucher.id, ctx.member.id, orderId, now);
      // The qualifying volume is what the member paid (after the voucher).
      await recordPurchase(op.tx, {
        memberId: ctx.member.id,
        source: 'mining',
        orderId,
        amount: q.pay,
        volume: q.pay,
        asset,
        at: now,
      });
      return orderView(
        await orderQuery(op.tx, ctx.lang).where('o.id', '=', orderId).executeTakeFirstOrThrow(),
        today,
      );
    },
  );
}
