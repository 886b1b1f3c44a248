import { sql } from 'kysely';
import type { Conn } from '../../db/database.ts';
import { money } from '../../lib/amount.ts';
import { type Language, miningStillToCome } from '@mp/contract';
import { economicsOf } from './economics.ts';
import { packageNameIn } from './packages.ts';

export type OrderState = 'pending' | 'mining' | 'ended';

/** Pending start before its first mining day, mining through its last, ended after it. */
export function orderState(start: string, end: string, today: string): OrderState {
  if (today < start) return 'pending';
  return today > end ? 'ended' : 'mining';
}

/** Orders with their package (named in `lang`, else by its default name), dates as text, and the income so far. */
export function orderQuery(db: Conn, lang?: Language) {
  return db
    .selectFrom('mining_orders as o')
    .innerJoin('mining_packages as p', 'p.id', 'o.package_id')
    .select([
      'o.id',
      'o.order_no',
      'o.member_id',
      'o.package_id',
      packageNameIn(lang).as('package_name'),
      'p.coin',
      'p.capacity_unit',
      'o.quantity',
      'o.unit_price',
      'o.price',
      'o.discount',
      'o.paid',
      'o.price_asset',
      'o.pay_wallet',
      'o.voucher_id',
      'o.daily_income',
      'o.daily_fee',
      'o.term_days',
      'o.settle_asset',
      sql<string>`o.start_date::text`.as('start_date'),
      sql<string>`o.end_date::text`.as('end_date'),
      'o.created_at',
      sql<string>`(select coalesce(sum(i.amount), 0)::text from mining_income i where i.order_id = o.id)`.as(
        'income_total',
      ),
      sql<number>`(select count(*)::int from mining_income i where i.order_id = o.id)`.as('income_days'),
    ]);
}

type OrderRow = Awaited<ReturnType<ReturnType<typeof orderQuery>['executeTakeFirstOrThrow']>>;

/**
 * Output and fees so far come from the income records the daily job wrote (the net paid, the days paid, with the
 * order's daily fee); what is still to come is the order's economics over the days not paid yet.
 */
function orderProgress(o: OrderRow) {
  const dailyFee = BigInt(o.daily_fee);
  const netSoFar = BigInt(o.income_total);
  const feeSoFar = dailyFee * BigInt(o.income_days);
  const economics = economicsOf({
    dailyOutput: BigInt(o.daily_income) + dailyFee,
    dailyFee,
    quantity: 1,
    termDays: o.term_days,
    paid: BigInt(o.paid),
    settleAsset: o.settle_asset,
    priceAsset: o.price_asset,
  });
  const toCome = miningStillToCome(economics, o.income_days);
  return {
    output_so_far: money(netSoFar + feeSoFar, o.settle_asset),
    fee_so_far: money(feeSoFar, o.settle_asset),
    output_to_come: money(toCome.output, o.settle_asset),
    fee_to_come: money(toCome.fee, o.settle_asset),
    net_to_come: money(toCome.net, o.settle_asset),
  };
}

export function orderView(o: OrderRow, today: string) {
  return {
    id: o.id,
    order_no: o.order_no,
    package_id: o.package_id,
    package_name: o.package_name,
    coin: o.coin,
    quantity: o.quantity,
    capacity: `${o.quantity} ${o.capacity_unit}`,
    unit_price: money(o.unit_price, o.price_asset),
    price: money(o.price, o.price_asset),
    discount: money(o.discount, o.price_asset),
    paid: money(o.paid, o.price_asset),
    asset: o.price_asset,
    payment_method: o.pay_wallet,
    voucher_id: o.voucher_id ?? '',
    daily_income: money(o.daily_income, o.settle_asset),
    settle_asset: o.settle_asset,
    start_date: o.start_date,
    end_date: o.end_date,
    state: orderState(o.start_date, o.end_date, today),
    income_total: money(o.income_total, o.settle_asset),
    income_days: o.income_days,
    ...orderProgress(o),
    created_at: new Date(o.created_at).toISOString(),
  };
}

function stateFilter<Q extends ReturnType<typeof orderQuery>>(
  q: Q,
  state: OrderState | undefined,
  today: string,
) {
  if (state === 'pending') return q.where(sql<boolean>`o.start_date > ${today}::date`) as Q;
  if (state === 'ended') return q.where(sql<boolean>`o.end_date < ${today}::date`) as Q;
  if (state === 'mining')
    return q.where(sql<boolean>`o.start_date <= ${today}::date and o.end_date >= ${today}::date`) as Q;
  return q;
}

