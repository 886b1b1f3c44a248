import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { feedOf } from '../db/change-feed.ts';
import { insertBareMember } from '../../test/helpers.ts';
import { expectLedgerHealthy } from '../../test/money.ts';
import { Refusal } from '../lib/errors.ts';
import {
  createLedger,
  InactiveMember,
  InsufficientFunds,
  type Ledger,
  memberAccount,
  platformAccount,
} from './index.ts';

let t: TestApp;
let ledger: Ledger;

beforeAll(async () => {
  t = await createTestApp();
  ledger = createLedger(t.db);
});
afterAll(() => t.close());

const newMember = (userid: string) => insertBareMember(t, userid);

const acct = (member: string) => memberAccount(member, 'funds', 'USDT');

type Sent = { key: string; from: string; to: string; amount: bigint };
type Answer = { id: string; after: bigint };

/** A transfer on the ledger's fast path; its answer is the operation and the sender's balance after. */
function send(s: Sent, active: string[] = []): Promise<Answer> {
  return ledger.post(
    { key: s.key, kind: 'transfer', memberId: s.from, request: { to: s.to, amount: s.amount.toString() } },
    [{ debit: acct(s.from), credit: acct(s.to), amount: s.amount, kind: 'transfer' }],
    (id, posted) => ({ id, after: posted[0]!.debitBalanceAfter }),
    active,
  );
}

