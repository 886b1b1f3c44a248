import { ASSETS, type AssetCode, type MiningEconomics, miningEconomics, roundedSummary } from '@mp/contract';
import { money } from '../../lib/amount.ts';

type Terms = {
  /** Per unit (a package) or for the whole order (an order, quantity 1), per day, in minor units of settleAsset. */
  dailyOutput: bigint;
  dailyFee: bigint;
  quantity: number;
  termDays: number;
  paid: bigint;
  settleAsset: string;
  priceAsset: string;
};

/** The economics of a package or order (the contract's one function), for the given quantity and amount paid. */
export function economicsOf(t: Terms): MiningEconomics {
  return miningEconomics({
    dailyOutputPerUnit: t.dailyOutput,
    dailyFeePerUnit: t.dailyFee,
    quantity: t.quantity,
    termDays: t.termDays,
    paid: t.paid,
    sameAsset: t.settleAsset === t.priceAsset,
  });
}

const decimalsOf = (asset: string) => ASSETS[asset as AssetCode]?.decimals ?? 0;

/** The economics on the wire: exact figures and the two-decimal ones a sentence shows. */
export function economicsView(e: MiningEconomics, settleAsset: string, priceAsset: string) {
  const s = roundedSummary(e, decimalsOf(settleAsset), decimalsOf(priceAsset));
  return {
    term_days: e.termDays,
    asset: settleAsset,
    daily_output: money(e.daily.output, settleAsset),
    daily_fee: money(e.daily.fee, settleAsset),
    daily_net: money(e.daily.net, settleAsset),
    total_output: money(e.total.output, settleAsset),
    total_fee: money(e.total.fee, settleAsset),
    total_net: money(e.total.net, settleAsset),
    price: money(e.paid, priceAsset),
    price_asset: priceAsset,
    comparable: e.comparable,
    return_percent: s.percent === null ? '' : s.percent.toString(),
    below_price: e.belowPrice,
    shown: {
      total_output: money(s.output, settleAsset),
      total_fee: money(s.fee, settleAsset),
      total_net: money(s.net, settleAsset),
      price: money(s.paid, priceAsset),
    },
    rounded: s.rounded,
  };
}
