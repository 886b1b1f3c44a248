/**
 * Proof of reserves (issue 31), retention: a snapshot's tree (about three rows per member) is deleted after the
 * retention setting's `reserve_trees` days, the snapshot row (root, totals, reserves, anchor) is kept for good.
 * `tree_pruned_at` says when its tree went, so a proof asked of it is refused as no longer kept, not as unknown.
 */
export const up = `
ALTER TABLE reserve_snapshots ADD COLUMN tree_pruned_at timestamptz;
`;
