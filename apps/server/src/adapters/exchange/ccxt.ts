import { createHash } from 'node:crypto';
import type { CandleTimeframe, ExchangeId } from '@mp/contract';
import type { Exchange, Market, Order, Trade } from 'ccxt';
import { type FieldRefusal, Refusal } from '../../lib/errors.ts';
import type { Candle } from './markets.ts';
import type {
  ExchangeGateway,
  GatewayFill,
  GatewayMarket,
  GatewayOrder,
  GatewayPosition,
  OrderRequest,
} from './gateway.ts';
import type { ExchangeKeys } from './keys.ts';

/**
 * Members' own exchange accounts through ccxt (npm `ccxt`): spot markets, and the USDT-margined perpetuals of the
 * same symbols (a second client per key, for the exchange's swap API: `BTC/USDT:USDT`). ccxt is loaded on first use
 * (it takes about a second to import) and one client is kept per account key and kind, so its rate limiter and
 * loaded markets last between calls. `apiBase` points every REST host of the exchange elsewhere: the tests' local mock exchange.
 * Exchange errors become our refusals: a bad key, too little balance, too many calls, an unreachable exchange.
 */
export type CcxtOptions = { apiBase?: string; timeoutMs?: number };

type CcxtModule = typeof import('ccxt');
let loaded: Promise<CcxtModule> | undefined;
const loadCcxt = () => {
  loaded ??= import('ccxt').then((m) => m as unknown as CcxtModule);
  return loaded;
};

const decimalsOf = (step: number | undefined): number => {
  if (step === undefined || !Number.isFinite(step) || step <= 0) return 8;
  if (step >= 1) return 0;
  return Math.min(12, Math.max(0, Math.round(-Math.log10(step))));
};

const text = (n: number | undefined | null, decimals = 12): string => {
  if (n === undefined || n === null || !Number.isFinite(n)) return '';
  return Number(n.toFixed(decimals)).toString();
};

/** Maps a ccxt error to our refusal (unknown errors pass on as they are: a 500 with the details in the log). */
export async function mapExchangeError(err: unknown): Promise<unknown> {
  const ccxt = await loadCcxt();
  const e = err as Error;
  // ccxt's message is the exchange's id, its own words and the exchange's JSON answer: the exchange's `msg` says it best.
  const message = e?.message ?? '';
  const reason = (/"msg":"([^"]+)"/.exec(message)?.[1] ?? message.replace(/^\S+\s/, '')).slice(0, 160);
  const field: FieldRefusal[] = [];
  if (
    e instanceof ccxt.AuthenticationError ||
    e instanceof ccxt.PermissionDenied ||
    e instanceof ccxt.AccountSuspended
  )
    return new Refusal(422, 'exchange_key_invalid', {}, field);
  if (e instanceof ccxt.InsufficientFunds) return new Refusal(422, 'exchange_insufficient');
  if (e instanceof ccxt.RateLimitExceeded || e instanceof ccxt.DDoSProtection)
    return new Refusal(409, 'exchange_rate_limited');
  if (e instanceof ccxt.NetworkError) return new Refusal(409, 'exchange_unavailable');
  if (e instanceof ccxt.ExchangeError) return new Refusal(422, 'exchange_refused', { reason });
  return err;
}

async function guarded<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    throw await mapExchangeError(err);
  }
}

const STATE: Record<string, GatewayOrder['state']> = {
  open: 'open',
  closed: 'filled',
  canceled: 'cancelled',
  cancelled: 'cancelled',
  expired: 'cancelled',
  rejected: 'rejected',
};

/** The perpetual of a spot symbol in ccxt's notation (BTC/USDT -> BTC/USDT:USDT), and back. */
export const perpSymbol = (symbol: string) => `${symbol}:${symbol.split('/')[1] ?? 'USDT'}`;
const spotSymbol = (symbol: string) => symbol.split(':')[0] ?? symbol;