export async function orderHistory(
  db: Conn,
  memberId: string,
  state: OrderState | undefined,
  page: number,
  pagesize: number,
  today: string,
  lang?: Language,
) {
  const q = stateFilter(orderQuery(db, lang).where('o.member_id', '=', memberId), state, today);
  const [rows, total] = await Promise.all([
    q
      .orderBy('o.id', 'desc')
      .limit(pagesize)
      .offset((page - 1) * pagesize)
      .execute(),
    stateFilter(orderQuery(db).where('o.member_id', '=', memberId), state, today)
      .clearSelect()
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { list: rows.map((r) => orderView(r, today)), page, pagesize, total: total.n };
}

/** Orders per state and the capacity mining today, per coin. */
export async function miningStatus(db: Conn, memberId: string, today: string) {
  const counts = await sql<{ pending: number; mining: number; ended: number }>`
    select count(*) filter (where start_date > ${today}::date)::int pending,
      count(*) filter (where start_date <= ${today}::date and end_date >= ${today}::date)::int mining,
      count(*) filter (where end_date < ${today}::date)::int ended
    from mining_orders where member_id = ${memberId}`.execute(db);
  const capacity = await sql<{ coin: string; capacity_unit: string; quantity: number }>`
    select p.coin, p.capacity_unit, sum(o.quantity)::int quantity from mining_orders o
    join mining_packages p on p.id = o.package_id
    where o.member_id = ${memberId} and o.start_date <= ${today}::date and o.end_date >= ${today}::date
    group by p.coin, p.capacity_unit order by p.coin`.execute(db);
  const c = counts.rows[0] ?? { pending: 0, mining: 0, ended: 0 };
  return { orders: c.pending + c.mining + c.ended, ...c, capacity: capacity.rows };
}

/** Income totals per asset and the daily series of the last `days` days (the chart), for one member. */
export async function incomeSummary(
  db: Conn,
  memberId: string,
  today: string,
  yesterday: string,
  first: string,
) {
  const totals = await sql<{ asset: string; total: string; today: string; yesterday: string }>`
    select o.settle_asset asset, sum(i.amount)::text total,
      coalesce(sum(i.amount) filter (where i.income_date = ${today}::date), 0)::text today,
      coalesce(sum(i.amount) filter (where i.income_date = ${yesterday}::date), 0)::text yesterday
    from mining_orders o join mining_income i on i.order_id = o.id
    where o.member_id = ${memberId} group by o.settle_asset order by o.settle_asset`.execute(db);
  const series = await sql<{ date: string; asset: string; amount: string }>`
    select i.income_date::text date, o.settle_asset asset, sum(i.amount)::text amount
    from mining_orders o join mining_income i on i.order_id = o.id
    where o.member_id = ${memberId} and i.income_date between ${first}::date and ${today}::date
    group by i.income_date, o.settle_asset order by i.income_date`.execute(db);
  return {
    totals: totals.rows.map((r) => ({
      asset: r.asset,
      total: money(r.total, r.asset),
      today: money(r.today, r.asset),
      yesterday: money(r.yesterday, r.asset),
    })),
    series: series.rows.map((r) => ({ date: r.date, asset: r.asset, amount: money(r.amount, r.asset) })),
  };
}

export type IncomeFilter = { by: 'record' | 'day'; orderId?: string; from?: string; to?: string };

/** Income of one member, newest first: each payout, or totals per day and asset. */
export async function incomeHistory(
  db: Conn,
  memberId: string,
  f: IncomeFilter,
  page: number,
  pagesize: number,
  lang?: Language,
) {
  const where = sql.join(
    [
      sql`o.member_id = ${memberId}`,
      ...(f.orderId ? [sql`o.id = ${f.orderId}`] : []),
      ...(f.from ? [sql`i.income_date >= ${f.from}::date`] : []),
      ...(f.to ? [sql`i.income_date <= ${f.to}::date`] : []),
    ],
    sql` and `,
  );
  const offset = (page - 1) * pagesize;
  type Row = {
    date: string;
    order_no: string;
    package_name: string;
    amount: string;
    asset: string;
    wallet: string;
    count: number;
    transfer_id: string;
    total: number;
  };
  const rows =
    f.by === 'day'
      ? await sql<Row>`select i.income_date::text date, '' order_no, '' package_name, sum(i.amount)::text amount,
            o.settle_asset asset, min(o.settle_wallet) wallet, count(*)::int count, '' transfer_id,
            count(*) over ()::int total
          from mining_orders o join mining_income i on i.order_id = o.id where ${where}
          group by i.income_date, o.settle_asset order by i.income_date desc, o.settle_asset
          limit ${pagesize} offset ${offset}`.execute(db)
      : await sql<Row>`select i.income_date::text date, o.order_no, ${packageNameIn(lang)} package_name, i.amount::text amount,
            o.settle_asset asset, o.settle_wallet wallet, 1 count, i.transfer_id::text transfer_id,
            count(*) over ()::int total
          from mining_orders o join mining_income i on i.order_id = o.id join mining_packages p on p.id = o.package_id
          where ${where} order by i.income_date desc, o.id desc limit ${pagesize} offset ${offset}`.execute(
          db,
        );
  let total = rows.rows[0]?.total ?? 0;
  if (rows.rows.length === 0 && page > 1) {
    const c =
      f.by === 'day'
        ? await sql<{
            n: number;
          }>`select count(*)::int n from (select 1 from mining_orders o join mining_income i
            on i.order_id = o.id where ${where} group by i.income_date, o.settle_asset) x`.execute(db)
        : await sql<{ n: number }>`select count(*)::int n from mining_orders o join mining_income i
            on i.order_id = o.id where ${where}`.execute(db);
    total = c.rows[0]?.n ?? 0;
  }
  return {
    list: rows.rows.map(({ total: _t, ...r }) => ({ ...r, amount: money(r.amount, r.asset) })),
    page,
    pagesize,
    total,
  };
}
