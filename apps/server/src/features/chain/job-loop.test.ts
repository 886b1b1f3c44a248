import { expect, it } from 'vitest';
import { every2s } from './boot.ts';

/** The chain jobs' loop (deposit scanner, payouts): stopping waits for the step under way, and starts no other. */
it('stopping waits for the step under way (a payout between signing and broadcast) and runs no more', async () => {
  const events: string[] = [];
  let steps = 0;
  const stop = every2s(
    'payouts',
    async () => {
      steps += 1;
      events.push('signed');
      await new Promise((r) => setTimeout(r, 300));
      events.push('broadcast');
    },
    { error: (m) => events.push(`error ${m}`) },
  );
  await new Promise((r) => setTimeout(r, 50));
  await stop();
  events.push('stopped');
  expect(events).toEqual(['signed', 'broadcast', 'stopped']);
  await new Promise((r) => setTimeout(r, 2200));
  expect(steps).toBe(1);
});
