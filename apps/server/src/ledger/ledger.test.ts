import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { insertBareMember } from '../../test/helpers.ts';
import { expectLedgerHealthy } from '../../test/money.ts';
import {
  checkLedger,
  createLedger,
  InsufficientFunds,
  type Ledger,
  memberAccount,
  platformAccount,
} from './index.ts';
import { PAYOUT_STAGE, postPayouts } from './payouts.ts';

let t: TestApp;
let ledger: Ledger;
let members: string[];

beforeAll(async () => {
  t = await createTestApp();
  ledger = createLedger(t.db);
  members = [];
  for (let i = 0; i < 4; i++) {
    members.push(await insertBareMember(t, `model${i}`));
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

describe('payouts: many members paid in one statement (property)', () => {
  type Leg = { member: number; wallet: 'funds' | 'deposit'; amount: number; reference: 'a' | 'b' };
  const legArb: fc.Arbitrary<Leg> = fc.record({
    member: fc.nat(3),
    wallet: fc.constantFrom('funds' as const, 'deposit' as const),
    amount: fc.integer({ min: 1, max: 1000 }),
    reference: fc.constantFrom('a' as const, 'b' as const),
  });
  let source = 0;
  // Members of their own, so every transfer of their accounts is a payout of this test.
  const payees: string[] = [];
  beforeAll(async () => {
    for (let i = 0; i < 4; i++) {
      payees.push(await insertBareMember(t, `payee${i}`));
    }
  });

  const balances = async () => {
    const rows = await sql<{ member_id: string; wallet: string; balance: string }>`
      select member_id::text, wallet, (credits_posted - debits_posted)::text balance from ledger_accounts
      where member_id = any(${payees}::bigint[]) and asset = 'USDT'`.execute(t.db);
    return new Map(rows.rows.map((r) => [`${r.member_id}/${r.wallet}`, BigInt(r.balance)]));
  };

  it('credits each account the sum of its legs, one transfer per leg or per member, wallet and reference, each with the balances after it', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(legArb, { minLength: 1, maxLength: 12 }),
        fc.boolean(),
        async (legs, combine) => {
          const before = await balances();
          const run = source;
          const values = legs.map(
            (l) =>
              sql`(${++source}::bigint, ${payees[l.member]}::bigint, ${l.wallet}::text, ${l.amount}::bigint,
              ${`payout-test:${run}:${l.reference}`}::text, ${JSON.stringify({ leg: source })}::jsonb)`,
          );
          const paid = await t.db.transaction().execute(async (tx) => {
            const result = await postPayouts(tx, ledger.accounts, {
              key: (first, last) => `payout-test:${first}-${last}`,
              kind: 'mining_income',
              from: platformAccount('mining_payouts', 'USDT'),
              combine,
              rows: sql`select * from (values ${sql.join(values)}) v(source_id, member_id, wallet, amount, reference,
              details)`,
            });
            const made = await sql<{
              n: number;
            }>`select count(distinct tid)::int n from ${sql.table(PAYOUT_STAGE)}`.execute(tx);
            return { result, transfers: made.rows[0]?.n };
          });
          expect(paid.result?.count).toBe(legs.length);
          const groups = new Set(legs.map((l) => `${l.member}/${l.wallet}/${l.reference}`));
          expect(paid.transfers).toBe(combine ? groups.size : legs.length);

          const after = await balances();
          const expected = new Map(before);
          for (const l of legs) {
            const key = `${payees[l.member]}/${l.wallet}`;
            expected.set(key, (expected.get(key) ?? 0n) + BigInt(l.amount));
          }
          expect(after).toEqual(expected);

          // Every transfer's balances after it are its accounts' running balances in transfer order.
          const wrong = await sql<{ id: string }>`
          select id::text from (
            select id, after, sum(delta) over (partition by account order by id) running from (
              select id, credit_account_id account, credit_balance_after after, amount delta from ledger_transfers
              union all
              select id, debit_account_id, debit_balance_after, -amount from ledger_transfers
            ) legs
            where account in (select id from ledger_accounts where member_id = any(${payees}::bigint[])
              or platform = 'mining_payouts')
          ) r where after <> running`.execute(t.db);
          expect(wrong.rows).toEqual([]);
        },
      ),
      { numRuns: 40 },
    );
    await expectLedgerHealthy(t);
  });
});
