import type { TreeNode } from '@mp/contract';
import type { TreeView } from './api.ts';

export type Side = 'L' | 'R';
export const SIDES: readonly Side[] = ['L', 'R'];

/** The tree on screen, indexed: each node by userid and each child by its parent and side. */
export type TreeIndex = {
  byId: Map<string, TreeNode>;
  childOf: (parent: string, side: Side) => TreeNode | undefined;
};

export function indexTree(nodes: readonly TreeNode[]): TreeIndex {
  const byId = new Map(nodes.map((n) => [n.userid, n]));
  const children = new Map<string, TreeNode>();
  for (const n of nodes) if (n.parent && n.side) children.set(`${n.parent}/${n.side}`, n);
  return { byId, childOf: (parent, side) => children.get(`${parent}/${side}`) };
}

/**
 * The tree on screen with the levels loaded below one of its nodes. That node comes back as the top of its own
 * answer (no parent, level 0): it keeps its place here, and everything below it takes the place the answer gives.
 */
export function mergeSubtree(view: TreeView, sub: TreeView): TreeView {
  const byId = new Map(view.nodes.map((n) => [n.userid, n]));
  const top = byId.get(sub.root);
  if (!top) return view;
  for (const n of sub.nodes) {
    byId.set(
      n.userid,
      n.userid === sub.root
        ? { ...n, parent: top.parent, side: top.side, level: top.level }
        : { ...n, level: n.level + top.level },
    );
  }
  return { ...view, nodes: [...byId.values()] };
}

/** Sets one node's favourite flag in the tree on screen. */
export function withFavorite(view: TreeView, userid: string, favorite: boolean): TreeView {
  return { ...view, nodes: view.nodes.map((n) => (n.userid === userid ? { ...n, favorite } : n)) };
}

/** Children exist below this node that the screen has not loaded yet. */
export function canExpand(node: TreeNode, index: TreeIndex): boolean {
  return SIDES.some((side) => hasChild(node, side) && !index.childOf(node.userid, side));
}

export function hasChild(node: TreeNode, side: Side): boolean {
  return side === 'L' ? node.has_left : node.has_right;
}
