import type { ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { TooManyRequests } from '../../lib/errors.ts';
import { TICKS_CHANNEL, type TickMessage } from './feed.ts';

/**
 * The ticker stream (Server-Sent Events at GET /api/stream/tickers): each server listens once on the feed's
 * `mp_ticks` channel and writes every tick to all its clients, so prices move on screen without each client
 * polling. The listening connection opens with the first client and closes with the server. A client that cannot
 * keep up (its socket buffer over 1 MB) is dropped; EventSource reconnects by itself. `?symbols=A,B` narrows the
 * stream; a comment every 15 seconds keeps proxies from closing an idle stream. One address may hold `perIp`
 * streams open at a server (a page needs one; a few tabs or a shared address need some more); past that it is
 * refused with 429 and a retry time, so a loop of connections cannot starve the server's sockets.
 */
export const STREAM_PATH = '/api/stream/tickers';
const MAX_BUFFER = 1024 * 1024;

type Client = { res: ServerResponse; symbols: Set<string> | undefined; ip: string };

export function installTickerStream(
  app: FastifyInstance,
  connection: pg.ClientConfig,
  limits: { perIp: number },
) {
  const clients = new Set<Client>();
  const perIp = new Map<string, number>();
  const drop = (c: Client) => {
    if (!clients.delete(c)) return;
    const n = (perIp.get(c.ip) ?? 1) - 1;
    if (n > 0) perIp.set(c.ip, n);
    else perIp.delete(c.ip);
  };
  let listener: pg.Client | undefined;
  let connecting: Promise<void> | undefined;
  let latest: TickMessage | undefined;
  let closed = false;

  const frame = (msg: TickMessage, symbols: Set<string> | undefined) => {
    const body = symbols ? { ...msg, tickers: msg.tickers.filter((t) => symbols.has(t.symbol)) } : msg;
    return `event: tickers\ndata: ${JSON.stringify(body)}\n\n`;
  };

  function broadcast(msg: TickMessage) {
    latest = msg;
    const all = `event: tickers\ndata: ${JSON.stringify(msg)}\n\n`;
    for (const c of clients) {
      if (c.res.writableLength > MAX_BUFFER) {
        c.res.destroy();
        drop(c);
        continue;
      }
      c.res.write(c.symbols ? frame(msg, c.symbols) : all);
    }
  }

  function listen(): Promise<void> {
    if (listener || closed) return Promise.resolve();
    connecting ??= (async () => {
      const client = new pg.Client(connection);
      client.on('notification', (n) => {
        if (n.channel !== TICKS_CHANNEL || !n.payload) return;
        try {
          broadcast(JSON.parse(n.payload) as TickMessage);
        } catch {
          // not a tick
        }
      });
      const lost = () => {
        if (listener === client) listener = undefined;
        connecting = undefined;
        // Clients stay; the next one to arrive (or the timer below) listens again.
      };
      client.on('error', lost);
      client.on('end', lost);
      await client.connect();
      await client.query(`LISTEN ${TICKS_CHANNEL}`);
      listener = client;
    })().catch((err: unknown) => {
      connecting = undefined;
      app.log.warn(`ticker stream: ${String(err)}`);
    });
    return connecting;
  }

  const keepAlive = setInterval(() => {
    for (const c of clients) c.res.write(': keep-alive\n\n');
    if (clients.size > 0 && !listener) void listen();
  }, 15_000);
  keepAlive.unref();

  app.get(STREAM_PATH, (req, reply) => {
    const open = perIp.get(req.ip) ?? 0;
    if (open >= limits.perIp) throw new TooManyRequests(30);
    const q = req.query as { symbols?: string };
    const symbols = q.symbols
      ? new Set(
          q.symbols
            .split(',')
            .map((s) => s.trim().toUpperCase())
            .filter(Boolean)
            .slice(0, 50),
        )
      : undefined;
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
      'x-content-type-options': 'nosniff',
    });
    res.write('retry: 3000\n\n');
    if (latest) res.write(frame(latest, symbols));
    const client: Client = { res, symbols, ip: req.ip };
    clients.add(client);
    perIp.set(req.ip, open + 1);
    req.raw.on('close', () => drop(client));
    void listen();
  });

  app.addHook('onClose', async () => {
    closed = true;
    clearInterval(keepAlive);
    for (const c of clients) c.res.end();
    clients.clear();
    perIp.clear();
    await listener?.end().catch(() => {});
  });

  return { clients: () => clients.size };
}
