import {
  addFavorite,
  adminDashboard,
  adminMemberDetail,
  adminMemberList,
  adminMemberStatus,
  adminPlan,
  adminPlanPreview,
  adminPlanSave,
  downlineList,
  downlineList2,
  fiveLevel,
  getTree,
  groupInfo2,
  invitationCode,
  placementTree,
  searchDownline,
  searchMember as searchMemberCall,
  searchUserid,
  showFavorite2,
  unfavorite,
} from '@mp/contract';
import QRCode from 'qrcode';
import type { Deps } from '../../platform/deps.ts';

type WaitingFigures = {
  withdrawals_waiting_long: number;
  oldest_waiting_since: string;
  wait_alert_hours: number;
};
import { type CallRoute, handle, reply } from '../../platform/calls.ts';
import type { Sessions } from '../../platform/session-store.ts';
import {
  dashboard,
  memberDetail,
  memberList,
  planView,
  previewPlan,
  savePlan,
  setMemberStatus,
} from './admin.ts';
import { directDownline, fiveLevels, groupInfo, levelDownline, searchSponsorDownline } from './downline.ts';
import { favorites, searchMember, searchPlacement, setFavorite, treeView } from './tree.ts';

/** The register page's route; it pre-fills the sponsor and side from the query. */
const REGISTER_ROUTE = '/#/pages/register/register';

/**
 * The network calls (issue 4): trees, downlines, favourites, team summary, and the admin's member and plan pages.
 * `waiting` is the dashboard's warning of withdrawals waiting too long (the withdraw area's figure, passed in by the
 * composition root).
 */
export function networkRoutes(
  deps: Deps,
  sessions: Sessions,
  waiting: () => Promise<WaitingFigures>,
): CallRoute[] {
  const { db } = deps;
  return [
    handle(getTree, (input, ctx) => treeView(db, ctx.member, input.userid, input.levels)),
    handle(placementTree, (input, ctx) => treeView(db, ctx.member, input.userid, input.levels)),
    handle(downlineList, (input, ctx) => directDownline(db, ctx.member, input.page, input.pagesize)),
    handle(downlineList2, (input, ctx) =>
      levelDownline(db, ctx.member, input.level, input.page, input.pagesize),
    ),
    handle(searchDownline, (input, ctx) =>
      searchSponsorDownline(db, ctx.member, input.keyword, input.page, input.pagesize),
    ),
    handle(fiveLevel, (_input, ctx) => fiveLevels(db, ctx.member)),
    handle(searchUserid, (input, ctx) => searchPlacement(db, ctx.member, input.userid)),
    handle(searchMemberCall, (input, ctx) => searchMember(db, ctx.member, input.userid)),
    handle(invitationCode, async (_input, ctx) => {
      // The general link leaves the side to the friend (the sign-up form asks); the other two place them on a side.
      const link = `${ctx.origin ?? ''}${REGISTER_ROUTE}?sponsor=${encodeURIComponent(ctx.member.userid)}`;
      return {
        code: ctx.member.userid,
        link,
        left_link: `${link}&side=L`,
        right_link: `${link}&side=R`,
        qr_data_url: await QRCode.toDataURL(link, { margin: 1, width: 240 }),
      };
    }),
    handle(addFavorite, async (input, ctx) =>
      reply(await setFavorite(db, ctx.member, input.userid, true), 'saved'),
    ),
    handle(unfavorite, async (input, ctx) =>
      reply(await setFavorite(db, ctx.member, input.userid, false), 'saved'),
    ),
    handle(showFavorite2, (input, ctx) => favorites(db, ctx.member, input.page, input.pagesize)),
    handle(groupInfo2, (_input, ctx) => groupInfo(db, ctx.member)),

    handle(adminMemberList, (input) => memberList(db, input)),
    handle(adminMemberDetail, (input) => memberDetail(db, input.userid)),
    handle(adminMemberStatus, async (input, ctx) =>
      reply(await setMemberStatus(db, sessions, ctx.member.id, input), 'saved'),
    ),
    handle(adminDashboard, async () => ({
      ...(await dashboard(db, deps.clock)),
      ...(await waiting()),
    })),
    handle(adminPlan, () => planView(db)),
    handle(adminPlanSave, async (input, ctx) =>
      reply(await savePlan(db, ctx.member.id, input.settings, input.note), 'saved'),
    ),
    handle(adminPlanPreview, (input) => previewPlan(db, input.settings, input.amount, input.buyer)),
  ];
}
