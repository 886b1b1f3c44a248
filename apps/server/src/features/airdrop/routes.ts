import { adminAirdropCampaign, adminAirdropCampaigns } from '@mp/contract';
import { handle, reply } from '../../platform/calls.ts';
import type { MoneyDeps } from '../../platform/money-deps.ts';
import { type Campaigns, campaignQuery, campaignView } from './campaign.ts';

/** The admins' airdrop calls: start a campaign (with a fresh two-factor code) and list campaigns with their progress. */
export function airdropRoutes(d: MoneyDeps, campaigns: Campaigns) {
  const { db } = d;
  return [
    handle(adminAirdropCampaign, async (input, ctx) => {
      await d.totp.require(ctx.member.id, input.totp);
      return reply(await campaigns.create(ctx.member.id, input), 'saved');
    }),

    handle(adminAirdropCampaigns, async ({ page, pagesize, id }) => {
      let q = campaignQuery(db);
      if (id) q = q.where('c.id', '=', id);
      const [rows, count] = await Promise.all([
        q
          .orderBy('c.id', 'desc')
          .limit(pagesize)
          .offset((page - 1) * pagesize)
          .execute(),
        db
          .selectFrom('airdrop_campaigns')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow(),
      ]);
      return { list: rows.map(campaignView), page, pagesize, total: id ? rows.length : Number(count.n) };
    }),
  ];
}
