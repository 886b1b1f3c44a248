import { DOWNLINE_SEARCH_MAX, type Rank, type TreeNode } from '@mp/contract';
import { sql } from 'kysely';
import type { Conn } from '../../db/database.ts';
import { fieldRefusal, Refusal } from '../../lib/errors.ts';
import { type LegRow, legColumns, legFigures, type PlacementRow, placementMatch } from './figures.ts';

/**
 * Reads of the trees from one member's point of view. Every node asked for must be in the member's own downline:
 * `tree_contains` answers with at most ~17 key probes (jump pointers, migration 0006), however deep the tree.
 */
export type Me = { id: string; userid: string };
export type Found = { id: string; userid: string; depth: number; sponsor_depth: number };

const day = (d: Date | string) => new Date(d).toISOString();

/** A userid to look for as typed; anything but letters and digits cannot match one (and would be a LIKE pattern). */
export const searchable = (text: string) => (/^[A-Za-z0-9]+$/.test(text) ? text.toLowerCase() : null);

export async function findMember(db: Conn, userid: string): Promise<Found | null> {
  const r = await sql<Found>`select id::text, userid, depth, sponsor_depth from members
    where lower(userid) = lower(${userid}) and role = 'member'`.execute(db);
  return r.rows[0] ?? null;
}

async function contains(db: Conn, top: string, node: string, sponsorTree: boolean): Promise<boolean> {
  const r = await sql<{
    ok: boolean | null;
  }>`select tree_contains(${top}::bigint, ${node}::bigint, ${sponsorTree}) ok`.execute(db);
  return r.rows[0]?.ok === true;
}

/** A member of the asking member's placement downline (or themselves), else `not_in_downline`. */
async function placementNode(db: Conn, me: Me, userid: string | undefined): Promise<Found> {
  const node = await findMember(db, userid ?? me.userid);
  if (!node || !(await contains(db, me.id, node.id, false)))
    throw fieldRefusal(403, 'userid', 'not_in_downline');
  return node;
}

/** Levels of the binary tree under a node of the member's downline, breadth first. */
export async function treeView(db: Conn, me: Me, userid: string | undefined, levels: number) {
  const root = await placementNode(db, me, userid);
  const top = await findMember(db, me.userid);
  const rows = await sql<
    {
      id: string;
      userid: string;
      parent: string | null;
      side: 'L' | 'R' | null;
      level: number;
      rank: Rank;
      created_at: Date;
      has_left: boolean;
      has_right: boolean;
      favorite: boolean;
    } & LegRow
  >`with recursive t(id, level) as (
      select ${root.id}::bigint, 0
      union all
      select m.id, t.level + 1 from t join members m on m.placement_parent_id = t.id where t.level < ${levels - 1}
    )
    select m.id::text, m.userid, p.userid parent, m.side, t.level, m.rank, m.created_at,
      ${legColumns},
      exists (select 1 from members c where c.placement_parent_id = m.id and c.side = 'L') has_left,
      exists (select 1 from members c where c.placement_parent_id = m.id and c.side = 'R') has_right,
      exists (select 1 from tree_favorites f where f.member_id = ${me.id}::bigint and f.node_id = m.id) favorite
    from t join members m on m.id = t.id
    left join members p on p.id = m.placement_parent_id
    left join member_stats s on s.member_id = m.id
    cross join lateral pairing_carried(m.id) c
    order by t.level, m.placement_parent_id, m.side`.execute(db);
  const nodes: TreeNode[] = rows.rows.map((r) => ({
    userid: r.userid,
    parent: r.level === 0 ? '' : (r.parent ?? ''),
    side: r.level === 0 ? '' : (r.side ?? ''),
    level: r.level,
    rank: r.rank,
    joined: day(r.created_at),
    ...legFigures(r),
    has_left: r.has_left,
    has_right: r.has_right,
    expandable: r.level === levels - 1 && (r.has_left || r.has_right),
    favorite: r.favorite,
  }));
  const up =
    root.id === me.id
      ? ''
      : ((
          await sql<{
            userid: string;
          }>`select p.userid from members m join members p on p.id = m.placement_parent_id
            where m.id = ${root.id}::bigint`.execute(db)
        ).rows[0]?.userid ?? '');
  return { top: me.userid, root: root.userid, up, depth: root.depth - (top?.depth ?? 0), nodes };
}

/** Candidates read per step of a downline search, and the most it reads before answering with what it found. */
const SCAN_CHUNK = 200;
const SCAN_MAX = 2_000;

/**
 * Members of `me`'s downline (placement or sponsor tree) whose userid starts with `prefix`, in userid order, up to
 * `want`: reads matching userids from the index a chunk at a time and keeps those whose ancestor at `me`'s depth is
 * `me`. Stops after SCAN_MAX candidates (a prefix shared by many members outside the downline): `complete` is false
 * then. Each step is an index range scan and a few key probes per candidate, whatever the planner thinks.
 */
