import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { fieldRefusal, Refusal } from '../../lib/errors.ts';
import { money, parseMoney } from '../../lib/amount.ts';
import { audit } from '../../platform/audit.ts';
import type { MoneyDeps } from '../../platform/money-deps.ts';
import { AIRDROP } from '../wallet/index.ts';
import { stepCampaigns } from './queue.ts';

type CampaignRow = {
  id: string;
  name: string;
  asset: string;
  amount_each: string;
  recipients: string[];
  done: number;
  status: 'running' | 'done' | 'failed';
  created_at: Date | string;
  created_by_userid: string | null;
};

export function campaignView(c: CampaignRow) {
  return {
    id: c.id,
    name: c.name,
    asset: c.asset,
    amount_each: money(c.amount_each, c.asset),
    total: c.recipients.length,
    done: c.done,
    status: c.status,
    created_at: new Date(c.created_at).toISOString(),
    created_by: c.created_by_userid ?? '',
  };
}

export function campaignQuery(db: Db) {
  return db
    .selectFrom('airdrop_campaigns as c')
    .leftJoin('members as m', 'm.id', 'c.created_by')
    .select([
      'c.id',
      'c.name',
      'c.asset',
      'c.amount_each',
      'c.recipients',
      'c.done',
      'c.status',
      'c.created_at',
      'm.userid as created_by_userid',
    ]);
}

async function recipientIds(
  db: Db,
  userids: string | undefined,
  all: boolean,
  rootUserid: string,
): Promise<string[]> {
  if (all) {
    const rows = await db
      .selectFrom('members')
      .select('id')
      .where('role', '=', 'member')
      .where('status', '=', 'active')
      .where(sql`lower(userid)`, '<>', rootUserid.toLowerCase())
      .orderBy('id')
      .execute();
    return rows.map((r) => r.id);
  }
  const wanted = [
    ...new Set(
      (userids ?? '')
        .split(/[\s,;]+/)
        .map((u) => u.trim().toLowerCase())
        .filter(Boolean),
    ),
  ];
  if (wanted.length === 0) throw fieldRefusal(422, 'userids', 'no_recipients');
  const rows = await db
    .selectFrom('members')
    .select(['id', 'userid'])
    .where(sql`lower(userid)`, 'in', wanted)
    .where('role', '=', 'member')
    .execute();
  const found = new Set(rows.map((r) => r.userid.toLowerCase()));
  const missing = wanted.filter((u) => !found.has(u));
  if (missing.length) throw fieldRefusal(404, 'userids', 'recipient_not_found');
  return rows.map((r) => r.id).sort((a, b) => Number(a) - Number(b));
}

/**
 * An admin airdrop to many members from the airdrop pool. The campaign is one row keyed by the admin's
 * idempotency key, run from PostgreSQL by whichever server claims it (queue.ts): each recipient's credit is its own
 * ledger operation keyed by (campaign, member), so a retry, a restart or a second server pays nobody twice.
 * Progress is the `done` count.
 */
export function createCampaigns(d: MoneyDeps) {
  /**
   * Runs the campaign's first step at once, through the same claim as the task's (so the two never race, and a
   * second start while one runs claims nothing); the main process's task (airdropCampaignTask) does the rest, or all
   * of it when another server holds the claim.
   */
  const start = (id: string) =>
    void stepCampaigns(d, id)
      // Nothing is lost: the campaign stays running, and the task's next step takes it.
      .catch((err: unknown) => d.log?.error({ err }, 'airdrop campaign step failed'));

  return {
    async create(
      adminId: string,
      input: {
        name: string;
        amount_each: string;
        userids?: string;
        all_members?: boolean;
        idempotency_key: string;
      },
    ) {
      const key = `admin:${adminId}:${input.idempotency_key}`;
      const existing = await campaignQuery(d.db).where('c.idempotency_key', '=', key).executeTakeFirst();
      if (existing) {
        if (existing.status === 'running' || existing.status === 'failed') {
          await d.db
            .updateTable('airdrop_campaigns')
            .set({ status: 'running' })
            .where('id', '=', existing.id)
            .execute();
          start(existing.id);
        }
        return campaignView(existing);
      }
      const amount = parseMoney(input.amount_each, AIRDROP.asset, 'amount_each');
      const recipients = await recipientIds(
        d.db,
        input.userids,
        Boolean(input.all_members),
        d.config.rootUserid,
      );
      if (recipients.length === 0) throw new Refusal(422, 'no_recipients');
      const row = await d.db
        .insertInto('airdrop_campaigns')
        .values({
          idempotency_key: key,
          name: input.name,
          asset: AIRDROP.asset,
          amount_each: amount.toString(),
          recipients,
          created_by: adminId,
        })
        .onConflict((oc) => oc.column('idempotency_key').doNothing())
        .returning('id')
        .executeTakeFirst();
      const id =
        row?.id ??
        (
          await d.db
            .selectFrom('airdrop_campaigns')
            .select('id')
            .where('idempotency_key', '=', key)
            .executeTakeFirstOrThrow()
        ).id;
      if (row)
        await audit(d.db, adminId, 'airdrop.campaign', `campaign:${id}`, {
          name: input.name,
          recipients: recipients.length,
          amount_each: input.amount_each,
        });
      start(id);
      return campaignView(await campaignQuery(d.db).where('c.id', '=', id).executeTakeFirstOrThrow());
    },
  };
}

export type Campaigns = ReturnType<typeof createCampaigns>;
