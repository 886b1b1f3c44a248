import {
  ADDRESS_TYPES,
  type AddressType,
  DEFAULT_PAYOUT_LIMIT_DAILY_USDT,
  DEFAULT_PAYOUT_LIMIT_PER_WITHDRAWAL_USDT,
  DEFAULT_WITHDRAWAL_WAIT_ALERT_HOURS,
  PAYOUT_MODES,
  type PayoutMode,
  ASSETS,
  parseAmount,
} from '@mp/contract';
import type { ChainConfig } from '../../config.ts';
import type { Conn } from '../../db/database.ts';
import { fieldRefusal, Refusal } from '../../lib/errors.ts';
import { cachedSetting } from '../../platform/settings.ts';
import { networkName } from './address.ts';

/**
 * The payout networks (issue 28): which networks members may bind and withdraw to, and how each one's approved
 * withdrawals are paid. `automatic` is possible only on the network of the chain this server follows with a hot
 * wallet; every other enabled network is paid by hand. The limits bound automatic payouts (above them a second
 * admin approves). One setting, edited on the admin's payout page.
 */
export const PAYOUT_SETTING = 'payout_networks';

type StoredNetwork = { enabled?: unknown; mode?: unknown };
type Stored = {
  networks?: Partial<Record<string, StoredNetwork>>;
  limit_per_withdrawal_usdt?: unknown;
  limit_daily_usdt?: unknown;
  wait_alert_hours?: unknown;
};

export type PayoutNetwork = {
  code: AddressType;
  enabled: boolean;
  mode: PayoutMode;
  automatic_available: boolean;
};

export type PayoutRules = {
  networks: PayoutNetwork[];
  /** USDT minor units. */
  limitPerWithdrawal: bigint;
  limitDaily: bigint;
  waitAlertHours: number;
};

/** The network whose chain this server follows (deposits, and payouts when it has a hot wallet), if any. */
export const followedNetwork = (chain: ChainConfig | undefined) =>
  chain ? `USDT-${chain.network.toUpperCase()}` : undefined;

/** Whether this server can pay a network automatically: a configured chain with a hot wallet on that network. */
export const canPayAutomatically = (chain: ChainConfig | undefined, code: string) =>
  Boolean(chain?.hotWallet) && followedNetwork(chain) === code;

const minor = (text: unknown, fallback: string): bigint => {
  const parsed = parseAmount(typeof text === 'string' ? text : fallback, ASSETS.USDT.decimals);
  if (parsed.ok && parsed.value >= 0n) return parsed.value;
  const def = parseAmount(fallback, ASSETS.USDT.decimals);
  return def.ok ? def.value : 0n;
};

/**
 * The rules from the stored setting, with defaults for what is missing or broken: every network enabled, paid
 * automatically where possible. A stored `automatic` on a network the server cannot pay reads as manual, so nothing
 * approved is left that nothing pays.
 */
export function payoutRules(stored: Stored | null | undefined, chain: ChainConfig | undefined): PayoutRules {
  const s = stored ?? {};
  const networks = ADDRESS_TYPES.map((code) => {
    const n = s.networks?.[code] ?? {};
    const available = canPayAutomatically(chain, code);
    const wanted = (PAYOUT_MODES as readonly unknown[]).includes(n.mode) ? (n.mode as PayoutMode) : undefined;
    const mode: PayoutMode = available && (wanted ?? 'automatic') === 'automatic' ? 'automatic' : 'manual';
    return { code, enabled: n.enabled !== false, mode, automatic_available: available };
  });
  const hours = Number(s.wait_alert_hours);
  return {
    networks,
    limitPerWithdrawal: minor(s.limit_per_withdrawal_usdt, DEFAULT_PAYOUT_LIMIT_PER_WITHDRAWAL_USDT),
    limitDaily: minor(s.limit_daily_usdt, DEFAULT_PAYOUT_LIMIT_DAILY_USDT),
    waitAlertHours:
      Number.isInteger(hours) && hours >= 1 && hours <= 720 ? hours : DEFAULT_WITHDRAWAL_WAIT_ALERT_HOURS,
  };
}

/** The rules now (inside a transaction the read joins it and skips the cache). */
export async function readPayoutRules(db: Conn, chain: ChainConfig | undefined) {
  return payoutRules(await cachedSetting<Stored | null>(db, PAYOUT_SETTING, null), chain);
}

export const networkOf = (rules: PayoutRules, code: string) => rules.networks.find((n) => n.code === code);

/** How an approved withdrawal to this network is paid (a closed network's remaining withdrawals: by hand). */
export const payoutModeOf = (rules: PayoutRules, code: string): PayoutMode =>
  networkOf(rules, code)?.mode ?? 'manual';

/** Refuses binding or withdrawing to a network the operator has closed, naming it. */
export async function refuseClosedNetwork(
  db: Conn,
  chain: ChainConfig | undefined,
  code: string,
  field?: string,
) {
  const rules = await readPayoutRules(db, chain);
  if (networkOf(rules, code)?.enabled) return;
  const params = { network: networkName(code) };
  throw field
    ? fieldRefusal(422, field, 'network_closed', params)
    : new Refusal(422, 'network_closed', params);
}

/**
 * Withdrawals waiting too long (the dashboard's warning): pending a decision, or approved and waiting to be paid by
 * hand, for longer than the alert hours since they were requested.
 */
export async function waitingTooLong(db: Conn, chain: ChainConfig | undefined, now: Date) {
  const { waitAlertHours } = await readPayoutRules(db, chain);
  const before = new Date(now.getTime() - waitAlertHours * 3_600_000);
  const r = await db
    .selectFrom('withdrawals')
    .select((eb) => [eb.fn.countAll<string>().as('n'), eb.fn.min('created_at').as('oldest')])
    .where((eb) => eb.or([eb('status', '=', 'pending'), eb('payout_state', '=', 'manual')]))
    .where('created_at', '<', before)
    .executeTakeFirstOrThrow();
  return {
    withdrawals_waiting_long: Number(r.n),
    oldest_waiting_since: r.oldest ? new Date(r.oldest as Date | string).toISOString() : '',
    wait_alert_hours: waitAlertHours,
  };
}
