import { describe, expect, it } from 'vitest';
import { createRootLogger } from '../lib/log.ts';
import { createTaskRunner } from './runner.ts';

/** A promise the test settles when it chooses. */
function deferred<T = void>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

const noLog = { error: () => {} };

describe('the task runner', () => {
  it("runs a task's steps one after the other: the next starts only once the previous has finished", async () => {
    const gates = [deferred(), deferred(), deferred()];
    const started = [deferred(), deferred(), deferred()];
    let steps = 0;
    let underWay = 0;
    let most = 0;
    const runner = createTaskRunner(noLog);
    runner.add({
      name: 'slow',
      every: 0,
      async step() {
        const n = steps++;
        underWay += 1;
        most = Math.max(most, underWay);
        started[n]?.resolve();
        await gates[n]?.promise;
        underWay -= 1;
      },
    });
    runner.start();
    await started[0]?.promise;
    // The first step is held: however many timers pass, no second step starts.
    await new Promise((r) => setTimeout(r, 30));
    expect(steps).toBe(1);
    gates[0]?.resolve();
    await started[1]?.promise;
    gates[1]?.resolve();
    await started[2]?.promise;
    gates[2]?.resolve();
    await runner.stop();
    expect(most).toBe(1);
  });

  it('stop() waits for the step under way (a payout signed, not yet broadcast), closes, and runs no more', async () => {
    const events: string[] = [];
    const signed = deferred();
    const broadcast = deferred();
    let steps = 0;
    const runner = createTaskRunner({ error: (m) => events.push(`error ${m}`) });
    runner.add({
      name: 'payouts',
      every: 1,
      async step() {
        steps += 1;
        events.push('signed');
        signed.resolve();
        await broadcast.promise;
        events.push('broadcast');
      },
      close: async () => {
        events.push('closed');
      },
    });
    runner.start();
    await signed.promise;
    const stopped = runner.stop().then(() => events.push('stopped'));
    await new Promise((r) => setTimeout(r, 20));
    expect(events).toEqual(['signed']);
    broadcast.resolve();
    await stopped;
    expect(events).toEqual(['signed', 'broadcast', 'closed', 'stopped']);
    await new Promise((r) => setTimeout(r, 20));
    expect(steps).toBe(1);
  });

  it('logs an error once until the task recovers, and goes on stepping after one', async () => {
    const said: string[] = [];
    const outcomes = ['node down', 'node down', 'node down', '', 'node down', 'timeout', ''];
    const done = deferred();
    let steps = 0;
    const runner = createTaskRunner({ error: (m) => said.push(m) });
    runner.add({
      name: 'deposit scanner',
      every: 0,
      async step() {
        const outcome = outcomes[steps++];
        if (steps === outcomes.length) done.resolve();
        if (outcome) throw new Error(outcome);
      },
    });
    runner.start();
    await done.promise;
    await runner.stop();
    expect(said).toEqual([
      'deposit scanner: node down',
      'deposit scanner: node down',
      'deposit scanner: timeout',
    ]);
  });

  it("runs each step in the task's log context, its error line included", async () => {
    const lines: Record<string, unknown>[] = [];
    const log = createRootLogger(
      { proc: 'test', level: 'info', format: 'json' },
      { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) },
    );
    let n = 0;
    const runner = createTaskRunner(log);
    runner.add({
      name: 'deposit scanner',
      every: 60_000,
      context: () => ({ scan: `pass-${++n}` }),
      async step() {
        log.info('scanning');
        throw new Error('node down');
      },
    });
    runner.start();
    await runner.stop();
    expect(lines.map((l) => [l.msg, l.scan])).toEqual([
      ['scanning', 'pass-1'],
      ['deposit scanner: node down', 'pass-1'],
    ]);
  });

  it('steps at once on start, then after each delay a function gives (the feed: the next second)', async () => {
    const third = deferred();
    const delays: number[] = [];
    let steps = 0;
    const runner = createTaskRunner(noLog);
    runner.add({
      name: 'feed',
      every: () => {
        delays.push(steps);
        return 1;
      },
      async step() {
        steps += 1;
        if (steps === 3) third.resolve();
      },
    });
    runner.start();
    expect(steps).toBe(1);
    await third.promise;
    await runner.stop();
    // The delay is asked for after each step has finished.
    expect(delays.slice(0, 2)).toEqual([1, 2]);
  });
});
