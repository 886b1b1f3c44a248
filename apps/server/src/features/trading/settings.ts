import { type ExchangeId, type MarketSource, PERP } from '@mp/contract';
import type { Conn, Db } from '../../db/database.ts';
import { cachedSetting, getSetting } from '../../platform/settings.ts';
import { DEFAULT_SYMBOLS } from './markets.ts';

/** The operator's market settings (Admin/marketsettings): where prices come from, which markets, paper fees. */
export type MarketSettings = {
  source: MarketSource;
  exchange: ExchangeId;
  symbols: string[];
  fee_bps: number;
  spread_bps: number;
  slippage_bps: number;
  /** Paper perpetuals' funding rate per funding time, basis points (longs pay shorts when positive). */
  funding_bps: number;
  /** A new demo account's USDT. */
  start_balance: string;
};

export const MARKET_SETTINGS_KEY = 'market';
export const MARKET_DEFAULTS: MarketSettings = {
  source: 'simulated',
  exchange: 'binance',
  symbols: DEFAULT_SYMBOLS,
  fee_bps: 10,
  spread_bps: 5,
  slippage_bps: 5,
  funding_bps: PERP.fundingBps,
  start_balance: '10000',
};

export async function marketSettings(db: Conn): Promise<MarketSettings> {
  return { ...MARKET_DEFAULTS, ...(await getSetting<Partial<MarketSettings>>(db, MARKET_SETTINGS_KEY, {})) };
}

/** The settings made from each stored value (the read cache keeps one object per change of the row). */
const merged = new WeakMap<object, MarketSettings>();
const NONE_STORED = {};

/**
 * The same from memory (the change feed keeps it true), for hot paths: one object per stored value, shared by its
 * callers, who must not change it (merging the defaults on every call was a few per cent of a market screen's read).
 */
export async function cachedMarketSettings(db: Db): Promise<MarketSettings> {
  const stored = await cachedSetting<Partial<MarketSettings>>(db, MARKET_SETTINGS_KEY, NONE_STORED);
  let settings = merged.get(stored);
  if (!settings) {
    settings = { ...MARKET_DEFAULTS, ...stored };
    merged.set(stored, settings);
  }
  return settings;
}
