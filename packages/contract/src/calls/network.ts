import { z } from 'zod';
import { defineCall, empty, formInt, optionalText, pagingFields, text } from '../call.ts';
import { RANKS, TREE_LEVELS_DEFAULT, TREE_LEVELS_MAX, SPONSOR_LEVELS } from '../constants.ts';
import { pagedSchema } from '../envelope.ts';

/**
 * Calls of the network area (issue 4): the sponsor tree (who invited whom) and the binary placement tree, seen
 * from the member asking. A member sees only their own downline; any other node is refused (`not_in_downline`).
 * Volumes are decimal strings in the plan's volume asset (USDT), major units.
 */
const money = z.string();
const userid = () => text(15);

/**
 * A member's legs, as every network call shows them: member counts, lifetime volumes, and the volume not yet paired
 * (the balances; each call says which part of it they cover).
 */
export const legFiguresShape = {
  left_count: z.number(),
  right_count: z.number(),
  left_volume: money,
  right_volume: money,
  left_balance: money,
  right_balance: money,
};

export const treeNodeSchema = z.object({
  userid: z.string(),
  /** The node's placement parent ('' for the node asked for). */
  parent: z.string(),
  side: z.enum(['L', 'R', '']),
  /** Levels below the node asked for (0 for it). */
  level: z.number(),
  rank: z.enum(RANKS),
  joined: z.string(),
  /** The balances: unmatched volume carried to the next pairing. */
  ...legFiguresShape,
  has_left: z.boolean(),
  has_right: z.boolean(),
  /** Children exist beyond the levels returned: tap to load. */
  expandable: z.boolean(),
  favorite: z.boolean(),
});
export type TreeNode = z.output<typeof treeNodeSchema>;

const treeRequest = z.object({
  /** The node to show from; one's own userid when empty. */
  userid: optionalText(15),
  levels: formInt(1, TREE_LEVELS_MAX, TREE_LEVELS_DEFAULT),
});
const treeResponse = z.object({
  /** The member asking (the top of their tree). */
  top: z.string(),
  /** The node shown first. */
  root: z.string(),
  /** Its placement parent when that is still within the member's tree ('' at the top): "up one level". */
  up: z.string(),
  /** Levels from the member down to the root. */
  depth: z.number(),
  nodes: z.array(treeNodeSchema),
});

export const getTree = defineCall({
  name: 'Tree/gettree',
  method: 'POST',
  auth: 'member',
  tag: 'tree',
  summary: "A few levels of the member's binary placement tree from a node of their downline, breadth first",
  request: treeRequest,
  response: treeResponse,
});

export const placementTree = defineCall({
  name: 'Member/PlacementTree',
  method: 'POST',
  auth: 'member',
  tag: 'tree',
  summary: 'The binary unit under a node of the downline (default: the member, two levels)',
  request: treeRequest.extend({ levels: formInt(1, TREE_LEVELS_MAX, 2) }),
  response: treeResponse,
});

export const downlineMemberSchema = z.object({
  userid: z.string(),
  rank: z.enum(RANKS),
  joined: z.string(),
  /** Sponsor level below the member asking (1 = invited by them). */
  level: z.number(),
  sponsor: z.string(),
  /** Own purchases' volume. */
  personal_volume: money,
  /** Members this one invited. */
  direct_count: z.number(),
  /** Members in this one's placement legs. */
  team_count: z.number(),
  team_volume: money,
});

export const downlineList = defineCall({
  name: 'member/downlinelist',
  method: 'POST',
  auth: 'member',
  tag: 'tree',
  summary: 'Members the member invited (sponsor level 1), newest first',
  request: z.object(pagingFields),
  response: pagedSchema(downlineMemberSchema),
});

export const downlineList2 = defineCall({
  name: 'member/downlinelist2',
  method: 'POST',
  auth: 'member',
  tag: 'tree',
  summary: 'Members at one sponsor level below the member (1-5), newest first',
  request: z.object({ ...pagingFields, level: formInt(1, SPONSOR_LEVELS, 1) }),
  response: pagedSchema(downlineMemberSchema),
});

export const searchDownline = defineCall({
  name: 'member/searchdownline',
  method: 'POST',
  auth: 'member',
  tag: 'tree',
  summary: "Members of the member's sponsor downline (any level) whose userid starts with the keyword",
  request: z.object({ ...pagingFields, keyword: text(15) }),
  response: pagedSchema(downlineMemberSchema),
});

