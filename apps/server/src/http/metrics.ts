import cluster, { type Worker } from 'node:cluster';
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type pg from 'pg';
import {
  AggregatorRegistry,
  Counter,
  Gauge,
  Histogram,
  type MetricObjectWithValues,
  type MetricValue,
} from 'prom-client';
import { poolOf } from '../db/database.ts';
import type { Deps } from '../platform/deps.ts';
import { processRegistry } from '../platform/metrics.ts';
import { businessRegistry } from './business-metrics.ts';
import type { ReadinessChecks } from './health.ts';

/**
 * Prometheus metrics at GET /metrics (DESIGN.md section 3), in two parts:
 *
 * - Process metrics (this registry): calls, latency, event-loop lag and the other Node.js defaults, database pool
 *   use, login failures. Each process counts its own. With HTTP workers (node:cluster, serve.ts) a scrape lands on
 *   one worker, which asks the main process over the cluster's IPC channel; the main process collects every
 *   worker's metrics and its own and sums them (prom-client's AggregatorRegistry.aggregate: counters and histograms
 *   add up, event-loop lag is averaged), so any worker answers the same totals for the whole machine.
 * - Business gauges, read from the database (and the chain's node) by the answering process at scrape time, cached
 *   15 s: the same figures whichever process answers, so they are never summed. The ledger's invariant check is
 *   heavy: it runs at most once a minute, in the background after the first.
 */

const httpRequests = new Counter({
  name: 'mp_http_requests_total',
  help: 'HTTP requests answered, by route template (an API call is /api/<name>) and status code',
  labelNames: ['route', 'method', 'status'] as const,
  registers: [processRegistry],
});

const httpDuration = new Histogram({
  name: 'mp_http_request_duration_seconds',
  help: 'Time to answer an HTTP request, by route template',
  labelNames: ['route', 'method'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [processRegistry],
});

/** The pools of the apps in this process (one, except in tests). */
const pools = new Set<pg.Pool>();
const poolGauge = (name: string, help: string, read: (p: pg.Pool) => number) =>
  new Gauge({
    name,
    help,
    registers: [processRegistry],
    collect() {
      let n = 0;
      for (const p of pools) n += read(p);
      this.set(n);
    },
  });
poolGauge('mp_db_pool_connections', 'PostgreSQL connections open in the pools', (p) => p.totalCount);
poolGauge('mp_db_pool_idle', 'PostgreSQL connections open and idle', (p) => p.idleCount);
poolGauge('mp_db_pool_in_use', 'PostgreSQL connections checked out', (p) => p.totalCount - p.idleCount);
poolGauge('mp_db_pool_waiting', 'Queries waiting for a connection', (p) => p.waitingCount);

// ---- Cluster aggregation over IPC (see the comment at the top) ----

type MetricsJson = MetricObjectWithValues<MetricValue<string>>[];
type Msg =
  | { mp: 'metrics'; op: 'ask'; id: number }
  | { mp: 'metrics'; op: 'text'; id: number; text: string }
  | { mp: 'metrics'; op: 'collect'; id: number }
  | { mp: 'metrics'; op: 'json'; id: number; metrics: MetricsJson };
const isMsg = (m: unknown): m is Msg =>
  (m as Msg | null)?.mp === 'metrics' && typeof (m as Msg).id === 'number';
const IPC_TIMEOUT_MS = 3_000;

/** The main process: every worker's metrics and its own, summed. */
async function machineMetrics(): Promise<string> {
  const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => !!w?.isConnected());
  const parts = await Promise.all(
    workers.map(
      (w) =>
        new Promise<MetricsJson | undefined>((resolve) => {
          const id = nextId++;
          const timer = setTimeout(() => finish(undefined), IPC_TIMEOUT_MS);
          function finish(v: MetricsJson | undefined) {
            clearTimeout(timer);
            w.off('message', onMessage);
            resolve(v);
          }
          function onMessage(m: unknown) {
            if (isMsg(m) && m.op === 'json' && m.id === id) finish(m.metrics);
          }
          w.on('message', onMessage);
          w.send({ mp: 'metrics', op: 'collect', id } satisfies Msg);
        }),
    ),
  );
  const own = (await processRegistry.getMetricsAsJSON()) as MetricsJson;
  const all = [own, ...parts.filter((p): p is MetricsJson => p !== undefined)];
  return AggregatorRegistry.aggregate(all as never).metrics();
}

let nextId = 1;
const waiting = new Map<number, (text: string | undefined) => void>();