function orderOf(o: Order): GatewayOrder {
  const at = new Date(o.timestamp ?? Date.now());
  return {
    id: String(o.id),
    symbol: spotSymbol(o.symbol ?? ''),
    market: (o.symbol ?? '').includes(':') ? 'perp' : 'spot',
    leverage: 1,
    side: o.side === 'sell' ? 'sell' : 'buy',
    type: o.type === 'limit' ? 'limit' : 'market',
    amount: text(o.amount),
    price: o.type === 'limit' ? text(o.price) : '',
    filled: text(o.filled ?? 0),
    avgPrice: text(o.average ?? (o.filled ? o.price : undefined)),
    fee: text(o.fee?.cost ?? 0),
    feeAsset: o.fee?.currency ?? '',
    state: STATE[o.status ?? 'open'] ?? 'open',
    reason: '',
    pnl: '',
    createdAt: at,
    updatedAt: new Date(o.lastUpdateTimestamp ?? o.timestamp ?? Date.now()),
  };
}

function fillOf(t: Trade): GatewayFill {
  return {
    orderId: String(t.order ?? ''),
    symbol: spotSymbol(t.symbol ?? ''),
    market: (t.symbol ?? '').includes(':') ? 'perp' : 'spot',
    reason: '',
    side: t.side === 'sell' ? 'sell' : 'buy',
    amount: text(t.amount),
    price: text(t.price),
    fee: text(t.fee?.cost ?? 0),
    feeAsset: t.fee?.currency ?? '',
    pnl: '',
    at: new Date(t.timestamp ?? 0),
  };
}

export class CcxtGateway implements ExchangeGateway {
  readonly kind = 'exchange' as const;
  constructor(
    private readonly ex: Exchange,
    /** The account's client for the exchange's perpetuals (made on first use). */
    private readonly swap: () => Promise<Exchange>,
  ) {}

  /** How long a call may go unanswered before it counts as a timeout. */
  get timeoutMs(): number {
    return Number(this.ex.timeout) || 10_000;
  }

  async markets(): Promise<GatewayMarket[]> {
    const markets = await guarded(() => this.ex.loadMarkets());
    return Object.values(markets)
      .filter((m): m is Market & { symbol: string } => !!m?.spot && m.active !== false)
      .map((m) => ({
        symbol: m.symbol,
        base: m.base,
        quote: m.quote,
        amountDecimals: decimalsOf(m.precision?.amount),
        priceDecimals: decimalsOf(m.precision?.price),
        minAmount: text(m.limits?.amount?.min ?? 0),
        minCost: text(m.limits?.cost?.min ?? 0),
      }));
  }

  async ticker(symbol: string) {
    const t = await guarded(() => this.ex.fetchTicker(symbol));
    return { symbol, last: text(t.last), at: new Date(t.timestamp ?? Date.now()) };
  }

  async orderBook(symbol: string, depth = 5) {
    const b = await guarded(() => this.ex.fetchOrderBook(symbol, depth));
    const side = (rows: unknown[][]) =>
      rows.slice(0, depth).map((r) => [text(r[0] as number), text(r[1] as number)] as [string, string]);
    return { bids: side(b.bids), asks: side(b.asks) };
  }

  async candles(symbol: string, timeframe: CandleTimeframe, limit: number) {
    const rows = await guarded(() => this.ex.fetchOHLCV(symbol, timeframe, undefined, limit));
    return rows.map(
      (r) =>
        [Math.floor(Number(r[0]) / 1000), text(r[1]), text(r[2]), text(r[3]), text(r[4]), text(r[5])] as [
          number,
          string,
          string,
          string,
          string,
          string,
        ],
    );
  }

  async balance() {
    const b = await guarded(() => this.ex.fetchBalance());
    const free = (b.free ?? {}) as unknown as Record<string, number>;
    const used = (b.used ?? {}) as unknown as Record<string, number>;
    const total = (b.total ?? {}) as unknown as Record<string, number>;
    return Object.keys(total)
      .filter((a) => (total[a] ?? 0) > 0)
      .sort()
      .map((asset) => ({ asset, free: text(free[asset] ?? 0), used: text(used[asset] ?? 0) }));
  }

