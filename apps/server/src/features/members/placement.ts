import type { Conn } from '../../db/database.ts';
import { fieldRefusal } from '../../lib/errors.ts';
import { isInPlacementSubtree, outermostOnSide, takenSides } from './queries.ts';
import { findByUserid } from '../../platform/members.ts';

export async function requireSponsor(db: Conn, sponsorUserid: string) {
  const sponsor = await findByUserid(db, sponsorUserid);
  if (sponsor?.role !== 'member') throw fieldRefusal(404, 'sponsor_id', 'sponsor_not_found');
  return sponsor;
}

/** A placement must be the sponsor or in the sponsor's placement subtree; returns it with its free sides. */
export async function checkPlacement(db: Conn, sponsorId: string, placementUserid: string) {
  const placement = await findByUserid(db, placementUserid);
  if (placement?.role !== 'member') throw fieldRefusal(404, 'placement_id', 'placement_not_found');
  if (!(await isInPlacementSubtree(db, sponsorId, placement.id))) {
    throw fieldRefusal(422, 'placement_id', 'placement_not_in_downline');
  }
  const taken = await takenSides(db, placement.id);
  return { placement, leftFree: !taken.has('L'), rightFree: !taken.has('R') };
}

/**
 * Where a new member goes: under the given placement on the chosen side, or with no placement, at the
 * outermost free spot on the sponsor's chosen side. The unique index on (parent, side) settles races.
 */
export async function choosePlacement(
  db: Conn,
  sponsorId: string,
  placementUserid: string | undefined,
  side: 'L' | 'R',
): Promise<{ parentId: string; explicit: boolean }> {
  if (!placementUserid) return { parentId: await outermostOnSide(db, sponsorId, side), explicit: false };
  const { placement, leftFree, rightFree } = await checkPlacement(db, sponsorId, placementUserid);
  if (!leftFree && !rightFree) throw fieldRefusal(409, 'side', 'placement_full');
  if ((side === 'L' && !leftFree) || (side === 'R' && !rightFree))
    throw fieldRefusal(409, 'side', 'side_taken');
  return { parentId: placement.id, explicit: true };
}
