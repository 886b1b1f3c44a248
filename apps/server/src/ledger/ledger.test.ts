import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { expectLedgerHealthy } from '../../test/money.ts';
import {
  checkLedger,
  createLedger,
  InsufficientFunds,
  type Ledger,
  memberAccount,
  platformAccount,
} from './index.ts';

let t: TestApp;
let ledger: Ledger;
let members: string[];

beforeAll(async () => {
  t = await createTestApp();
  ledger = createLedger(t.db);
  members = [];
  for (let i = 0; i < 4; i++) {
    const row = await t.db
      .insertInto('members')
      .values({
        userid: `model${i}`,
        name: '',
        email: null,
        mobile: null,
        tel_prefix: null,
        password_hash: null,
        tx_password_hash: null,
        sponsor_id: null,
        placement_parent_id: null,
        side: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    members.push(row.id);
  }
});
afterAll(() => t.close());

type Op =
  | { kind: 'fund'; to: number; amount: bigint }
  | { kind: 'transfer'; from: number; to: number; amount: bigint }
  | { kind: 'hold'; from: number; amount: bigint }
  | { kind: 'settle'; which: number; post: boolean }
  | { kind: 'replay'; which: number };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({
    kind: fc.constant('fund' as const),
    to: fc.nat(3),
    amount: fc.bigInt({ min: 1n, max: 1000n }),
  }),
  fc.record({
    kind: fc.constant('transfer' as const),
    from: fc.nat(3),
    to: fc.nat(3),
    amount: fc.bigInt({ min: 1n, max: 600n }),
  }),
  fc.record({
    kind: fc.constant('hold' as const),
    from: fc.nat(3),
    amount: fc.bigInt({ min: 1n, max: 600n }),
  }),
  fc.record({ kind: fc.constant('settle' as const), which: fc.nat(20), post: fc.boolean() }),
  fc.record({ kind: fc.constant('replay' as const), which: fc.nat(20) }),
);

describe('the ledger against a BigInt model (property)', () => {
  it('random operation sequences keep balances equal to the model and the invariants true', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: 25 }), async (ops) => {
        run += 1;
        const asset = 'RP' as const; // a fresh wallet per run keeps runs independent
        const wallet = 'registration_points' as const;
        const balance = members.map(() => 0n);
        const pending = members.map(() => 0n);
        const holds: { id: string; from: number; amount: bigint; settled: boolean }[] = [];
        const done: { key: string; request: Record<string, unknown>; result: unknown; fast: boolean }[] = [];
        const acct = (i: number) => memberAccount(members[i]!, wallet, asset);
        // Each run starts from the balances the accounts already have.
        for (let i = 0; i < members.length; i++) {
          const b = await ledger.memberBalance(t.db, members[i]!, wallet, asset);
          balance[i] = b.balance;
          pending[i] = b.pending;
        }
        for (const [n, op] of ops.entries()) {
          const key = `model:${run}:${n}`;
          if (op.kind === 'fund') {
            await ledger.operation({ key, kind: 'fund', memberId: null, request: { n } }, (o) =>
              o
                .post([
                  {
                    debit: platformAccount('adjustments', asset),
                    credit: acct(op.to),
                    amount: op.amount,
                    kind: 'adjustment',
                  },
                ])
                .then(() => 'ok'),
            );
            balance[op.to]! += op.amount;
          } else if (op.kind === 'transfer') {
            if (op.from === op.to) continue;
            const enough = balance[op.from]! - pending[op.from]! >= op.amount;
            const request = { from: op.from, to: op.to, amount: op.amount.toString() };
            const legs = [{ debit: acct(op.from), credit: acct(op.to), amount: op.amount, kind: 'transfer' }];
            // Both paths: the general operation and the single-posting fast path.
            const attempt =
              n % 2 === 0
                ? ledger.operation({ key, kind: 'transfer', memberId: null, request }, (o) =>
                    o.post(legs).then(() => 'ok'),
                  )
                : ledger.post({ key, kind: 'transfer', memberId: null, request }, legs, () => 'ok');
            if (enough) {
              done.push({ key, request, result: await attempt, fast: n % 2 === 1 });
              balance[op.from]! -= op.amount;
              balance[op.to]! += op.amount;
            } else {
              await expect(attempt).rejects.toBeInstanceOf(InsufficientFunds);
            }
          } else if (op.kind === 'hold') {
            const enough = balance[op.from]! - pending[op.from]! >= op.amount;
            const attempt = ledger.operation(
              { key, kind: 'hold', memberId: null, request: { n } },
              async (o) => {
                const [h] = await o.post([
                  {
                    debit: acct(op.from),
                    credit: platformAccount('withdrawal_payouts', asset),
                    amount: op.amount,
                    kind: 'withdraw',
                    pending: true,
                  },
                ]);
                return h!.id;
              },
            );
            if (enough) {
              holds.push({ id: await attempt, from: op.from, amount: op.amount, settled: false });
              pending[op.from]! += op.amount;
            } else {
              await expect(attempt).rejects.toBeInstanceOf(InsufficientFunds);
            }
          } else if (op.kind === 'settle') {
            const h = holds[op.which % Math.max(holds.length, 1)];
            if (!h) continue;
            const attempt = ledger.operation({ key, kind: 'settle', memberId: null, request: { n } }, (o) =>
              o.resolve([h.id], op.post ? 'post' : 'void').then(() => 'ok'),
            );
            if (h.settled) {
              await expect(attempt).rejects.toThrow(/already resolved/);
              continue;
            }
            await attempt;
            h.settled = true;
            pending[h.from]! -= h.amount;
            if (op.post) balance[h.from]! -= h.amount;
          } else {
            const d = done[op.which % Math.max(done.length, 1)];
            if (!d) continue;
            // The same key and request again: the first result, and nothing moves.
            const again = d.fast
              ? await ledger.post(
                  { key: d.key, kind: 'transfer', memberId: null, request: d.request },
                  [{ debit: acct(0), credit: acct(1), amount: 1n, kind: 'transfer' }],
                  () => 'ok',
                )
              : await ledger.operation(
                  { key: d.key, kind: 'transfer', memberId: null, request: d.request },
                  () => {
                    throw new Error('must not run twice');
                  },
                );
            expect(again).toEqual(d.result);
          }
        }
        for (let i = 0; i < members.length; i++) {
          const b = await ledger.memberBalance(t.db, members[i]!, wallet, asset);
          expect(b.balance).toBe(balance[i]);
          expect(b.pending).toBe(pending[i]);
          expect(b.available).toBeGreaterThanOrEqual(0n);
        }
        expect((await checkLedger(t.db)).problems).toEqual([]);
      }),
      { numRuns: 30 },
    );
    await expectLedgerHealthy(t);
  }, 120_000);
});
