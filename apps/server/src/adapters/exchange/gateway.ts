import type { CandleTimeframe, MarketKind, OrderSide, OrderState, OrderType } from '@mp/contract';

/**
 * The exchange port (DESIGN.md section 7): what trading asks of an exchange, answered by the paper exchange (demo
 * accounts, paper.ts) and by ccxt (members' own exchange accounts, ccxt.ts). Amounts and prices are decimal strings
 * at this boundary; each implementation keeps its own exact form inside. A gateway is bound to one account.
 */
export type GatewayMarket = {
  symbol: string;
  base: string;
  quote: string;
  amountDecimals: number;
  priceDecimals: number;
  minAmount: string;
  minCost: string;
};

export type GatewayTicker = { symbol: string; last: string; at: Date };
export type GatewayBalance = { asset: string; free: string; used: string };
export type GatewayCandle = [number, string, string, string, string, string];

export type GatewayOrder = {
  id: string;
  symbol: string;
  market: MarketKind;
  leverage: number;
  side: OrderSide;
  type: OrderType;
  amount: string;
  /** The limit price, '' for a market order. */
  price: string;
  filled: string;
  avgPrice: string;
  fee: string;
  feeAsset: string;
  state: OrderState;
  reason: string;
  /** Realized profit of a filled sell ('' otherwise). */
  pnl: string;
  createdAt: Date;
  updatedAt: Date;
};

export type GatewayFill = {
  orderId: string;
  symbol: string;
  market: MarketKind;
  /** `liquidation` for a position the exchange closed. */
  reason: string;
  side: OrderSide;
  amount: string;
  price: string;
  fee: string;
  feeAsset: string;
  pnl: string;
  at: Date;
};

export type GatewayPosition = {
  /** The spot symbol the perpetual follows (BTC/USDT for BTC/USDT:USDT). */
  symbol: string;
  side: 'long' | 'short';
  contracts: string;
  entryPrice: string;
  markPrice: string;
  /** '' when the exchange does not say. */
  liquidationPrice: string;
  margin: string;
  leverage: number;
  unrealizedPnl: string;
  roePercent: string;
  funding: string;
  openedAt: Date;
};

export type OrderRequest = {
  symbol: string;
  side: OrderSide;
  type: OrderType;
  amount: string;
  price?: string;
  /** Spot (the default) or the symbol's perpetual. */
  market?: MarketKind;
  /** A perpetual order's leverage (an order on an open position takes the position's). */
  leverage?: number;
  /** Only reduces the open position (at most its size; refused when there is none). */
  reduceOnly?: boolean;
  /** The member's idempotency key: a retry with the same key and body returns the first order. */
  idempotencyKey: string;
};

export interface ExchangeGateway {
  readonly kind: 'paper' | 'exchange';
  markets(): Promise<GatewayMarket[]>;
  ticker(symbol: string): Promise<GatewayTicker>;
  orderBook(symbol: string, depth?: number): Promise<{ bids: [string, string][]; asks: [string, string][] }>;
  candles(symbol: string, timeframe: CandleTimeframe, limit: number): Promise<GatewayCandle[]>;
  balance(): Promise<GatewayBalance[]>;
  createOrder(request: OrderRequest): Promise<GatewayOrder>;
  cancelOrder(id: string, symbol?: string): Promise<GatewayOrder>;
  openOrders(symbol?: string): Promise<GatewayOrder[]>;
  myTrades(symbol?: string, limit?: number): Promise<GatewayFill[]>;
  /** Perpetual positions (spot accounts have none). */
  positions(): Promise<GatewayPosition[]>;
}
