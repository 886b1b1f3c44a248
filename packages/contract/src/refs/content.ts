// Written by `node --import tsx scripts/contract-refs.ts` from the call definitions: do not edit.
import type { CallRef } from '../call.ts';
import type * as content from '../calls/content.ts';

export const adminContentDelete: CallRef<typeof content.adminContentDelete> = {
  name: 'Admin/contentdelete',
  method: 'POST',
};
export const adminContentDetail: CallRef<typeof content.adminContentDetail> = {
  name: 'Admin/contentdetail',
  method: 'POST',
};
export const adminContentList: CallRef<typeof content.adminContentList> = {
  name: 'Admin/contentlist',
  method: 'POST',
};
export const adminEnquiryClose: CallRef<typeof content.adminEnquiryClose> = {
  name: 'Admin/enquiryclose',
  method: 'POST',
};
export const adminEnquiryList: CallRef<typeof content.adminEnquiryList> = {
  name: 'Admin/enquirylist',
  method: 'POST',
};
export const adminEnquiryReply: CallRef<typeof content.adminEnquiryReply> = {
  name: 'Admin/enquiryreply',
  method: 'POST',
};
export const adminGameSettings: CallRef<typeof content.adminGameSettings> = {
  name: 'Admin/gamesettings',
  method: 'POST',
};
export const adminNewsSave: CallRef<typeof content.adminNewsSave> = {
  name: 'Admin/newssave',
  method: 'POST',
};
export const adminUpload: CallRef<typeof content.adminUpload> = {
  name: 'Admin/upload',
  method: 'POST',
  multipart: true,
};
export const checkXmlNews: CallRef<typeof content.checkXmlNews> = {
  name: 'Logon/checkxmlnews',
  method: 'POST',
};
export const clickCount: CallRef<typeof content.clickCount> = { name: 'Home/clickCount', method: 'POST' };
export const contentList: CallRef<typeof content.contentList> = { name: 'Content/list', method: 'POST' };
export const enquiryFollowUp: CallRef<typeof content.enquiryFollowUp> = {
  name: 'Member/enquiryfollowup',
  method: 'POST',
};
export const enquiryImage: CallRef<typeof content.enquiryImage> = {
  name: 'Member/enquiryimage',
  method: 'POST',
};
export const gameCheckin: CallRef<typeof content.gameCheckin> = { name: 'Game/checkin', method: 'POST' };
export const gameStatus: CallRef<typeof content.gameStatus> = { name: 'Game/status', method: 'POST' };
export const getAllFiles: CallRef<typeof content.getAllFiles> = { name: 'Home/getAllFiles', method: 'POST' };
export const getAllNews: CallRef<typeof content.getAllNews> = { name: 'Home/getAllNews', method: 'POST' };
export const getNewsTitle: CallRef<typeof content.getNewsTitle> = {
  name: 'Home/getNewsTitle',
  method: 'POST',
};
export const homeCoin: CallRef<typeof content.homeCoin> = { name: 'Main/homecoin', method: 'POST' };
export const promo: CallRef<typeof content.promo> = { name: 'Member/Promo', method: 'POST' };
export const sendEnquiries: CallRef<typeof content.sendEnquiries> = {
  name: 'Member/sendEnquiries',
  method: 'POST',
  multipart: true,
};
export const showEmailHistory: CallRef<typeof content.showEmailHistory> = {
  name: 'Member/showEmailHistory',
  method: 'POST',
};
export const showLatestNews: CallRef<typeof content.showLatestNews> = {
  name: 'Main/showLatestNews',
  method: 'POST',
};
export const showOneNews: CallRef<typeof content.showOneNews> = { name: 'Home/showOneNews', method: 'POST' };
export const sliderImgs: CallRef<typeof content.sliderImgs> = { name: 'Main/sliderImgs', method: 'POST' };
