import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for Binance's spot REST API on 127.0.0.1: the subset ccxt calls for a spot account (exchange
 * info, account, order placement and cancel, open orders, my trades, 24-hour tickers, klines), with Binance's own
 * field names and error codes. Market orders fill at once at the mock's price; limit orders rest. One API key is
 * valid; a request with another key gets Binance's -2015. Only the protocol is imitated, not the matching engine.
 */
export type MockBinance = {
  url: string;
  apiKey: string;
  secret: string;
  prices: Record<string, number>;
  balances: Record<string, { free: number; locked: number }>;
  requests: string[];
  close: () => Promise<void>;
};

type MockOrder = {
  symbol: string;
  orderId: number;
  clientOrderId: string;
  price: string;
  origQty: string;
  executedQty: string;
  cummulativeQuoteQty: string;
  status: 'NEW' | 'FILLED' | 'CANCELED';
  timeInForce: string;
  type: 'MARKET' | 'LIMIT';
  side: 'BUY' | 'SELL';
  time: number;
  updateTime: number;
  fills: { price: string; qty: string; commission: string; commissionAsset: string; tradeId: number }[];
};

const SYMBOLS: Record<string, { base: string; quote: string; tick: string; step: string }> = {
  BTCUSDT: { base: 'BTC', quote: 'USDT', tick: '0.01', step: '0.00001' },
  ETHUSDT: { base: 'ETH', quote: 'USDT', tick: '0.01', step: '0.0001' },
};