  async createOrder(r: OrderRequest & { clientOrderId?: string }) {
    if (r.market === 'perp') return this.createPerpOrder(r);
    const o = await guarded(() =>
      this.ex.createOrder(
        r.symbol,
        r.type,
        r.side,
        Number(r.amount),
        r.type === 'limit' ? Number(r.price) : undefined,
        r.clientOrderId ? { clientOrderId: r.clientOrderId } : {},
      ),
    );
    return orderOf(o);
  }

  /**
   * The order this account sent with `clientOrderId`, or undefined when the exchange has none: after a call that was
   * not answered, the order is looked up before it is sent again, so it is placed once.
   */
  async findOrder(clientOrderId: string, symbol: string, market: 'spot' | 'perp' = 'spot') {
    const ccxt = await loadCcxt();
    const ex = market === 'perp' ? await this.swap() : this.ex;
    try {
      const o = await ex.fetchOrder('', market === 'perp' ? perpSymbol(symbol) : symbol, { clientOrderId });
      return market === 'perp' ? { ...orderOf(o), symbol, market } : orderOf(o);
    } catch (err) {
      if (err instanceof ccxt.OrderNotFound) return undefined;
      throw await mapExchangeError(err);
    }
  }

  async cancelOrder(id: string, symbol?: string) {
    return orderOf(await guarded(() => this.ex.cancelOrder(id, symbol)));
  }

  async openOrders(symbol?: string) {
    return (await guarded(() => this.ex.fetchOpenOrders(symbol))).map(orderOf);
  }

  async myTrades(symbol?: string, limit = 100) {
    return (await guarded(() => this.ex.fetchMyTrades(symbol, undefined, limit))).map(fillOf);
  }

  /** A perpetual order: the leverage set on the exchange first (an order that only reduces leaves it). */
  private async createPerpOrder(r: OrderRequest & { clientOrderId?: string }): Promise<GatewayOrder> {
    const ex = await this.swap();
    if (!ex.has.createOrder || !ex.has.fetchPositions) throw new Refusal(422, 'perp_unsupported');
    const symbol = perpSymbol(r.symbol);
    const leverage = r.leverage ?? 1;
    if (!r.reduceOnly && ex.has.setLeverage) await guarded(() => ex.setLeverage(leverage, symbol));
    const o = await guarded(() =>
      ex.createOrder(
        symbol,
        r.type,
        r.side,
        Number(r.amount),
        r.type === 'limit' ? Number(r.price) : undefined,
        {
          ...(r.clientOrderId ? { clientOrderId: r.clientOrderId } : {}),
          ...(r.reduceOnly ? { reduceOnly: true } : {}),
        },
      ),
    );
    return { ...orderOf(o), symbol: r.symbol, market: 'perp', leverage };
  }

  /** The account's open perpetual positions, as the exchange reports them. */
  async positions(): Promise<GatewayPosition[]> {
    const ex = await this.swap();
    if (!ex.has.fetchPositions) return [];
    const rows = await guarded(() => ex.fetchPositions());
    return rows
      .filter((p) => (p.contracts ?? 0) > 0)
      .map((p) => ({
        symbol: spotSymbol(p.symbol ?? ''),
        side: p.side === 'short' ? ('short' as const) : ('long' as const),
        contracts: text(p.contracts),
        entryPrice: text(p.entryPrice),
        markPrice: text(p.markPrice),
        liquidationPrice: text(p.liquidationPrice),
        margin: text(p.initialMargin ?? p.collateral),
        // Binance's v3 position risk does not say the leverage: the value over the initial margin does.
        leverage: Math.max(
          1,
          Math.round(
            Number(
              p.leverage ?? (p.notional && p.initialMargin ? Math.abs(p.notional) / p.initialMargin : 1),
            ),
          ) || 1,
        ),
        unrealizedPnl: text(p.unrealizedPnl),
        roePercent: text(p.percentage, 2),
        funding: '',
        openedAt: new Date(p.timestamp ?? Date.now()),
      }));
  }
}

function pointAt(ex: Exchange, apiBase: string) {
  const api = ex.urls.api as unknown as Record<string, string>;
  for (const [k, v] of Object.entries(api))
    if (typeof v === 'string') api[k] = v.replace(/^https?:\/\/[^/]+/, apiBase.replace(/\/$/, ''));
}