export const fiveLevel = defineCall({
  name: 'Member/fivelevel',
  method: 'POST',
  auth: 'member',
  tag: 'tree',
  summary: 'The five sponsor levels below the member: members and their purchase volume per level',
  request: empty,
  response: z.object({
    levels: z.array(z.object({ level: z.number(), count: z.number(), volume: money })),
    count: z.number(),
    volume: money,
  }),
});

export const placementMatchSchema = z.object({
  userid: z.string(),
  rank: z.enum(RANKS),
  joined: z.string(),
  /** Placement levels below the member asking. */
  depth: z.number(),
  /** The member's own leg the match is in. */
  leg: z.enum(['L', 'R']),
});

export const searchUserid = defineCall({
  name: 'Member/searchuserid',
  method: 'POST',
  auth: 'member',
  tag: 'tree',
  summary: "Members of the member's placement downline whose userid starts with the text (at most 20)",
  request: z.object({ userid: text(15) }),
  response: z.object({ list: z.array(placementMatchSchema) }),
});

export const searchMember = defineCall({
  name: 'Member/searchmember',
  method: 'POST',
  auth: 'member',
  tag: 'tree',
  summary: 'One member of the downline (placement or sponsor) by exact userid: where they sit and their team',
  request: z.object({ userid: userid() }),
  response: z.object({
    userid: z.string(),
    rank: z.enum(RANKS),
    joined: z.string(),
    sponsor: z.string(),
    placement: z.string(),
    side: z.enum(['L', 'R', '']),
    /** Placement levels below the member asking, or -1 when only in the sponsor downline. */
    depth: z.number(),
    /** Sponsor levels below the member asking, or -1 when only in the placement downline. */
    sponsor_level: z.number(),
    left_count: z.number(),
    right_count: z.number(),
  }),
});

export const invitationCode = defineCall({
  name: 'member/invitationcode',
  method: 'POST',
  auth: 'member',
  tag: 'tree',
  summary: "The member's invitation code and links; the register page pre-fills sponsor and side from a link",
  request: empty,
  response: z.object({
    code: z.string(),
    /** Registration link with the member as sponsor (side left). */
    link: z.string(),
    left_link: z.string(),
    right_link: z.string(),
    /** A QR code of `link`, as a PNG data URL. */
    qr_data_url: z.string(),
  }),
});

export const addFavorite = defineCall({
  name: 'Tree/addfavorite',
  method: 'POST',
  auth: 'member',
  tag: 'tree',
  summary: 'Bookmarks a node of the placement downline (again is fine)',
  request: z.object({ userid: userid() }),
  response: z.object({ userid: z.string(), favorite: z.boolean() }),
});

export const unfavorite = defineCall({
  name: 'Tree/unfavorite',
  method: 'POST',
  auth: 'member',
  tag: 'tree',
  summary: 'Removes a bookmark (not bookmarked is fine)',
  request: z.object({ userid: userid() }),
  response: z.object({ userid: z.string(), favorite: z.boolean() }),
});

export const showFavorite2 = defineCall({
  name: 'Tree/showfavorite2',
  method: 'POST',
  auth: 'member',
  tag: 'tree',
  summary: 'Bookmarked nodes, newest first',
  request: z.object(pagingFields),
  response: pagedSchema(placementMatchSchema.extend({ created_at: z.string() })),
});

export const groupInfo2 = defineCall({
  name: 'Tree/getgroupinfo2',
  method: 'POST',
  auth: 'member',
  tag: 'tree',
  summary: "The member's team: sizes, volumes, left/right balances, today's pairing and the daily cap",
  request: empty,
  response: z.object({
    rank: z.enum(RANKS),
    /** The next rank and what it needs ('' at the top rank). */
    next_rank: z.string(),
    next_rank_needs: z.object({ personal_volume: money, direct_sponsors: z.number(), team_volume: money }),
    personal_volume: money,
    direct_count: z.number(),
    /** What the next rank's team volume is measured against: both placement legs' volume. */
    team_volume: money,
    /** Everyone in the sponsor downline. */
    sponsor_team_count: z.number(),
    /** The balances: carried from earlier pairings. */
    ...legFiguresShape,
    /** Volume added to each leg today (not yet paired). */
    left_today: money,
    right_today: money,
    /** What today's pairing would pay on the volumes so far (settled by the daily job). */
    today_pairing: money,
    /** The daily pairing cap of the member's rank, and how much of it today's estimate uses. */
    cap: money,
    cap_used: money,
    /** The last settled pairing: date ('' when none) and amount. */
    last_pairing_date: z.string(),
    last_pairing: money,
  }),
});