export async function startMockBinance(): Promise<MockBinance> {
  const apiKey = 'mock-key-0123456789';
  const secret = 'mock-secret';
  const prices: Record<string, number> = { BTCUSDT: 95_000, ETHUSDT: 3_500 };
  const balances: Record<string, { free: number; locked: number }> = {
    USDT: { free: 10_000, locked: 0 },
    BTC: { free: 0.5, locked: 0 },
  };
  const orders: MockOrder[] = [];
  const trades: Record<string, unknown>[] = [];
  const requests: string[] = [];
  let nextId = 1000;

  const error = (res: http.ServerResponse, status: number, code: number, msg: string) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ code, msg }));
  };
  const json = (res: http.ServerResponse, body: unknown) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };

  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => {
      body += c.toString();
    });
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      const params = new URLSearchParams(url.search);
      for (const [k, v] of new URLSearchParams(body)) params.set(k, v);
      const route = `${req.method} ${url.pathname}`;
      requests.push(route);
      const signed = params.has('signature');
      if (signed && req.headers['x-mbx-apikey'] !== apiKey)
        return error(res, 401, -2015, 'Invalid API-key, IP, or permissions for action.');
      const symbolOf = (s: string) => SYMBOLS[s];
      switch (route) {
        case 'GET /api/v3/exchangeInfo':
          return json(res, {
            timezone: 'UTC',
            serverTime: Date.now(),
            rateLimits: [],
            symbols: Object.entries(SYMBOLS).map(([symbol, m]) => ({
              symbol,
              status: 'TRADING',
              baseAsset: m.base,
              baseAssetPrecision: 8,
              quoteAsset: m.quote,
              quotePrecision: 8,
              quoteAssetPrecision: 8,
              orderTypes: ['LIMIT', 'MARKET'],
              isSpotTradingAllowed: true,
              isMarginTradingAllowed: false,
              permissions: ['SPOT'],
              permissionSets: [['SPOT']],
              filters: [
                { filterType: 'PRICE_FILTER', minPrice: m.tick, maxPrice: '1000000.00', tickSize: m.tick },
                { filterType: 'LOT_SIZE', minQty: m.step, maxQty: '9000', stepSize: m.step },
                { filterType: 'NOTIONAL', minNotional: '5.00', maxNotional: '9000000' },
              ],
            })),
          });
        case 'GET /api/v3/account':
          return json(res, {
            makerCommission: 10,
            takerCommission: 10,
            canTrade: true,
            accountType: 'SPOT',
            updateTime: Date.now(),
            balances: Object.entries(balances).map(([asset, b]) => ({
              asset,
              free: b.free.toFixed(8),
              locked: b.locked.toFixed(8),
            })),
            permissions: ['SPOT'],
          });
        case 'GET /api/v3/ticker/24hr': {
          const wanted = params.get('symbols')
            ? (JSON.parse(params.get('symbols')!) as string[])
            : params.get('symbol')
              ? [params.get('symbol')!]
              : Object.keys(SYMBOLS);
          const rows = wanted.map((symbol) => ({
            symbol,
            priceChange: '0',
            priceChangePercent: '0',
            lastPrice: String(prices[symbol]),
            openPrice: String(prices[symbol]),
            highPrice: String(prices[symbol]),
            lowPrice: String(prices[symbol]),
            volume: '1000',
            quoteVolume: '1000',
            openTime: Date.now() - 86_400_000,
            closeTime: Date.now(),
          }));
          return json(res, params.get('symbol') ? rows[0] : rows);
        }
        case 'GET /api/v3/klines': {
          const p = prices[params.get('symbol') ?? ''] ?? 1;
          const now = Date.now() - (Date.now() % 60_000);
          const n = Number(params.get('limit') ?? 10);
          return json(
            res,
            Array.from({ length: n }, (_, i) => {
              const t = now - (n - 1 - i) * 60_000;
              return [
                t,
                String(p),
                String(p * 1.001),
                String(p * 0.999),
                String(p),
                '1.5',
                t + 59_999,
                '0',
                1,
                '0',
                '0',
                '0',
              ];
            }),
          );
        }
        case 'POST /api/v3/order': {
          const symbol = params.get('symbol') ?? '';
          const m = symbolOf(symbol);
          if (!m) return error(res, 400, -1121, 'Invalid symbol.');
          const side = params.get('side') as 'BUY' | 'SELL';
          const type = params.get('type') as 'MARKET' | 'LIMIT';
          const qty = Number(params.get('quantity'));
          const price = type === 'LIMIT' ? Number(params.get('price')) : prices[symbol]!;
          const cost = qty * price;
          balances[m.base] ??= { free: 0, locked: 0 };
          balances[m.quote] ??= { free: 0, locked: 0 };
          const base = balances[m.base]!;
          const quote = balances[m.quote]!;
          if (side === 'BUY' ? quote.free < cost : base.free < qty)
            return error(res, 400, -2010, 'Account has insufficient balance for requested action.');
          const id = nextId++;
          const now = Date.now();
          const order: MockOrder = {
            symbol,
            orderId: id,
            clientOrderId: params.get('newClientOrderId') ?? `x-${id}`,
            price: type === 'LIMIT' ? price.toFixed(2) : '0.00',
            origQty: qty.toFixed(8),
            executedQty: '0.00000000',
            cummulativeQuoteQty: '0.00000000',
            status: 'NEW',
            timeInForce: 'GTC',
            type,
            side,
            time: now,
            updateTime: now,
            fills: [],
          };
          if (type === 'MARKET') {
            const fee = cost * 0.001;
            if (side === 'BUY') {
              quote.free -= cost;
              base.free += qty;
            } else {
              base.free -= qty;
              quote.free += cost - fee;
            }
            order.status = 'FILLED';
            order.executedQty = qty.toFixed(8);
            order.cummulativeQuoteQty = cost.toFixed(8);
            order.fills = [
              {
                price: price.toFixed(2),
                qty: qty.toFixed(8),
                commission: fee.toFixed(8),
                commissionAsset: m.quote,
                tradeId: id,
              },
            ];
            trades.push({
              symbol,
              id,
              orderId: id,
              price: price.toFixed(2),
              qty: qty.toFixed(8),
              quoteQty: cost.toFixed(8),
              commission: fee.toFixed(8),
              commissionAsset: m.quote,
              time: now,
              isBuyer: side === 'BUY',
              isMaker: false,
              isBestMatch: true,
            });
          } else if (side === 'BUY') {
            quote.free -= cost;
            quote.locked += cost;
          } else {
            base.free -= qty;
            base.locked += qty;
          }
          orders.push(order);
          return json(res, { ...order, transactTime: now });
        }
        case 'DELETE /api/v3/order': {
          const order = orders.find(
            (o) => String(o.orderId) === params.get('orderId') && o.symbol === params.get('symbol'),
          );
          if (order?.status !== 'NEW') return error(res, 400, -2011, 'Unknown order sent.');
          const m = symbolOf(order.symbol)!;
          if (order.side === 'BUY') {
            const held = Number(order.origQty) * Number(order.price);
            balances[m.quote]!.locked -= held;
            balances[m.quote]!.free += held;
          } else {
            balances[m.base]!.locked -= Number(order.origQty);
            balances[m.base]!.free += Number(order.origQty);
          }
          order.status = 'CANCELED';
          order.updateTime = Date.now();
          return json(res, order);
        }
        case 'GET /api/v3/openOrders':
          return json(
            res,
            orders.filter(
              (o) => o.status === 'NEW' && (!params.get('symbol') || o.symbol === params.get('symbol')),
            ),
          );
        case 'GET /api/v3/myTrades':
          return json(
            res,
            trades.filter((t) => t.symbol === params.get('symbol')),
          );
        default:
          return error(res, 404, -1000, `mock has no ${route}`);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    apiKey,
    secret,
    prices,
    balances,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
