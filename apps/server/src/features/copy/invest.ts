import {
  adminCopyInvestments,
  adminCopyPackageSave,
  adminCopyPackages,
  adminCopySettle,
  adminTraderCompany,
  getMyTrade,
  getTradeDetails,
  investSave,
  investSaveCompany,
  memberTraderList,
  type ParsedRequestOf,
  renewSave,
  topupSave,
  tradePackage,
  traderList,
  updateTrade,
} from '@mp/contract';
import { sql } from 'kysely';
import { formatUnits } from '../../adapters/exchange/paper-math.ts';
import { type Conn, inTransaction } from '../../db/database.ts';
import { type AuthedContext, type CallRoute, handle, reply } from '../../http/calls.ts';
import { fieldRefusal, Refusal } from '../../lib/errors.ts';
import { money, parseMoney } from '../../lib/amount.ts';
import { isoOrEmpty as iso } from '../../lib/clock.ts';
import { todayOf } from '../../platform/dates.ts';
import { memberAccount, platformAccount } from '../../ledger/index.ts';
import { audit } from '../../platform/audit.ts';
import type { MoneyDeps } from '../../platform/money-deps.ts';
import { refuseShortfall } from '../wallet/shortfall.ts';
import { type CopyEngine, lockTrader } from './engine.ts';
import {
  bpsOf,
  movePoolCash,
  PAPER_PER_MINOR,
  percentOf,
  percentText,
  type PoolState,
  unitsFor,
  worthOf,
} from './pool.ts';
import { traderCards } from './record.ts';

const USDT = 'USDT' as const;
const DAY_MS = 86_400_000;
const isId = (v: string | undefined): v is string => typeof v === 'string' && /^\d{1,18}$/.test(v);

const investmentQuery = (db: Conn) =>
  db
    .selectFrom('copy_investments as i')
    .innerJoin('copy_packages as p', 'p.id', 'i.package_id')
    .innerJoin('lead_traders as t', 't.id', 'i.trader_id')
    .innerJoin('members as m', 'm.id', 'i.member_id')
    .selectAll('i')
    .select([
      'p.name as package_name',
      't.display_name as trader_name',
      't.company',
      't.pool_account_id',
      't.units as pool_units',
      'm.userid',
    ]);
type InvestmentRow = Awaited<ReturnType<ReturnType<typeof investmentQuery>['executeTakeFirstOrThrow']>>;

const packageQuery = (db: Conn) =>
  db
    .selectFrom('copy_packages as p')
    .innerJoin('lead_traders as t', 't.id', 'p.trader_id')
    .selectAll('p')
    .select(['t.display_name as trader_name']);
type PackageRow = Awaited<ReturnType<ReturnType<typeof packageQuery>['executeTakeFirstOrThrow']>>;
const packageView = (p: PackageRow) => ({
  id: p.id,
  trader_id: p.trader_id,
  trader_name: p.trader_name,
  name: p.name,
  min_amount: money(p.min_amount, USDT),
  term_days: p.term_days,
  share_percent: percentText(p.share_bps),
  fee_percent: percentText(p.fee_bps),
  active: p.active,
});

