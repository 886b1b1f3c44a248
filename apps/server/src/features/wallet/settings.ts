import { type AssetCode, parseAmount, type WalletKind } from '@mp/contract';
import type { Conn } from '../../db/database.ts';
import { cachedSetting } from '../../platform/settings.ts';

export type TransferRules = {
  routes: { wallet: WalletKind; to_wallet: WalletKind; asset: AssetCode }[];
  /** Fee in basis points of the amount, paid by the sender on top. */
  fee_bps: number;
  min: string;
  max: string;
};

export const DEFAULT_TRANSFER_RULES: TransferRules = {
  routes: [{ wallet: 'funds', to_wallet: 'funds', asset: 'USDT' }],
  fee_bps: 0,
  min: '1',
  max: '1000000',
};

export function transferRules(db: Conn): Promise<TransferRules> {
  return cachedSetting(db, 'transfer_rules', DEFAULT_TRANSFER_RULES);
}

/** The platform token's price in USDT (a decimal with at most 8 places) and the spread members pay. */
export type ExchangeSettings = { price_usdt: string; spread_bps: number; min: string };
export const DEFAULT_EXCHANGE: ExchangeSettings = { price_usdt: '0.5', spread_bps: 100, min: '1' };

export function exchangeSettings(db: Conn): Promise<ExchangeSettings> {
  return cachedSetting(db, 'exchange', DEFAULT_EXCHANGE);
}

export const PRICE_DECIMALS = 8;

/** A price as an integer of 10^-8 USDT. */
export function priceUnits(price: string): bigint {
  const p = parseAmount(price, PRICE_DECIMALS);
  if (!p.ok || p.value <= 0n) throw new Error(`bad price ${price}`);
  return p.value;
}

export const AIRDROP = { asset: 'XT' as AssetCode, wallet: 'funds' as WalletKind, min: '1' };
export const WITHDRAW = { asset: 'USDT' as AssetCode, wallet: 'funds' as WalletKind };
