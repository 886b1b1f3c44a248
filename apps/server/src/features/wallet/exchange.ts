import {
  ASSETS,
  type AssetCode,
  type exchangeSave,
  formatAmount,
  type ParsedRequestOf,
  parseAmount,
} from '@mp/contract';
import type { Conn } from '../../db/database.ts';
import type { AuthedContext } from '../../platform/calls.ts';
import { fieldRefusal } from '../../lib/errors.ts';
import { memberAccount, platformAccount } from '../../ledger/index.ts';
import { money, parseMoney } from '../../lib/amount.ts';
import { exchangeOut } from './exchange-math.ts';
import type { MoneyDeps } from '../../platform/money-deps.ts';
import { exchangeSettings, PRICE_DECIMALS, priceUnits } from './settings.ts';
import { refuseShortfall } from '../../platform/shortfall.ts';

export const EXCHANGE_WALLET = 'funds' as const;
const PAIRS: [AssetCode, AssetCode][] = [
  ['USDT', 'XT'],
  ['XT', 'USDT'],
];
const ONE_USDT = 10n ** BigInt(PRICE_DECIMALS);

/** The pair's prices and spread; refuses pairs that are not offered. */
export async function pairTerms(db: Conn, from: string, to: string) {
  if (!PAIRS.some(([a, b]) => a === from && b === to)) throw fieldRefusal(422, 'to', 'pair_unknown');
  const s = await exchangeSettings(db);
  const token = priceUnits(s.price_usdt);
  const price = (a: string) => (a === 'USDT' ? ONE_USDT : token);
  return {
    from: from as AssetCode,
    to: to as AssetCode,
    priceFrom: price(from),
    priceTo: price(to),
    spreadBps: s.spread_bps,
    min: s.min,
    settings: s,
  };
}

/** The rate a member gets: how many `to` for one `from`, spread included, as a decimal string. */
export function memberRate(t: Awaited<ReturnType<typeof pairTerms>>): string {
  const oneFrom = 10n ** BigInt(ASSETS[t.from].decimals);
  return formatAmount(
    exchangeOut(oneFrom, t.from, t.to, t.priceFrom, t.priceTo, t.spreadBps),
    ASSETS[t.to].decimals,
  );
}

export async function quote(db: Conn, from: string, to: string, amountText: string) {
  const t = await pairTerms(db, from, to);
  const amount = parseMoney(amountText, t.from);
  const receive = exchangeOut(amount, t.from, t.to, t.priceFrom, t.priceTo, t.spreadBps);
  return { t, amount, receive };
}

/** Four-account posting: member `from` -> liquidity `from`, liquidity `to` -> member `to`, in one operation. */
export async function exchangeFunds(
  d: MoneyDeps,
  ctx: AuthedContext,
  input: ParsedRequestOf<typeof exchangeSave>,
) {
  const { t, amount, receive } = await quote(d.db, input.from, input.to, input.amount);
  const min = parseAmount(t.min, ASSETS[t.from].decimals);
  if (t.from === 'USDT' && min.ok && amount < min.value)
    throw fieldRefusal(422, 'amount', 'amount_min', { min: t.min, asset: t.from });
  if (receive <= 0n) throw fieldRefusal(422, 'amount', 'exchange_too_small');
  await d.txPassword.verify(ctx.member, input.tx_password);
  const details = { from_asset: t.from, to_asset: t.to, rate: memberRate(t), receive: money(receive, t.to) };
  return refuseShortfall(() =>
    d.ledger.post(
      {
        key: `m:${ctx.member.id}:${input.idempotency_key}`,
        kind: 'exchange',
        memberId: ctx.member.id,
        request: { from: t.from, to: t.to, amount: amount.toString() },
      },
      [
        {
          debit: memberAccount(ctx.member.id, EXCHANGE_WALLET, t.from),
          credit: platformAccount('exchange_liquidity', t.from),
          amount,
          kind: 'exchange',
          details,
        },
        {
          debit: platformAccount('exchange_liquidity', t.to),
          credit: memberAccount(ctx.member.id, EXCHANGE_WALLET, t.to),
          amount: receive,
          kind: 'exchange',
          details,
        },
      ],
      (id, _posted, createdAt) => ({
        id,
        amount: money(amount, t.from),
        fee: '0',
        asset: t.from,
        to: t.to,
        receive: money(receive, t.to),
        created_at: createdAt.toISOString(),
      }),
    ),
  );
}