export async function scanDownline(
  db: Conn,
  me: Found,
  prefix: string,
  sponsorTree: boolean,
  want: number,
): Promise<{ ids: string[]; complete: boolean }> {
  const depth = sponsorTree ? me.sponsor_depth : me.depth;
  const depthColumn = sponsorTree ? sql`sponsor_depth` : sql`depth`;
  const ids: string[] = [];
  let after = '';
  for (let read = 0; read < SCAN_MAX; read += SCAN_CHUNK) {
    const chunk = await sql<{ id: string; k: string; ok: boolean | null }>`
      with c as materialized (
        select id, lower(userid) k, ${depthColumn} d from members
        where lower(userid) like ${`${prefix}%`} and lower(userid) > ${after}
        order by lower(userid) limit ${SCAN_CHUNK}
      )
      select id::text, k, d > ${depth} and tree_ancestor_at(id, ${depth}, ${sponsorTree}) = ${me.id}::bigint ok
      from c order by k`.execute(db);
    for (const r of chunk.rows) {
      if (r.ok) ids.push(r.id);
      if (ids.length >= want) return { ids, complete: true };
    }
    if (chunk.rows.length < SCAN_CHUNK) return { ids, complete: true };
    after = chunk.rows[chunk.rows.length - 1]!.k;
  }
  return { ids, complete: false };
}

/** Placement-downline members whose userid starts with the text, in userid order (at most 20). */
export async function searchPlacement(db: Conn, me: Me, text: string) {
  const prefix = searchable(text);
  const mine = await findMember(db, me.userid);
  if (!prefix || !mine) return { list: [] };
  const { ids } = await scanDownline(db, mine, prefix, false, DOWNLINE_SEARCH_MAX);
  if (ids.length === 0) return { list: [] };
  const rows =
    await sql<PlacementRow>`select m.userid, m.rank, m.created_at, m.depth - ${mine.depth} depth, l.side leg
    from members m join members l on l.id = tree_ancestor_at(m.id, ${mine.depth + 1}, false)
    where m.id = any(${ids}::bigint[]) order by lower(m.userid)`.execute(db);
  return { list: rows.rows.map(placementMatch) };
}

/** One member of the downline (either tree) by exact userid. */
export async function searchMember(db: Conn, me: Me, userid: string) {
  const node = await findMember(db, userid);
  const mine = await findMember(db, me.userid);
  if (!node || !mine) throw fieldRefusal(403, 'userid', 'not_in_downline');
  const [inPlacement, inSponsor] = await Promise.all([
    contains(db, me.id, node.id, false),
    contains(db, me.id, node.id, true),
  ]);
  if (!inPlacement && !inSponsor) throw fieldRefusal(403, 'userid', 'not_in_downline');
  const r = await sql<{
    userid: string;
    rank: Rank;
    created_at: Date;
    sponsor: string | null;
    placement: string | null;
    side: 'L' | 'R' | null;
    left_count: string | null;
    right_count: string | null;
  }>`select m.userid, m.rank, m.created_at, sp.userid sponsor, pp.userid placement, m.side,
      s.left_count::text, s.right_count::text
    from members m left join members sp on sp.id = m.sponsor_id left join members pp on pp.id = m.placement_parent_id
    left join member_stats s on s.member_id = m.id where m.id = ${node.id}::bigint`.execute(db);
  const m = r.rows[0];
  if (!m) throw new Refusal(404, 'member_not_found');
  return {
    userid: m.userid,
    rank: m.rank,
    joined: day(m.created_at),
    sponsor: m.sponsor ?? '',
    placement: m.placement ?? '',
    side: m.side ?? ('' as const),
    depth: inPlacement ? node.depth - mine.depth : -1,
    sponsor_level: inSponsor ? node.sponsor_depth - mine.sponsor_depth : -1,
    left_count: Number(m.left_count ?? 0),
    right_count: Number(m.right_count ?? 0),
  };
}

export async function setFavorite(db: Conn, me: Me, userid: string, on: boolean) {
  const node = await placementNode(db, me, userid);
  if (on)
    await db
      .insertInto('tree_favorites')
      .values({ member_id: me.id, node_id: node.id })
      .onConflict((oc) => oc.doNothing())
      .execute();
  else
    await db
      .deleteFrom('tree_favorites')
      .where('member_id', '=', me.id)
      .where('node_id', '=', node.id)
      .execute();
  return { userid: node.userid, favorite: on };
}

export async function favorites(db: Conn, me: Me, page: number, pagesize: number) {
  const mine = await findMember(db, me.userid);
  const depth = mine?.depth ?? 0;
  const rows = await sql<{
    userid: string;
    rank: Rank;
    created_at: Date;
    at: Date;
    depth: number;
    leg: 'L' | 'R' | null;
  }>`
    select m.userid, m.rank, m.created_at, f.created_at at, m.depth - ${depth} depth,
      (select l.side from members l where l.id = tree_ancestor_at(m.id, ${depth + 1}, false)) leg
    from tree_favorites f join members m on m.id = f.node_id
    where f.member_id = ${me.id}::bigint order by f.created_at desc, f.node_id desc
    limit ${pagesize} offset ${(page - 1) * pagesize}`.execute(db);
  const total = await db
    .selectFrom('tree_favorites')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('member_id', '=', me.id)
    .executeTakeFirstOrThrow();
  return {
    list: rows.rows.map((r) => ({ ...placementMatch(r), created_at: day(r.at) })),
    page,
    pagesize,
    total: Number(total.n),
  };
}
