import { decimalsOf, displayDecimalsOf, formatMoney, toMinor } from '../../lib/money.ts';

/**
 * Volumes and balances of the network calls are in the plan's volume asset (the contract documents USDT).
 * The contract has no constant for it yet, so it is named once here for this feature.
 */
export const VOLUME_ASSET = 'USDT';

/**
 * A volume without its asset code, for tight spots (tree cards) whose heading names the asset: in cents, rounded
 * down like every amount in a list (lib/money.ts).
 */
export function formatVolume(value: string): string {
  return formatMoney(value, {
    decimals: decimalsOf(VOLUME_ASSET),
    maxDecimals: displayDecimalsOf(VOLUME_ASSET),
  });
}

/** `part` as a percent of `whole` (0-100, two decimals, exact up to the rounding down); 0 when whole is 0. */
export function percentOf(part: string, whole: string): number {
  const decimals = decimalsOf(VOLUME_ASSET);
  const p = toMinor(part, decimals) ?? 0n;
  const w = toMinor(whole, decimals) ?? 0n;
  if (w <= 0n || p <= 0n) return 0;
  if (p >= w) return 100;
  // Basis points of a share below 100% fit a number exactly.
  return Number((p * 10_000n) / w) / 100;
}
