import {
  type AdminRole,
  type AssetCode,
  ASSETS,
  DEFAULT_TWO_PERSON_THRESHOLD_USDT,
  parseAmount,
  SECOND_APPROVER_ROLES,
} from '@mp/contract';
import type { Conn } from '../../db/database.ts';
import { Refusal } from '../../lib/errors.ts';
import { cachedSetting } from '../../platform/settings.ts';
import { exchangeSettings, PRICE_DECIMALS } from '../wallet/index.ts';

/** The setting (a decimal USDT amount as text) above which money needs a second admin. */
export const TWO_PERSON_SETTING = 'two_person_threshold_usdt';

const USDT_DECIMALS = ASSETS.USDT.decimals;

/** The threshold in USDT minor units; a broken setting falls back to the default rather than to no check. */
export async function twoPersonThreshold(db: Conn): Promise<bigint> {
  // Inside a transaction (a Transaction is a Kysely too) the cache is not used: the read joins the transaction.
  const value = await cachedSetting<unknown>(db, TWO_PERSON_SETTING, DEFAULT_TWO_PERSON_THRESHOLD_USDT);
  const parsed = parseAmount(String(value), USDT_DECIMALS);
  if (parsed.ok && parsed.value >= 0n) return parsed.value;
  const fallback = parseAmount(DEFAULT_TWO_PERSON_THRESHOLD_USDT, USDT_DECIMALS);
  return fallback.ok ? fallback.value : 0n;
}

/**
 * What an amount (minor units, either sign) is worth in USDT minor units: the platform token at its exchange price,
 * points one USDT each.
 */
export async function worthInUsdt(db: Conn, asset: AssetCode, amount: bigint): Promise<bigint> {
  const abs = amount < 0n ? -amount : amount;
  const shift = (value: bigint, from: number) =>
    from <= USDT_DECIMALS
      ? value * 10n ** BigInt(USDT_DECIMALS - from)
      : value / 10n ** BigInt(from - USDT_DECIMALS);
  if (asset === 'USDT') return abs;
  if (asset === 'XT') {
    const price = parseAmount((await exchangeSettings(db)).price_usdt, PRICE_DECIMALS);
    const units = price.ok ? price.value : 0n;
    return shift((abs * units) / 10n ** BigInt(PRICE_DECIMALS), ASSETS.XT.decimals);
  }
  return shift(abs, ASSETS[asset].decimals);
}

/** Does this amount need a second admin? */
export async function needsSecondApprover(db: Conn, asset: AssetCode, amount: bigint): Promise<boolean> {
  return (await worthInUsdt(db, asset, amount)) > (await twoPersonThreshold(db));
}

/** The second approver: another admin than the first, of a role that may approve money. */
export function checkSecondApprover(firstBy: string, member: { id: string; adminRole: AdminRole | null }) {
  if (firstBy === member.id) throw new Refusal(409, 'second_approver_required');
  if (!member.adminRole || !SECOND_APPROVER_ROLES.includes(member.adminRole))
    throw new Refusal(403, 'forbidden');
}
