import {
  TREE_LEVELS_DEFAULT,
  addFavorite,
  downlineList,
  downlineList2,
  fiveLevel,
  getTree,
  groupInfo2,
  invitationCode,
  placementTree,
  searchDownline,
  searchMember,
  searchUserid,
  showFavorite2,
  unfavorite,
} from '@mp/contract/web';
import type { ResponseOf } from '@mp/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';

export type TreeView = ResponseOf<typeof getTree>;
export type DownlineMember = ResponseOf<typeof downlineList>['list'][number];
export type GroupInfo = ResponseOf<typeof groupInfo2>;
export type MemberDetail = ResponseOf<typeof searchMember>;
export type PlacementMatch = ResponseOf<typeof searchUserid>['list'][number];

export const networkKeys = {
  all: ['network'] as const,
  /** '' is the member's own tree top. */
  tree: (userid: string) => ['network', 'tree', userid] as const,
  unit: ['network', 'unit'] as const,
  favorites: ['network', 'favorites'] as const,
  useridSearch: (text: string) => ['network', 'userid-search', text] as const,
  group: ['network', 'group'] as const,
  fiveLevel: ['network', 'five-level'] as const,
  level: (level: number) => ['network', 'level', level] as const,
  directs: ['network', 'directs'] as const,
  downlineSearch: (keyword: string) => ['network', 'downline-search', keyword] as const,
  member: (userid: string) => ['network', 'member', userid] as const,
  invitation: ['network', 'invitation'] as const,
};

/** A few levels of the placement tree from `userid` (own top when ''); refusals stay on the page, not a toast. */
export const treeQuery = (userid: string) =>
  queryOptions({
    queryKey: networkKeys.tree(userid),
    queryFn: () =>
      api(getTree, { ...(userid ? { userid } : {}), levels: TREE_LEVELS_DEFAULT }, { quiet: true }),
    retry: false,
  });

/** The levels below one node, to merge into the tree on screen. */
export const fetchSubtree = (userid: string) => api(getTree, { userid, levels: TREE_LEVELS_DEFAULT });

export const unitQuery = queryOptions({
  queryKey: networkKeys.unit,
  // No userid: the member's own unit; no levels: the call's own default (two).
  queryFn: () => api(placementTree, { levels: undefined }),
});

export const useridSearchQuery = (text: string) =>
  queryOptions({
    queryKey: networkKeys.useridSearch(text),
    queryFn: ({ signal }) => api(searchUserid, { userid: text }, { quiet: true, signal }),
    enabled: text.length > 0,
    retry: false,
  });

export const setFavorite = (userid: string, favorite: boolean) =>
  api(favorite ? addFavorite : unfavorite, { userid });

export const fetchFavorites = (page: number, pagesize: number) => api(showFavorite2, { page, pagesize });

export const groupInfoQuery = queryOptions({
  queryKey: networkKeys.group,
  queryFn: () => api(groupInfo2, {}),
});

export const fiveLevelQuery = queryOptions({
  queryKey: networkKeys.fiveLevel,
  queryFn: () => api(fiveLevel, {}),
});

export const fetchLevel = (level: number) => (page: number, pagesize: number) =>
  api(downlineList2, { page, pagesize, level });

export const fetchDirects = (page: number, pagesize: number) => api(downlineList, { page, pagesize });

export const fetchDownlineSearch = (keyword: string) => (page: number, pagesize: number) =>
  api(searchDownline, { page, pagesize, keyword });

export const memberQuery = (userid: string) =>
  queryOptions({
    queryKey: networkKeys.member(userid),
    queryFn: () => api(searchMember, { userid }),
    enabled: userid !== '',
    retry: false,
  });

export const invitationQuery = queryOptions({
  queryKey: networkKeys.invitation,
  queryFn: () => api(invitationCode, {}),
});
