// Written by `node --import tsx scripts/contract-refs.ts` from the call definitions: do not edit.
import type { CallRef } from '../call.ts';
import type * as network from '../calls/network.ts';

export const addFavorite: CallRef<typeof network.addFavorite> = { name: 'Tree/addfavorite', method: 'POST' };
export const downlineList: CallRef<typeof network.downlineList> = {
  name: 'member/downlinelist',
  method: 'POST',
};
export const downlineList2: CallRef<typeof network.downlineList2> = {
  name: 'member/downlinelist2',
  method: 'POST',
};
export const fiveLevel: CallRef<typeof network.fiveLevel> = { name: 'Member/fivelevel', method: 'POST' };
export const getTree: CallRef<typeof network.getTree> = { name: 'Tree/gettree', method: 'POST' };
export const groupInfo2: CallRef<typeof network.groupInfo2> = { name: 'Tree/getgroupinfo2', method: 'POST' };
export const invitationCode: CallRef<typeof network.invitationCode> = {
  name: 'member/invitationcode',
  method: 'POST',
};
export const placementTree: CallRef<typeof network.placementTree> = {
  name: 'Member/PlacementTree',
  method: 'POST',
};
export const searchDownline: CallRef<typeof network.searchDownline> = {
  name: 'member/searchdownline',
  method: 'POST',
};
export const searchMember: CallRef<typeof network.searchMember> = {
  name: 'Member/searchmember',
  method: 'POST',
};
export const searchUserid: CallRef<typeof network.searchUserid> = {
  name: 'Member/searchuserid',
  method: 'POST',
};
export const showFavorite2: CallRef<typeof network.showFavorite2> = {
  name: 'Tree/showfavorite2',
  method: 'POST',
};
export const unfavorite: CallRef<typeof network.unfavorite> = { name: 'Tree/unfavorite', method: 'POST' };
