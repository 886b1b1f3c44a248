import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for Binance's spot REST API on 127.0.0.1: the subset ccxt calls for a spot account (exchange
 * info, account, order placement and cancel, open orders, my trades, 24-hour tickers, klines), with Binance's own
 * field names and error codes. Market orders fill at once at the mock's price; limit orders rest. One API key is
 * valid; a request with another key gets Binance's -2015. Only the protocol is imitated, not the matching engine.
 *
 * And the subset of USDT-M futures (`/fapi`) ccxt calls for perpetual positions: exchange info, leverage brackets,
 * setting leverage, market orders (one-way mode, isolated margin) and position risk.
 */
export type MockFuturesPosition = { amt: number; entry: number; leverage: number; margin: number };

export type MockBinance = {
  url: string;
  apiKey: string;
  secret: string;
  prices: Record<string, number>;
  balances: Record<string, { free: number; locked: number }>;
  /** USDT-M futures positions by symbol (amt > 0 long, < 0 short), and the futures wallet's USDT. */
  futures: { positions: Record<string, MockFuturesPosition>; wallet: number };
  requests: string[];
  /** Knobs for the next spot order: placed but answered only after this many ms (a timeout to the caller), refused with this message, or a market order that fills only this fraction. */
  next: { slowMs?: number; refuse?: string; fillFraction?: number };
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
  status: 'NEW' | 'FILLED' | 'CANCELED' | 'EXPIRED';
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
  const futures: MockBinance['futures'] = { positions: {}, wallet: 5_000 };
  const leverages: Record<string, number> = {};
  const orders: MockOrder[] = [];
  const trades: Record<string, unknown>[] = [];
  const requests: string[] = [];
  const next: MockBinance['next'] = {};
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
        case 'GET /fapi/v1/exchangeInfo':
          return json(res, {
            timezone: 'UTC',
            serverTime: Date.now(),
            rateLimits: [],
            assets: [{ asset: 'USDT', marginAvailable: true }],
            symbols: Object.entries(SYMBOLS).map(([symbol, m]) => ({
              symbol,
              pair: symbol,
              contractType: 'PERPETUAL',
              deliveryDate: 4133404800000,
              onboardDate: 1569398400000,
              status: 'TRADING',
              baseAsset: m.base,
              quoteAsset: m.quote,
              marginAsset: m.quote,
              pricePrecision: 2,
              quantityPrecision: m.step.split('.')[1]?.length ?? 0,
              baseAssetPrecision: 8,
              quotePrecision: 8,
              underlyingType: 'COIN',
              orderTypes: ['LIMIT', 'MARKET'],
              timeInForce: ['GTC'],
              filters: [
                { filterType: 'PRICE_FILTER', minPrice: m.tick, maxPrice: '1000000', tickSize: m.tick },
                { filterType: 'LOT_SIZE', minQty: m.step, maxQty: '1000', stepSize: m.step },
                { filterType: 'MARKET_LOT_SIZE', minQty: m.step, maxQty: '1000', stepSize: m.step },
                { filterType: 'MIN_NOTIONAL', notional: '5' },
              ],
            })),
          });
        case 'GET /fapi/v1/leverageBracket':
          return json(
            res,
            Object.keys(SYMBOLS).map((symbol) => ({
              symbol,
              brackets: [
                {
                  bracket: 1,
                  initialLeverage: 125,
                  notionalCap: 10_000_000,
                  notionalFloor: 0,
                  maintMarginRatio: 0.005,
                  cum: 0,
                },
              ],
            })),
          );
        case 'POST /fapi/v1/leverage': {
          const symbol = params.get('symbol') ?? '';
          if (!symbolOf(symbol)) return error(res, 400, -1121, 'Invalid symbol.');
          leverages[symbol] = Number(params.get('leverage'));
          return json(res, { symbol, leverage: leverages[symbol], maxNotionalValue: '10000000' });
        }
        case 'POST /fapi/v1/order': {
          const symbol = params.get('symbol') ?? '';
          if (!symbolOf(symbol)) return error(res, 400, -1121, 'Invalid symbol.');
          if (params.get('type') !== 'MARKET') return error(res, 400, -1116, 'Invalid orderType.');
          const side = params.get('side') as 'BUY' | 'SELL';
          const qty = Number(params.get('quantity'));
          const price = prices[symbol]!;
          const reduceOnly = params.get('reduceOnly') === 'true';
          const leverage = leverages[symbol] ?? 20;
          const pos = futures.positions[symbol] ?? { amt: 0, entry: 0, leverage, margin: 0 };
          const signed = side === 'BUY' ? qty : -qty;
          if (reduceOnly && (pos.amt === 0 || Math.sign(pos.amt) === Math.sign(signed)))
            return error(res, 400, -2022, 'ReduceOnly Order is rejected.');
          const fee = qty * price * 0.0004;
          const closing = pos.amt !== 0 && Math.sign(pos.amt) !== Math.sign(signed);
          if (closing) {
            const closed = Math.min(Math.abs(signed), Math.abs(pos.amt));
            const pnl = (price - pos.entry) * closed * Math.sign(pos.amt);
            const release = (pos.margin * closed) / Math.abs(pos.amt);
            futures.wallet += release + pnl - fee;
            pos.margin -= release;
            pos.amt += Math.sign(signed) * closed;
          } else {
            const margin = (qty * price) / leverage;
            if (futures.wallet < margin + fee) return error(res, 400, -2019, 'Margin is insufficient.');
            futures.wallet -= margin + fee;
            pos.entry = (pos.entry * Math.abs(pos.amt) + price * qty) / (Math.abs(pos.amt) + qty);
            pos.amt += signed;
            pos.margin += margin;
            pos.leverage = leverage;
          }
          if (Math.abs(pos.amt) < 1e-12) delete futures.positions[symbol];
          else futures.positions[symbol] = pos;
          const id = nextId++;
          const now = Date.now();
          return json(res, {
            orderId: id,
            symbol,
            status: 'FILLED',
            clientOrderId: params.get('newClientOrderId') ?? `x-${id}`,
            price: '0',
            avgPrice: price.toFixed(2),
            origQty: String(qty),
            executedQty: String(qty),
            cumQuote: (qty * price).toFixed(8),
            timeInForce: 'GTC',
            type: 'MARKET',
            reduceOnly,
            closePosition: false,
            side,
            positionSide: 'BOTH',
            stopPrice: '0',
            workingType: 'CONTRACT_PRICE',
            priceProtect: false,
            origType: 'MARKET',
            updateTime: now,
          });
        }
        case 'GET /fapi/v3/positionRisk':
          return json(
            res,
            Object.entries(futures.positions).map(([symbol, p]) => {
              const mark = prices[symbol]!;
              const notional = p.amt * mark;
              const pnl = (mark - p.entry) * p.amt;
              const liq =
                p.amt > 0
                  ? (p.entry * p.amt - p.margin) / (p.amt * (1 - 0.005))
                  : (p.entry * -p.amt + p.margin) / (-p.amt * (1 + 0.005));
              return {
                symbol,
                positionSide: 'BOTH',
                positionAmt: String(p.amt),
                entryPrice: String(p.entry),
                breakEvenPrice: String(p.entry),
                markPrice: mark.toFixed(8),
                unRealizedProfit: pnl.toFixed(8),
                liquidationPrice: Math.max(0, liq).toFixed(8),
                isolatedMargin: p.margin.toFixed(8),
                notional: notional.toFixed(8),
                marginAsset: 'USDT',
                isolatedWallet: p.margin.toFixed(8),
                initialMargin: p.margin.toFixed(8),
                maintMargin: (Math.abs(notional) * 0.005).toFixed(8),
                positionInitialMargin: p.margin.toFixed(8),
                openOrderInitialMargin: '0',
                adl: 1,
                bidNotional: '0',
                askNotional: '0',
                updateTime: Date.now(),
              };
            }),
          );
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
        // The test's own knob, not Binance's API: moves a market's price (an e2e test drives a price path with it).
        case 'POST /__mock/price': {
          const symbol = params.get('symbol') ?? '';
          const price = Number(params.get('price'));
          if (!symbolOf(symbol) || !(price > 0))
            return error(res, 400, -1100, 'Illegal characters found in a parameter.');
          prices[symbol] = price;
          return json(res, { symbol, price });
        }
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
        case 'GET /api/v3/order': {
          const wanted = params.get('origClientOrderId');
          const order = orders.find((o) =>
            wanted ? o.clientOrderId === wanted : String(o.orderId) === params.get('orderId'),
          );
          if (!order || order.symbol !== params.get('symbol'))
            return error(res, 400, -2013, 'Order does not exist.');
          return json(res, order);
        }
        case 'POST /api/v3/order': {
          const knobs = { ...next };
          next.slowMs = undefined;
          next.refuse = undefined;
          next.fillFraction = undefined;
          if (knobs.refuse) return error(res, 400, -1013, knobs.refuse);
          const symbol = params.get('symbol') ?? '';
          const m = symbolOf(symbol);
          if (!m) return error(res, 400, -1121, 'Invalid symbol.');
          const side = params.get('side') as 'BUY' | 'SELL';
          const type = params.get('type') as 'MARKET' | 'LIMIT';
          let qty = Number(params.get('quantity'));
          const price = type === 'LIMIT' ? Number(params.get('price')) : prices[symbol]!;
          let cost = qty * price;
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
            // A market order the book could not fill whole: the rest expires (as Binance says for IOC remainders).
            const part = knobs.fillFraction ?? 1;
            qty = Number((qty * part).toFixed(8));
            cost = qty * price;
            const fee = cost * 0.001;
            if (side === 'BUY') {
              quote.free -= cost;
              base.free += qty;
            } else {
              base.free -= qty;
              quote.free += cost - fee;
            }
            order.status = part < 1 ? 'EXPIRED' : 'FILLED';
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
          if (knobs.slowMs) {
            setTimeout(() => json(res, { ...order, transactTime: now }), knobs.slowMs);
            return;
          }
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
    futures,
    requests,
    next,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
