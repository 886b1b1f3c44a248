import { ASSETS, type AssetCode } from '@mp/contract';

const BPS = 10_000n;

/**
 * What `amount` minor units of `from` buy in minor units of `to`, at prices given in 10^-8 USDT, less the spread:
 * out = floor(amount * priceFrom * 10^decTo * (1 - spread) / (priceTo * 10^decFrom)).
 * Rounded down, in the platform's favour; so a round trip A -> B -> A never gains value.
 */
export function exchangeOut(
  amount: bigint,
  from: AssetCode,
  to: AssetCode,
  priceFrom: bigint,
  priceTo: bigint,
  spreadBps: number,
): bigint {
  const num = amount * priceFrom * 10n ** BigInt(ASSETS[to].decimals) * (BPS - BigInt(spreadBps));
  const den = priceTo * 10n ** BigInt(ASSETS[from].decimals) * BPS;
  return num / den;
}
