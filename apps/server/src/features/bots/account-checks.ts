import {
  type botBalance,
  type botCheckApi,
  type botSteps,
  DEMO_ACCOUNT,
  type ParsedRequestOf,
  type ResponseOf,
  translate,
} from '@mp/contract';
import { formatUnits, parseDecimal, UNIT_DECIMALS } from '../../adapters/exchange/paper-math.ts';
import { Refusal } from '../../lib/errors.ts';
import { QUOTE } from '../trading/index.ts';
import type { BotDeps, Caller } from './access.ts';
import { dealBudget } from './dca.ts';
import { settingsOf } from './model.ts';
import { kycStateOf, loadBots } from './queries.ts';
import { botSubscription } from './settings.ts';
import { subscriptionView } from './views.ts';

/** Whether the account's key works (one balance read), with its free quote; a refusal is said, not thrown. */
export async function checkAccountKey(
  d: BotDeps,
  caller: Caller,
  input: ParsedRequestOf<typeof botCheckApi>,
): Promise<ResponseOf<typeof botCheckApi>> {
  const account = await d.trading.resolve(caller.member.id, input.account);
  let free = '0';
  let message = '';
  try {
    const quote = (await account.gateway.balance()).find((b) => b.asset === QUOTE);
    free = quote?.free ?? '0';
  } catch (err) {
    if (!(err instanceof Refusal)) throw err;
    message = translate(err.key, caller.lang, err.params);
  }
  return {
    account: input.account,
    venue: account.kind === 'paper' ? 'paper' : account.venue,
    valid: message === '',
    message,
    quote: QUOTE,
    free,
  };
}

/** The account's quote balance and what its running bots' deals may still take of it. */
export async function botFunds(
  d: BotDeps,
  caller: Caller,
  input: ParsedRequestOf<typeof botBalance>,
): Promise<ResponseOf<typeof botBalance>> {
  const account = await d.trading.resolve(caller.member.id, input.account);
  const balances = await account.gateway.balance();
  const quote = balances.find((b) => b.asset === QUOTE) ?? { free: '0', used: '0' };
  const running = (await loadBots(d.db, { memberId: caller.member.id })).filter(
    (b) => b.account_id === account.id && b.state === 'running',
  );
  let committed = 0n;
  for (const b of running) {
    const left = dealBudget(settingsOf(b)) - BigInt(b.deal?.cost ?? '0');
    if (left > 0n) committed += left;
  }
  const free = parseDecimal(quote.free || '0', UNIT_DECIMALS);
  const freeUnits = typeof free === 'bigint' ? free : 0n;
  return {
    account: input.account,
    quote: QUOTE,
    free: quote.free,
    used: quote.used,
    committed: formatUnits(committed),
    available: formatUnits(freeUnits > committed ? freeUnits - committed : 0n),
  };
}

/** The steps before a member's bots can run (identity, account, funds, subscription when charged) and where they are. */
export async function readiness(
  d: BotDeps,
  caller: Caller,
  input: ParsedRequestOf<typeof botSteps>,
): Promise<ResponseOf<typeof botSteps>> {
  const kycState = await kycStateOf(d.db, caller.member.id);
  const name = input.account ?? DEMO_ACCOUNT;
  let hasAccount = true;
  let funds = false;
  try {
    const account = await d.trading.resolve(caller.member.id, name);
    const quote = (await account.gateway.balance()).find((b) => b.asset === QUOTE);
    funds = Number(quote?.free ?? 0) > 0;
  } catch {
    hasAccount = false;
  }
  const sub = await botSubscription(d.db, d.clock, caller.member.id);
  const steps: { key: 'kyc' | 'account' | 'funds' | 'subscription'; done: boolean }[] = [
    { key: 'kyc', done: kycState === 'approved' || name.startsWith('demo') },
    { key: 'account', done: hasAccount },
    { key: 'funds', done: funds },
  ];
  if (sub.fee > 0n) steps.push({ key: 'subscription', done: sub.active });
  return { steps, ready: steps.every((s) => s.done), subscription: subscriptionView(sub) };
}
