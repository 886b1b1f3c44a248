import type { Worker } from 'node:cluster';
import type { RateLimiter } from './rate-limit.ts';

/**
 * Rate limits shared by the worker processes of one machine without Redis: the primary process keeps the counters
 * (one in-memory limiter) and each worker asks it over the cluster's IPC channel. Login, verification-code and
 * transaction-password limits then hold across workers exactly as in one process.
 */
type Ask = { mp: 'rl'; id: number; op: 'hit' | 'count'; key: string; limit?: number; windowMs?: number };
type Answer = { mp: 'rl'; id: number; result?: unknown; error?: string };

const isAsk = (m: unknown): m is Ask => (m as Ask | null)?.mp === 'rl' && typeof (m as Ask).id === 'number';

/** Primary side: answers one worker's questions from `limiter`. */
export function answerRateLimits(worker: Worker, limiter: RateLimiter): void {
  worker.on('message', (m: unknown) => {
    if (!isAsk(m)) return;
    const work = m.op === 'hit' ? limiter.hit(m.key, m.limit ?? 0, m.windowMs ?? 0) : limiter.count(m.key);
    work.then(
      (result) => worker.isConnected() && worker.send({ mp: 'rl', id: m.id, result } satisfies Answer),
      (err: unknown) =>
        worker.isConnected() && worker.send({ mp: 'rl', id: m.id, error: String(err) } satisfies Answer),
    );
  });
}

/** Worker side: a limiter whose counters live in the primary process. */
export function primaryRateLimiter(): RateLimiter {
  const waiting = new Map<number, { resolve: (v: never) => void; reject: (e: Error) => void }>();
  let next = 1;
  process.on('message', (m: unknown) => {
    const a = m as Answer;
    if (a?.mp !== 'rl') return;
    const w = waiting.get(a.id);
    if (!w) return;
    waiting.delete(a.id);
    if (a.error) w.reject(new Error(a.error));
    else w.resolve(a.result as never);
  });
  const ask = <T>(q: Omit<Ask, 'mp' | 'id'>): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      if (!process.send) return reject(new Error('not a worker process'));
      const id = next++;
      waiting.set(id, { resolve, reject });
      process.send({ mp: 'rl', id, ...q } satisfies Ask);
    });
  return {
    hit: (key, limit, windowMs) => ask({ op: 'hit', key, limit, windowMs }),
    count: (key) => ask({ op: 'count', key }),
  };
}