if (cluster.isPrimary) {
  // Installed in the main process of `npm start` (serve.ts imports the app, which imports this module).
  cluster.on('message', (worker: Worker, m: unknown) => {
    if (!isMsg(m) || m.op !== 'ask') return;
    machineMetrics().then(
      (text) =>
        worker.isConnected() && worker.send({ mp: 'metrics', op: 'text', id: m.id, text } satisfies Msg),
      () =>
        worker.isConnected() && worker.send({ mp: 'metrics', op: 'text', id: m.id, text: '' } satisfies Msg),
    );
  });
} else if (cluster.isWorker) {
  process.on('message', (m: unknown) => {
    if (!isMsg(m)) return;
    if (m.op === 'collect')
      void processRegistry.getMetricsAsJSON().then((metrics) =>
        process.send?.({
          mp: 'metrics',
          op: 'json',
          id: m.id,
          metrics: metrics as MetricsJson,
        } satisfies Msg),
      );
    else if (m.op === 'text') {
      waiting.get(m.id)?.(m.text || undefined);
      waiting.delete(m.id);
    }
  });
}

/** This process's metrics, or the whole machine's when this is an HTTP worker (the main process sums them). */
export async function processMetrics(): Promise<string> {
  if (cluster.isWorker && process.send) {
    const id = nextId++;
    const text = await new Promise<string | undefined>((resolve) => {
      const timer = setTimeout(() => {
        waiting.delete(id);
        resolve(undefined);
      }, IPC_TIMEOUT_MS);
      waiting.set(id, (t) => {
        clearTimeout(timer);
        resolve(t);
      });
      process.send?.({ mp: 'metrics', op: 'ask', id } satisfies Msg);
    });
    if (text !== undefined) return text;
    // The main process did not answer: this worker's own figures rather than nothing.
  }
  return processRegistry.metrics();
}

type AnswerLabels = {
  counted: { route: string; method: string; status: string };
  timed: { route: string; method: string };
};
/**
 * The label objects of each route, method and status answered so far (route templates, Node's methods and the status
 * codes are few, so this stays small; past the bound new sets are simply not kept).
 */
const answerLabels = new Map<string, AnswerLabels>();

function labelsOf(route: string, method: string, statusCode: number): AnswerLabels {
  const key = `${method} ${statusCode} ${route}`;
  const known = answerLabels.get(key);
  if (known) return known;
  const labels = { counted: { route, method, status: String(statusCode) }, timed: { route, method } };
  if (answerLabels.size < 10_000) answerLabels.set(key, labels);
  return labels;
}

function bearer(req: FastifyRequest): string {
  const h = req.headers.authorization ?? '';
  return h.toLowerCase().startsWith('bearer ') ? h.slice(7).trim() : '';
}

function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Counts every request and serves GET /metrics: with METRICS_TOKEN set only to `Authorization: Bearer <token>`
 * (401 otherwise); without it open, except under NODE_ENV=production where it answers 404 (never public by accident).
 */
export function installMetrics(
  app: FastifyInstance,
  deps: Pick<Deps, 'db' | 'clock' | 'config'>,
  readiness: ReadinessChecks,
): void {
  const pool = poolOf(deps.db);
  pools.add(pool);
  app.addHook('onClose', async () => {
    pools.delete(pool);
  });

  // A plain hook, not an async one (a promise and its microtasks per answer), with each label set made once.
  app.addHook('onResponse', (req: FastifyRequest, reply: FastifyReply, done: () => void) => {
    const labels = labelsOf(req.routeOptions.url ?? 'unmatched', req.method, reply.statusCode);
    httpRequests.inc(labels.counted);
    httpDuration.observe(labels.timed, reply.elapsedTime / 1000);
    done();
  });

  const business = businessRegistry(deps, readiness);
  const token = deps.config.metricsToken;
  const hidden = !token && deps.config.env === 'production';

  app.get('/metrics', { logLevel: 'silent' }, async (req, reply) => {
    if (hidden) return reply.code(404).type('text/plain').send('Not Found\n');
    if (token && !sameToken(bearer(req), token)) {
      return reply.code(401).header('www-authenticate', 'Bearer').type('text/plain').send('Unauthorized\n');
    }
    await business.collect();
    const [own, biz] = await Promise.all([processMetrics(), business.registry.metrics()]);
    reply.header('cache-control', 'no-store').type(processRegistry.contentType);
    return `${own.trimEnd()}\n${biz}`;
  });
}