export type CcxtFactory = {
  gateway: (exchange: ExchangeId, keys: ExchangeKeys) => Promise<CcxtGateway>;
  /** Drops the client of keys the exchange refused (nothing of them stays in memory). */
  forget: (exchange: ExchangeId, keys: ExchangeKeys) => void;
  /** Public market data of an exchange, for the market feed's `live` source. */
  publicData: (exchange: ExchangeId) => Promise<{
    tickers: (symbols: string[]) => Promise<Map<string, { last: number; volume24h?: number }>>;
    candles1m: (symbol: string, sinceMs: number) => Promise<Candle[]>;
  }>;
};

export function createCcxtFactory(options: CcxtOptions = {}): CcxtFactory {
  // Clients by a digest of their keys (the keys themselves are not the map's keys), the oldest dropped past 500.
  const clients = new Map<string, Exchange>();
  const cacheKeyOf = (exchange: ExchangeId, keys?: ExchangeKeys) =>
    createHash('sha256')
      .update(JSON.stringify([exchange, keys?.apiKey ?? '', keys?.secret ?? '', keys?.password ?? '']))
      .digest('base64');
  async function client(exchange: ExchangeId, keys?: ExchangeKeys, swap = false): Promise<Exchange> {
    const cacheKey = `${swap ? 'swap:' : ''}${cacheKeyOf(exchange, keys)}`;
    const found = clients.get(cacheKey);
    if (found) return found;
    const ccxt = await loadCcxt();
    const Ctor = (ccxt as unknown as Record<string, new (c: object) => Exchange>)[exchange];
    if (!Ctor) throw new Refusal(422, 'exchange_refused', { reason: `unsupported exchange ${exchange}` });
    const ex = new Ctor({
      apiKey: keys?.apiKey,
      secret: keys?.secret,
      password: keys?.password,
      enableRateLimit: true,
      timeout: options.timeoutMs ?? 10_000,
      options: {
        // One kind of market per client: no margin or currency lists on loading markets (fewer calls, fewer
        // permissions); the swap client sees the USDT-margined perpetuals only.
        fetchMarkets: { types: [swap ? 'linear' : 'spot'] },
        ...(swap ? { defaultType: 'swap', defaultSubType: 'linear' } : {}),
        fetchMargins: false,
        fetchCurrencies: false,
        warnOnFetchOpenOrdersWithoutSymbol: false,
        adjustForTimeDifference: false,
      },
    });
    if (options.apiBase) pointAt(ex, options.apiBase);
    if (clients.size > 500) clients.delete(clients.keys().next().value as string);
    clients.set(cacheKey, ex);
    return ex;
  }
  return {
    async gateway(exchange, keys) {
      return new CcxtGateway(await client(exchange, keys), () => client(exchange, keys, true));
    },
    forget(exchange, keys) {
      clients.delete(cacheKeyOf(exchange, keys));
      clients.delete(`swap:${cacheKeyOf(exchange, keys)}`);
    },
    async publicData(exchange) {
      const ex = await client(exchange);
      return {
        async tickers(symbols) {
          // A market the exchange does not list is left out (it stays on the synthetic feed), not an error for all.
          await ex.loadMarkets();
          const listed = symbols.filter((s) => ex.markets?.[s]);
          const got = listed.length ? await ex.fetchTickers(listed) : {};
          const out = new Map<string, { last: number; volume24h?: number }>();
          for (const s of symbols) {
            const t = got[s];
            if (t?.last) out.set(s, { last: t.last, volume24h: t.baseVolume ?? undefined });
          }
          return out;
        },
        async candles1m(symbol, sinceMs) {
          const rows = await ex.fetchOHLCV(symbol, '1m', sinceMs, 1000);
          return rows.map((r) => ({
            openTime: Math.floor(Number(r[0]) / 1000),
            open: Number(r[1]),
            high: Number(r[2]),
            low: Number(r[3]),
            close: Number(r[4]),
            volume: Number(r[5]),
          }));
        },
      };
    },
  };
}
