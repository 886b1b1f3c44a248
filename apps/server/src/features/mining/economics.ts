import {
  ASSETS,
  type AssetCode,
  type MiningEconomics,
  miningEconomics,
  miningEconomicsWire,
} from '@mp/contract';

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

const unitOf = (asset: string) => ({ asset, decimals: ASSETS[asset as AssetCode]?.decimals ?? 0 });

/** The economics on the wire: exact figures and the two-decimal ones a sentence shows. */
export function economicsView(e: MiningEconomics, settleAsset: string, priceAsset: string) {
  return miningEconomicsWire(e, unitOf(settleAsset), unitOf(priceAsset));
}
