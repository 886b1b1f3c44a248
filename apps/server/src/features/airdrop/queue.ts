import { memberAccount, platformAccount } from '../../ledger/index.ts';
import type { MoneyDeps } from '../../platform/money-deps.ts';
import type { PeriodicTask } from '../../platform/scheduler.ts';
import { AIRDROP } from '../wallet/index.ts';
import {
  type ClaimedCampaign,
  claimCampaign,
  finishCampaign,
  recordProgress,
  releaseCampaign,
} from './queries.ts';

/** Credits between two progress records (and lease renewals): what a crash makes the next holder run again. */
const BATCH = 100;
/** Batches per step: a step ends within seconds, so a stopping server waits little for it. */
const STEP_BATCHES = 10;
/** How often an idle server looks for a campaign to run; a step that ran one is followed at once by the next. */
const IDLE_EVERY_MS = 2_000;

export type QueueDeps = Pick<MoneyDeps, 'db' | 'ledger'>;

/**
 * One step of the campaigns' queue (issue 28): claims a running campaign nobody holds (the oldest, or `only`), pays
 * its next batches from `done` on, and gives the claim up, or ends the campaign. True when it ran one. A server that
 * dies mid-step leaves its lease to run out; the next holder continues from `done`, and the credits made after it
 * are skipped by their ledger keys (a re-run of an operation returns its stored result and posts nothing).
 */
export async function stepCampaigns(d: QueueDeps, only?: string, stopping?: AbortSignal): Promise<boolean> {
  const c = await claimCampaign(d.db, only);
  if (!c) return false;
  try {
    const end = Math.min(c.recipients.length, c.done + STEP_BATCHES * BATCH);
    for (let i = c.done; i < end; i += BATCH) {
      const batch = c.recipients.slice(i, Math.min(i + BATCH, end));
      for (const memberId of batch) await credit(d, c, memberId);
      if (!(await recordProgress(d.db, c, i + batch.length))) return true;
      // Stopping: the claim is given up after this batch, and the next holder continues from `done`.
      if (stopping?.aborted && i + BATCH < end) {
        await releaseCampaign(d.db, c);
        return true;
      }
    }
    if (end === c.recipients.length) await finishCampaign(d.db, c.id, { status: 'done' });
    else await releaseCampaign(d.db, c);
  } catch (err) {
    await finishCampaign(d.db, c.id, { status: 'failed', error: String(err) });
  }
  return true;
}

/** One recipient's credit from the airdrop pool: its own ledger operation, keyed by (campaign, member). */
async function credit(d: QueueDeps, c: ClaimedCampaign, memberId: string) {
  await d.ledger.operation(
    {
      key: `airdrop-campaign:${c.id}:${memberId}`,
      kind: 'airdrop_campaign',
      memberId,
      request: { campaign: c.id },
    },
    async (op) => {
      const [t] = await op.post([
        {
          debit: platformAccount('airdrop_pool', AIRDROP.asset),
          credit: memberAccount(memberId, AIRDROP.wallet, AIRDROP.asset),
          amount: BigInt(c.amount_each),
          kind: 'airdrop',
          reference: c.name,
          details: { from: 'airdrop', campaign: c.id },
        },
      ]);
      return { transfer: t!.id };
    },
  );
}

/** The main process's runner of campaigns: any server's task continues any campaign (main.ts adds it). */
export function airdropCampaignTask(d: QueueDeps): PeriodicTask {
  let busy = false;
  return {
    name: 'airdrop campaigns',
    every: () => (busy ? 0 : IDLE_EVERY_MS),
    step: async (stopping) => {
      busy = false;
      busy = await stepCampaigns(d, undefined, stopping);
    },
  };
}
