import type { TreeNode } from '@mp/contract';

/** A placement-tree node as `Tree/gettree` answers it: a Fans member with empty legs, unless `n` says otherwise. */
export function treeNode(n: Partial<TreeNode> & { userid: string }): TreeNode {
  return {
    parent: '',
    side: '',
    level: 0,
    rank: 'Fans',
    joined: '2030-01-05',
    left_count: 0,
    right_count: 0,
    left_volume: '0',
    right_volume: '0',
    left_balance: '0',
    right_balance: '0',
    has_left: false,
    has_right: false,
    expandable: false,
    favorite: false,
    ...n,
  };
}
