import type { Selectable } from 'kysely';
import { parseDecimal, UNIT_DECIMALS } from '../../adapters/exchange/paper-math.ts';
import type { BotDealsTable, BotsTable } from '../../db/schema-bots.ts';
import type { MarketDef } from '../../adapters/exchange/markets.ts';
import type { DcaDeal, DcaMarket, DcaSettings } from './dca.ts';

/** A bot as the database holds it, and how its rows become the DCA rules' numbers (dca.ts). */
export type BotRow = Selectable<BotsTable>;
export type DealRow = Selectable<BotDealsTable>;
export type BotWithDeal = BotRow & { deal?: DealRow; accountKind: 'paper' | 'exchange'; venue: string };

export const priceOf = (text: string, def: MarketDef) => {
  const v = parseDecimal(text, def.priceDecimals);
  return typeof v === 'bigint' ? v : 0n;
};
export const unitsOf = (text: string) => {
  const v = parseDecimal(text || '0', UNIT_DECIMALS);
  return typeof v === 'bigint' ? v : 0n;
};

export function settingsOf(b: BotRow): DcaSettings {
  return {
    direction: b.direction,
    baseQuote: BigInt(b.base_quote),
    safetyQuote: BigInt(b.safety_quote),
    maxSafety: b.max_safety,
    deviationBps: b.deviation_bps,
    stepScale: b.step_scale,
    volumeScale: b.volume_scale,
    takeProfitBps: b.take_profit_bps,
    stopLossBps: b.stop_loss_bps,
  };
}

export function marketRules(def: MarketDef): DcaMarket {
  return {
    priceDecimals: def.priceDecimals,
    amountDecimals: def.amountDecimals,
    minAmount: unitsOf(def.minAmount),
  };
}

export function dealOf(d: DealRow, def: MarketDef): DcaDeal {
  return {
    basePrice: priceOf(d.base_price, def),
    size: BigInt(d.size),
    cost: BigInt(d.cost),
    safetyFilled: d.safety_filled,
  };
}