/** Member and admin calls of copy trading: the trader list, packages, investing, my investments, settlement runs. */
export function copyInvestRoutes(d: MoneyDeps, engine: CopyEngine): CallRoute[] {
  const { db, ledger } = d;

  /** Investments with their current value (one pool read per trader). */
  async function views(rows: InvestmentRow[]) {
    const pools = new Map<string, Promise<PoolState>>();
    return Promise.all(
      rows.map(async (r) => {
        let value = 0n;
        if (r.state === 'active' || r.state === 'closing') {
          let s = pools.get(r.trader_id);
          if (!s) {
            s = engine.stateOf(db, { pool_account_id: r.pool_account_id, units: r.pool_units });
            pools.set(r.trader_id, s);
          }
          value = worthOf(BigInt(r.units), await s);
        }
        const principal = BigInt(r.principal);
        const pnl = value + BigInt(r.returned) - principal;
        return {
          id: r.id,
          trader_id: r.trader_id,
          trader_name: r.trader_name,
          company: r.company,
          package_id: r.package_id,
          package_name: r.package_name,
          term_days: r.term_days,
          share_percent: percentText(r.share_bps),
          fee_percent: percentText(r.fee_bps),
          state: r.state,
          principal: money(principal, USDT),
          value: money(value, USDT),
          pnl: money(pnl, USDT),
          pnl_percent: percentOf(pnl, principal),
          high_water_mark: money(r.hwm, USDT),
          shared: money(r.shared, USDT),
          fees: money(r.fees, USDT),
          returned: money(r.returned, USDT),
          stop_loss_percent: r.stop_loss_percent,
          auto_renew: r.auto_renew,
          started_at: iso(r.started_at),
          ends_at: iso(r.ends_at),
          renewals: r.renewals,
          close_reason: r.close_reason,
          closed_at: iso(r.closed_at),
          userid: r.userid,
          _value: value,
          _pnl: pnl,
        };
      }),
    );
  }
  const publicView = ({ userid: _u, _value, _pnl, ...v }: Awaited<ReturnType<typeof views>>[number]) => v;

  async function myInvestment(memberId: string, id: string) {
    if (!isId(id)) throw fieldRefusal(404, 'id', 'copy_investment_not_found');
    const row = await investmentQuery(db)
      .where('i.id', '=', id)
      .where('i.member_id', '=', memberId)
      .executeTakeFirst();
    if (!row) throw fieldRefusal(404, 'id', 'copy_investment_not_found');
    return row;
  }
  /** The member's investment, refused once it has ended. */
  async function activeInvestment(memberId: string, id: string) {
    const seen = await myInvestment(memberId, id);
    if (seen.state !== 'active') throw new Refusal(409, 'copy_not_active');
    return seen;
  }
  const viewOf = async (memberId: string, id: string) =>
    publicView((await views([await myInvestment(memberId, id)]))[0]!);

  async function approvedTraders() {
    return db
      .selectFrom('lead_traders')
      .selectAll()
      .where('state', '=', 'approved')
      .where('pool_account_id', 'is not', null)
      .orderBy('id')
      .execute();
  }

  async function invest(ctx: AuthedContext, input: ParsedRequestOf<typeof investSave>, company: boolean) {
    const member = await db
      .selectFrom('members')
      .select('kyc_state')
      .where('id', '=', ctx.member.id)
      .executeTakeFirstOrThrow();
    if (member.kyc_state !== 'approved') throw fieldRefusal(403, 'kyc', 'copy_kyc_required');
    if (!input.agree) throw fieldRefusal(422, 'agree', 'copy_agree_required');
    const p = isId(input.package_id)
      ? await db
          .selectFrom('copy_packages as p')
          .innerJoin('lead_traders as t', 't.id', 'p.trader_id')
          .selectAll('p')
          .select(['t.member_id', 't.company', 't.state', 't.display_name', 't.pool_account_id'])
          .where('p.id', '=', input.package_id)
          .where('p.active', '=', true)
          .executeTakeFirst()
      : undefined;
    if (!p || p.state !== 'approved') throw fieldRefusal(404, 'package_id', 'copy_package_not_found');
    if (company && !p.company) throw fieldRefusal(422, 'package_id', 'copy_not_company');
    if (!company && p.company) throw fieldRefusal(422, 'package_id', 'copy_company_package');
    if (p.member_id === ctx.member.id) throw fieldRefusal(422, 'package_id', 'copy_own_trader');
    const amount = parseMoney(input.amount, USDT);
    if (amount < BigInt(p.min_amount))
      throw fieldRefusal(422, 'amount', 'copy_amount_min', { min: money(p.min_amount, USDT) });
    await d.txPassword.verify(ctx.member, input.tx_password);
    if (!p.pool_account_id) await engine.ensureAccounts({ id: p.trader_id, member_id: p.member_id });
    const made = await engine.invest({
      memberId: ctx.member.id,
      packageId: p.id,
      amount,
      stopLossPercent: input.stop_loss_percent,
      autoRenew: input.auto_renew,
      key: input.idempotency_key,
    });
    return reply(await viewOf(ctx.member.id, made.id), 'copy_invested');
  }

  /** The investment locked after its trader (the order every pool change takes), still active and the member's. */
  async function lockActive(tx: Parameters<typeof lockTrader>[0], memberId: string, id: string) {
    const seen = await myInvestment(memberId, id);
    const t = await lockTrader(tx, seen.trader_id);
    const i = await tx
      .selectFrom('copy_investments')
      .selectAll()
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirstOrThrow();
    if (i.state !== 'active') throw new Refusal(409, 'copy_not_active');
    return { t, i, seen };
  }

  return [
    handle(traderList, async ({ page, pagesize, sort }) => {
      const cards = await traderCards(db, engine.data, await approvedTraders(), d.clock.now());
      const key = sort ?? 'roi_30d';
      const num = (c: (typeof cards)[number]) =>
        key === 'followers' ? c.followers : key === 'aum' ? Number(c.aum) : Number(c.roi_30d);
      cards.sort((a, b) => Number(b.company) - Number(a.company) || num(b) - num(a));
      const offset = (page - 1) * pagesize;
      return { list: cards.slice(offset, offset + pagesize), page, pagesize, total: cards.length };
    }),

    handle(memberTraderList, async ({ id }, ctx) => {
      const t = isId(id)
        ? await db
            .selectFrom('lead_traders')
            .selectAll()
            .where('id', '=', id)
            .where('state', '=', 'approved')
            .where('pool_account_id', 'is not', null)
            .executeTakeFirst()
        : undefined;
      if (!t) throw fieldRefusal(404, 'id', 'copy_trader_unavailable');
      const [[card], trades, following] = await Promise.all([
        traderCards(db, engine.data, [t], d.clock.now()),
        db
          .selectFrom('trade_fills')
          .select(['id', 'symbol', 'market', 'side', 'amount', 'price', 'pnl', 'at'])
          .where('account_id', '=', t.source_account_id!)
          .orderBy('id', 'desc')
          .limit(20)
          .execute(),
        db
          .selectFrom('copy_investments')
          .select('id')
          .where('trader_id', '=', t.id)
          .where('member_id', '=', ctx.member.id)
          .where('state', '=', 'active')
          .executeTakeFirst(),
      ]);
      return {
        trader: card!,
        trades: trades.map((f) => ({
          id: f.id,
          symbol: f.symbol,
          market: f.market,
          side: f.side,
          amount: formatUnits(f.amount),
          price: f.price,
          pnl: f.pnl === null ? '' : formatUnits(f.pnl),
          at: f.at.toISOString(),
        })),
        following: Boolean(following),
      };
    }),

    handle(tradePackage, async ({ trader_id }, ctx) => {
      let q = packageQuery(db).where('p.active', '=', true).where('t.state', '=', 'approved');
      if (trader_id) {
        if (!isId(trader_id)) throw fieldRefusal(404, 'trader_id', 'copy_trader_unavailable');
        q = q.where('t.id', '=', trader_id);
      } else q = q.where('t.company', '=', true);
      const [rows, wallet] = await Promise.all([
        q.orderBy('p.min_amount').orderBy('p.id').execute(),
        ledger.memberBalance(db, ctx.member.id, 'trading', USDT),
      ]);
      return { list: rows.map(packageView), trading_available: money(wallet.available, USDT) };
    }),

    handle(investSave, (input, ctx) => invest(ctx, input, false)),
    handle(investSaveCompany, (input, ctx) => invest(ctx, input, true)),

    handle(getMyTrade, async ({ page, pagesize, state }, ctx) => {
      const states =
        state === 'active'
          ? (['active', 'closing'] as const)
          : state === 'ended'
            ? (['stopped', 'closed'] as const)
            : (['active', 'closing', 'stopped', 'closed'] as const);
      const base = investmentQuery(db)
        .where('i.member_id', '=', ctx.member.id)
        .where('i.state', 'in', states);
      const [rows, count, active] = await Promise.all([
        base
          .orderBy('i.id', 'desc')
          .limit(pagesize)
          .offset((page - 1) * pagesize)
          .execute(),
        db
          .selectFrom('copy_investments')
          .select(sql<string>`count(*)`.as('n'))
          .where('member_id', '=', ctx.member.id)
          .where('state', 'in', states)
          .executeTakeFirstOrThrow(),
        investmentQuery(db)
          .where('i.member_id', '=', ctx.member.id)
          .where('i.state', '=', 'active')
          .execute(),
      ]);
      const activeViews = await views(active);
      return {
        list: (await views(rows)).map(publicView),
        page,
        pagesize,
        total: Number(count.n),
        total_value: money(
          activeViews.reduce((s, v) => s + v._value, 0n),
          USDT,
        ),
        total_pnl: money(
          activeViews.reduce((s, v) => s + v._pnl, 0n),
          USDT,
        ),
      };
    }),

    handle(getTradeDetails, async ({ id }, ctx) => {
      const row = await myInvestment(ctx.member.id, id);
      const [view] = await views([row]);
      const [settlements, trades] = await Promise.all([
        db
          .selectFrom('copy_settlements')
          .select(['kind', 'value', 'profit', 'trader_share', 'platform_fee'])
          .select(sql<string>`date::text`.as('date'))
          .where('investment_id', '=', row.id)
          .orderBy('date')
          .orderBy('at')
          .execute(),
        db
          .selectFrom('copy_mirrors')
          .selectAll()
          .where('trader_id', '=', row.trader_id)
          .where('at', '>=', row.started_at)
          .$if(row.closed_at !== null, (q) => q.where('at', '<=', row.closed_at!))
          .orderBy('source_fill_id', 'desc')
          .limit(50)
          .execute(),
      ]);
      const history = settlements
        .filter((s) => s.kind !== 'close')
        .map((s) => ({ day: s.date, value: money(s.value, USDT) }));
      if (view!.state === 'active') {
        // Today's point is the value now.
        const today = todayOf(d.clock);
        if (history.at(-1)?.day === today) history.pop();
        history.push({ day: today, value: view!.value });
      }
      return {
        investment: publicView(view!),
        pool_share: percentOf(BigInt(row.units) * 100n, BigInt(row.pool_units) * 100n),
        history,
        settlements: settlements.map((s) => ({
          date: s.date,
          kind: s.kind,
          value: money(s.value, USDT),
          profit: money(s.profit, USDT),
          trader_share: money(s.trader_share, USDT),
          platform_fee: money(s.platform_fee, USDT),
        })),
        trades: trades.map((m) => ({
          id: m.source_fill_id,
          symbol: m.symbol,
          market: m.market,
          side: m.side,
          trader_amount: formatUnits(m.source_amount),
          pool_amount: formatUnits(m.amount),
          price: m.price,
          skipped: m.skipped,
          at: m.at.toISOString(),
        })),
      };
    }),

    handle(topupSave, async (input, ctx) => {
      const amount = parseMoney(input.amount, USDT);
      const seen = await activeInvestment(ctx.member.id, input.id);
      await d.txPassword.verify(ctx.member, input.tx_password);
      await ledger.operation(
        {
          key: `m:${ctx.member.id}:${input.idempotency_key}`,
          kind: 'copy_topup',
          memberId: ctx.member.id,
          request: { investment: seen.id, amount: amount.toString() },
        },
        async (op) => {
          const { t, i } = await lockActive(op.tx, ctx.member.id, input.id);
          const s = await engine.stateOf(op.tx, t);
          if (s.units > 0n && s.equity <= 0n) throw new Refusal(409, 'copy_pool_empty');
          const units = unitsFor(amount, s);
          if (units <= 0n) throw fieldRefusal(422, 'amount', 'amount_invalid');
          await refuseShortfall(() =>
            op.post([
              {
                debit: memberAccount(ctx.member.id, 'trading', USDT),
                credit: platformAccount('copy_custody', USDT),
                amount,
                kind: 'copy_topup',
                reference: `copy:${i.id}`,
                details: { trader: t.display_name },
              },
            ]),
          );
          await movePoolCash(op.tx, t.pool_account_id!, amount * PAPER_PER_MINOR);
          await op.tx
            .updateTable('lead_traders')
            .set({ units: (BigInt(t.units) + units).toString() })
            .where('id', '=', t.id)
            .execute();
          await op.tx
            .updateTable('copy_investments')
            .set({
              units: (BigInt(i.units) + units).toString(),
              principal: (BigInt(i.principal) + amount).toString(),
              booked: (BigInt(i.booked) + amount).toString(),
              hwm: (BigInt(i.hwm) + amount).toString(),
            })
            .where('id', '=', i.id)
            .execute();
          return { id: i.id };
        },
      );
      return reply(await viewOf(ctx.member.id, seen.id), 'copy_topped_up');
    }),

    handle(renewSave, async (input, ctx) => {
      const seen = await activeInvestment(ctx.member.id, input.id);
      await d.txPassword.verify(ctx.member, input.tx_password);
      await ledger.operation(
        {
          key: `m:${ctx.member.id}:${input.idempotency_key}`,
          kind: 'copy_renew',
          memberId: ctx.member.id,
          request: { investment: seen.id },
        },
        async (op) => {
          const { i } = await lockActive(op.tx, ctx.member.id, input.id);
          await op.tx
            .updateTable('copy_investments')
            .set({
              ends_at: new Date(i.ends_at.getTime() + seen.term_days * DAY_MS),
              renewals: i.renewals + 1,
            })
            .where('id', '=', i.id)
            .execute();
          return { id: i.id };
        },
      );
      return reply(await viewOf(ctx.member.id, seen.id), 'copy_renewed');
    }),

    handle(updateTrade, async (input, ctx) => {
      const seen = await activeInvestment(ctx.member.id, input.id);
      if (input.action === 'stop') {
        await d.txPassword.verify(ctx.member, input.tx_password ?? '');
        await engine.close(seen.id, 'member_stop');
        return reply(await viewOf(ctx.member.id, seen.id), 'copy_stopped');
      }
      const saved = await db
        .updateTable('copy_investments')
        .set({ stop_loss_percent: input.stop_loss_percent, auto_renew: input.auto_renew })
        .where('id', '=', seen.id)
        .where('state', '=', 'active')
        .executeTakeFirst();
      if (saved.numUpdatedRows === 0n) throw new Refusal(409, 'copy_not_active');
      return reply(await viewOf(ctx.member.id, seen.id), 'saved');
    }),

    handle(adminCopyPackages, async () => {
      const [rows, traders] = await Promise.all([
        packageQuery(db).orderBy('p.trader_id').orderBy('p.id').execute(),
        db
          .selectFrom('lead_traders')
          .select(['id', 'display_name', 'company'])
          .where('state', '=', 'approved')
          .orderBy('id')
          .execute(),
      ]);
      return { list: rows.map(packageView), traders };
    }),

    handle(adminCopyPackageSave, async (input, ctx) => {
      const share = bpsOf(input.share_percent, 50);
      if (share === undefined) throw fieldRefusal(422, 'share_percent', 'copy_percent_invalid');
      const fee = bpsOf(input.fee_percent, 50);
      if (fee === undefined) throw fieldRefusal(422, 'fee_percent', 'copy_percent_invalid');
      const min = parseMoney(input.min_amount, USDT, 'min_amount');
      if (min <= 0n) throw fieldRefusal(422, 'min_amount', 'field_invalid');
      const trader = isId(input.trader_id)
        ? await db
            .selectFrom('lead_traders')
            .select(['id', 'member_id', 'pool_account_id'])
            .where('id', '=', input.trader_id)
            .where('state', '=', 'approved')
            .executeTakeFirst()
        : undefined;
      if (!trader) throw fieldRefusal(404, 'trader_id', 'copy_trader_unavailable');
      if (!trader.pool_account_id) await engine.ensureAccounts(trader);
      const fields = {
        trader_id: trader.id,
        name: input.name,
        min_amount: min.toString(),
        term_days: input.term_days,
        share_bps: share,
        fee_bps: fee,
        active: input.active,
      };
      const id = await inTransaction(db, async (tx) => {
        let saved: { id: string } | undefined;
        if (input.id) {
          if (!isId(input.id)) throw fieldRefusal(404, 'id', 'copy_package_not_found');
          saved = await tx
            .updateTable('copy_packages')
            .set(fields)
            .where('id', '=', input.id)
            .returning('id')
            .executeTakeFirst();
          if (!saved) throw fieldRefusal(404, 'id', 'copy_package_not_found');
        } else
          saved = await tx
            .insertInto('copy_packages')
            .values(fields)
            .returning('id')
            .executeTakeFirstOrThrow();
        await audit(tx, ctx.member.id, 'copy.package_save', `copy_package:${saved.id}`, fields);
        return saved.id;
      });
      return reply(
        packageView(await packageQuery(db).where('p.id', '=', id).executeTakeFirstOrThrow()),
        'saved',
      );
    }),

    handle(adminTraderCompany, async ({ id }, ctx) => {
      if (!isId(id)) throw fieldRefusal(404, 'id', 'copy_trader_unavailable');
      await inTransaction(db, async (tx) => {
        const t = await tx
          .selectFrom('lead_traders')
          .select('id')
          .where('id', '=', id)
          .where('state', '=', 'approved')
          .forUpdate()
          .executeTakeFirst();
        if (!t) throw fieldRefusal(404, 'id', 'copy_trader_unavailable');
        await tx.updateTable('lead_traders').set({ company: false }).where('company', '=', true).execute();
        await tx.updateTable('lead_traders').set({ company: true }).where('id', '=', id).execute();
        await audit(tx, ctx.member.id, 'copy.company_strategy', `trader:${id}`);
      });
      return reply({ id, company: true }, 'saved');
    }),

    handle(adminCopyInvestments, async ({ page, pagesize, state }) => {
      let base = investmentQuery(db);
      if (state) base = base.where('i.state', '=', state);
      const [rows, count, sums, active, custody] = await Promise.all([
        base
          .orderBy('i.id', 'desc')
          .limit(pagesize)
          .offset((page - 1) * pagesize)
          .execute(),
        db
          .selectFrom('copy_investments')
          .select(sql<string>`count(*)`.as('n'))
          .$if(Boolean(state), (q) => q.where('state', '=', state!))
          .executeTakeFirstOrThrow(),
        db
          .selectFrom('copy_investments')
          .select([
            sql<string>`coalesce(sum(shared), 0)`.as('shared'),
            sql<string>`coalesce(sum(fees), 0)`.as('fees'),
          ])
          .executeTakeFirstOrThrow(),
        investmentQuery(db).where('i.state', 'in', ['active', 'closing']).execute(),
        db
          .selectFrom('ledger_accounts')
          .select(sql<string>`credits_posted - debits_posted`.as('balance'))
          .where('platform', '=', 'copy_custody')
          .where('asset', '=', USDT)
          .executeTakeFirst(),
      ]);
      const activeViews = await views(active);
      return {
        list: (await views(rows)).map(({ _value, _pnl, ...v }) => v),
        page,
        pagesize,
        total: Number(count.n),
        custody: money(custody?.balance ?? '0', USDT),
        active_value: money(
          activeViews.reduce((s, v) => s + v._value, 0n),
          USDT,
        ),
        shared: money(sums.shared, USDT),
        fees: money(sums.fees, USDT),
      };
    }),

    handle(adminCopySettle, async ({ run }, ctx) => {
      if (run) await engine.runDaily(todayOf(d.clock), ctx.member.userid);
      const runs = await db
        .selectFrom('copy_runs')
        .select(['investments', 'shared', 'fees', 'started_by', 'at'])
        .select(sql<string>`date::text`.as('date'))
        .orderBy('date', 'desc')
        .limit(30)
        .execute();
      const list = {
        list: runs.map((r) => ({
          date: r.date,
          investments: r.investments,
          shared: money(r.shared, USDT),
          fees: money(r.fees, USDT),
          started_by: r.started_by,
          at: r.at.toISOString(),
        })),
      };
      return run ? reply(list, 'copy_settled') : list;
    }),
  ];
}
