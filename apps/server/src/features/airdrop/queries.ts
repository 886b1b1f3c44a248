import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

/**
 * How long a claim lasts unless renewed (after each batch). A crashed server's campaign waits this long for the next
 * server to continue it; a batch of credits that took longer would let a second server in, which costs nothing but
 * work (each credit is its own ledger operation, paid once).
 */
const LEASE = sql`interval '30 seconds'`;

/** A campaign as the server that claimed it runs it: where it is and who holds it. */
export type ClaimedCampaign = {
  id: string;
  name: string;
  amount_each: string;
  recipients: string[];
  done: number;
  holder: string;
};

/**
 * Claims the oldest running campaign (or `only` that one) that nobody holds, or whose holder's lease ran out (it
 * crashed, or is stuck). SKIP LOCKED: two servers claiming at once take different campaigns rather than queue; the
 * row lock then rechecks the lease on the row as committed, so one campaign is never claimed twice.
 *
 * A lease in the row rather than an advisory lock: a session lock would pin a pooled connection for the campaign's
 * whole run and a transaction lock would hold a transaction open across its thousands of ledger transactions,
 * while a lease holds nothing open, and the row says who runs the campaign and until when.
 */
export async function claimCampaign(db: Db, only?: string): Promise<ClaimedCampaign | undefined> {
  const holder = `${process.pid}:${randomUUID()}`;
  const rows = await sql<Omit<ClaimedCampaign, 'holder'>>`
    update airdrop_campaigns set claimed_by = ${holder}, claimed_until = now() + ${LEASE}
    where id = (
      select id from airdrop_campaigns
      where status = 'running' and (claimed_until is null or claimed_until < now())
        ${only === undefined ? sql`` : sql`and id = ${only}`}
      order by id limit 1 for update skip locked
    )
    returning id, name, amount_each, recipients, done`.execute(db);
  const row = rows.rows[0];
  return row && { ...row, holder };
}

/** Records progress and renews the lease; false when the lease went to another server meanwhile (it goes on). */
export async function recordProgress(db: Db, c: ClaimedCampaign, done: number): Promise<boolean> {
  const r = await db
    .updateTable('airdrop_campaigns')
    .set({ done: sql`greatest(done, ${done})`, claimed_until: sql`now() + ${LEASE}` })
    .where('id', '=', c.id)
    .where('claimed_by', '=', c.holder)
    .executeTakeFirst();
  return r.numUpdatedRows > 0n;
}

/** Gives the claim up: the next step (here or on another server) continues from `done`. */
export async function releaseCampaign(db: Db, c: ClaimedCampaign): Promise<void> {
  await db
    .updateTable('airdrop_campaigns')
    .set({ claimed_by: null, claimed_until: null })
    .where('id', '=', c.id)
    .where('claimed_by', '=', c.holder)
    .execute();
}

/** The campaign's end, whoever holds it: done, or failed with the error (an admin may start it again). */
export async function finishCampaign(
  db: Db,
  id: string,
  end: { status: 'done' } | { status: 'failed'; error: string },
): Promise<void> {
  await db
    .updateTable('airdrop_campaigns')
    .set({ ...end, claimed_by: null, claimed_until: null })
    .where('id', '=', id)
    .execute();
}