describe('postings that wait for the database go together (ledger_post_batch)', () => {
  it('many concurrent transfers into and out of one member: exact balances, none below zero, keys once', async () => {
    const hot = await newMember('batchhot');
    const others = await Promise.all([0, 1, 2, 3, 4, 5, 6, 7].map((i) => newMember(`batch${i}`)));
    const frozen = await newMember('batchfrozen');
    await t.db.updateTable('members').set({ status: 'frozen' }).where('id', '=', frozen).execute();
    // The hot member starts with 1,000; every other member with 2,000, more than it ever sends.
    const start = (m: string) => (m === hot ? 1000n : 2000n);
    await ledger.operation({ key: 'batch-fund', kind: 'fund', memberId: null, request: {} }, (op) =>
      op
        .post(
          [hot, ...others].map((m) => ({
            debit: platformAccount('adjustments', 'USDT'),
            credit: acct(m),
            amount: start(m),
            kind: 'adjustment',
          })),
        )
        .then(() => 'ok'),
    );

    // Each member sends 30 x 40 into the hot one (always affordable); the hot one sends 60 x 300 out, more than the
    // 10,600 it ever holds, so at least 25 of those must be refused, and which ones depends on the order they land in.
    const sent: Sent[] = [];
    others.forEach((m, i) => {
      for (let n = 0; n < 30; n++) sent.push({ key: `in-${i}-${n}`, from: m, to: hot, amount: 40n });
    });
    for (let n = 0; n < 60; n++) sent.push({ key: `out-${n}`, from: hot, to: others[n % 8]!, amount: 300n });
    sent.sort(() => Math.random() - 0.5);
    // Replays of transfers that can always be afforded (a refused one leaves its key unused for a later retry).
    const replays = sent.filter((s) => s.to === hot).slice(0, 20);
    const toFrozen = { key: 'to-frozen', from: others[0]!, to: frozen, amount: 1n };
    const malformed = { key: 'malformed', from: others[1]!, to: hot, amount: 0n };

    const settled = await Promise.allSettled([
      ...sent.map((s) => send(s)),
      ...replays.map((s) => send(s)),
      send(toFrozen, [frozen]),
      send(malformed),
    ]);
    const answers = settled.slice(0, sent.length);
    const again = settled.slice(sent.length, sent.length + replays.length);
    const [frozenOutcome, malformedOutcome] = settled.slice(-2);

    // Only the refusals a transfer can meet: short of money, a frozen recipient, a malformed leg, a reused key.
    expect(frozenOutcome).toMatchObject({ status: 'rejected', reason: expect.any(InactiveMember) });
    expect(malformedOutcome).toMatchObject({
      status: 'rejected',
      reason: expect.objectContaining({ message: expect.stringMatching(/bad leg/) }),
    });
    for (const a of answers) {
      if (a.status === 'rejected') expect(a.reason).toBeInstanceOf(InsufficientFunds);
    }
    // A replay got the very answer of the first request with its key (whichever of the two went first).
    replays.forEach((s, i) => {
      const first = answers[sent.indexOf(s)]!;
      expect(again[i]!.status).toBe(first.status);
      if (first.status === 'fulfilled') expect(again[i]).toEqual(first);
    });

    // The same key with another request, once the first is in: refused, nothing moves.
    await expect(send({ ...replays[0]!, amount: 2n })).rejects.toBeInstanceOf(Refusal);

    const balance = new Map<string, bigint>([hot, ...others].map((m) => [m, start(m)]));
    sent.forEach((s, i) => {
      if (answers[i]!.status !== 'fulfilled') return;
      balance.set(s.from, balance.get(s.from)! - s.amount);
      balance.set(s.to, balance.get(s.to)! + s.amount);
    });
    for (const [m, expected] of balance) {
      const b = await ledger.memberBalance(t.db, m, 'funds', 'USDT');
      expect(b.balance).toBe(expected);
      expect(b.balance).toBeGreaterThanOrEqual(0n);
    }
    // Every member-to-hot transfer was affordable; some hot-to-member ones cannot have been.
    expect(answers.filter((a, i) => a.status === 'rejected' && sent[i]!.to === hot)).toEqual([]);
    expect(answers.filter((a) => a.status === 'rejected').length).toBeGreaterThanOrEqual(25);

    // Each operation once, and the hot account's transfers chain: each balance after follows from the one before.
    const ops = await sql<{
      n: number;
      at: number;
    }>`select count(*)::int as n, count(distinct created_at)::int as at
      from ledger_operations where idempotency_key = any(${sent.map((s) => s.key)})`.execute(t.db);
    expect(ops.rows[0]!.n).toBe(answers.filter((a) => a.status === 'fulfilled').length);
    // Operations posted in one batch share its transaction's time: the batch path ran, not only the single one.
    expect(ops.rows[0]!.at).toBeLessThan(ops.rows[0]!.n);
    const hotId = (await ledger.accounts.idsFor(t.db, [acct(hot)]))[0]!;
    const chain = await sql<{ amount: string; into: boolean; after: string }>`select amount,
        credit_account_id = ${hotId} as into,
        case when credit_account_id = ${hotId} then credit_balance_after else debit_balance_after end as after
      from ledger_transfers where ${hotId} in (debit_account_id, credit_account_id) order by id`.execute(
      t.db,
    );
    let running = 0n;
    for (const row of chain.rows) {
      running += row.into ? BigInt(row.amount) : -BigInt(row.amount);
      expect(BigInt(row.after)).toBe(running);
    }
    expect(running).toBe(balance.get(hot));
    await expectLedgerHealthy(t);
  }, 60_000);

  it("another server's cached balances are fresh once its change feed told it of a batch's postings", async () => {
    const other = await createTestApp({ database: t.url });
    try {
      const feed = feedOf(other.db);
      while (!feed.live) await new Promise((r) => setTimeout(r, 5));
      const members = await Promise.all([0, 1, 2, 3].map((i) => newMember(`batchfeed${i}`)));
      await ledger.operation({ key: 'batch-feed-fund', kind: 'fund', memberId: null, request: {} }, (op) =>
        op
          .post(
            members.map((m) => ({
              debit: platformAccount('adjustments', 'USDT'),
              credit: acct(m),
              amount: 1000n,
              kind: 'adjustment',
            })),
          )
          .then(() => 'ok'),
      );
      // What the other server shows, from its cache once it has read a member (the funding is already committed).
      const otherLedger = createLedger(other.db);
      const shown = async (m: string) =>
        (await otherLedger.memberBalances(other.db, m)).find((b) => b.wallet === 'funds')?.balance;
      for (const m of members) expect(await shown(m)).toBe(1000n);

      // The members this server heard of through the feed (from this test's server; 'all' names every one).
      const heard = new Set<string>();
      const allHeard = new Promise<void>((resolve) =>
        feed.on('balances', (changed) => {
          for (const m of changed === 'all' ? members : changed) heard.add(m);
          if (members.every((m) => heard.has(m))) resolve();
        }),
      );
      // The other server keeps reading while the postings land, so reads race the changes.
      let posting = true;
      const reader = (async () => {
        while (posting) {
          await Promise.all(members.map(shown));
          // A read from memory resolves at once: let the postings' I/O run between rounds.
          await new Promise((r) => setImmediate(r));
        }
      })();
      const sent = members.flatMap((from, i) =>
        [1, 2, 3, 4, 5, 6].map((n) => ({
          key: `feed-${i}-${n}`,
          from,
          to: members[(i + 1 + (n % 3)) % members.length]!,
          amount: BigInt(n * 10 + i),
        })),
      );
      const answers = await Promise.all(sent.map((x) => send(x))).finally(() => {
        posting = false;
      });
      await reader;
      const at = await sql<{ n: number }>`select count(distinct created_at)::int as n from ledger_operations
        where idempotency_key = any(${sent.map((x) => x.key)})`.execute(t.db);
      // Some of them went in one batch (they share its transaction's time).
      expect(at.rows[0]!.n).toBeLessThan(answers.length);

      // The feed's notifications come within ms; the bound only turns a missing one into a clear failure.
      await Promise.race([allHeard, new Promise((r) => setTimeout(r, 10_000))]);
      expect(members.filter((m) => !heard.has(m))).toEqual([]);
      // Later postings' notifications may still be on their way (one goes out every 5 ms), so the other server is
      // read until it shows the committed balance, for 3 s at most: a read it wrongly kept would stay for 7.5 s or
      // more (BALANCE_CACHE_MS with its jitter).
      for (const m of members) {
        const truth = (await ledger.memberBalance(t.db, m, 'funds', 'USDT')).balance;
        const started = Date.now();
        while ((await shown(m)) !== truth && Date.now() - started < 3000)
          await new Promise((r) => setTimeout(r, 5));
        expect(await shown(m)).toBe(truth);
      }
    } finally {
      await other.close();
    }
  }, 30_000);
});
