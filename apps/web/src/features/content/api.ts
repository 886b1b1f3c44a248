import {
  adminContentDelete,
  adminContentDetail,
  adminContentList,
  adminEnquiryClose,
  adminEnquiryList,
  adminEnquiryReply,
  adminGameSettings,
  adminNewsSave,
  adminUpload,
  checkXmlNews,
  clickCount,
  contentList,
  enquiryFollowUp,
  enquiryImage,
  gameCheckin,
  gameStatus,
  getAllFiles,
  getAllNews,
  getNewsTitle,
  homeCoin,
  promo,
  sendEnquiries,
  showEmailHistory,
  showLatestNews,
  showOneNews,
  sliderImgs,
} from '@mp/contract/web';
import type { ContentKind, RequestOf, ResponseOf } from '@mp/contract';
import { queryOptions } from '@tanstack/react-query';
import { api, apiEnvelope } from '../../lib/api.ts';
import { currentLanguage } from '../../lib/i18n.ts';

export type ContentSummary = ResponseOf<typeof getAllNews>['list'][number];
export type ContentArticle = ResponseOf<typeof showOneNews>;
export type Enquiry = ResponseOf<typeof showEmailHistory>['list'][number];
export type AdminEnquiry = ResponseOf<typeof adminEnquiryList>['list'][number];
export type AdminContentRow = ResponseOf<typeof adminContentList>['list'][number];
export type GameStatus = ResponseOf<typeof gameStatus>;

/** Content is per language: every key carries the language it was read in. */
export const contentKeys = {
  all: ['content'] as const,
  list: (kind: string, q = '') => ['content', 'list', kind, q, currentLanguage()] as const,
  article: (id: string) => ['content', 'article', id, currentLanguage()] as const,
  sliders: () => ['content', 'sliders', currentLanguage()] as const,
  latest: () => ['content', 'latest', currentLanguage()] as const,
  coins: ['content', 'coins'] as const,
  notice: ['content', 'notice'] as const,
  enquiries: ['content', 'enquiries'] as const,
  game: ['content', 'game'] as const,
  admin: ['content', 'admin'] as const,
  adminList: (kind: string, q: string) => ['content', 'admin', 'list', kind, q] as const,
  adminItem: (id: string) => ['content', 'admin', 'item', id] as const,
  adminEnquiries: (state: string, userid: string) =>
    ['content', 'admin', 'enquiries', state, userid] as const,
  adminGame: ['content', 'admin', 'game'] as const,
};

/** One page of a kind's published items (news has its own call, as do files and promotions). */
export function fetchContent(kind: ContentKind, q = '') {
  return (page: number, pagesize: number) => {
    if (kind === 'news' && !q) return api(getAllNews, { page, pagesize });
    if (kind === 'file' && !q) return api(getAllFiles, { page, pagesize });
    if (kind === 'promo' && !q) return api(promo, { page, pagesize });
    return api(contentList, { kind, page, pagesize, ...(q ? { q } : {}) });
  };
}

export const fetchNewsTitles = (q: string) => (page: number, pagesize: number) =>
  api(getNewsTitle, { page, pagesize, q });

export const articleQuery = (id: string) =>
  queryOptions({ queryKey: contentKeys.article(id), queryFn: () => api(showOneNews, { id }) });

/** Home strips: quiet, the home page works without them. */
export const slidersQuery = () =>
  queryOptions({ queryKey: contentKeys.sliders(), queryFn: () => api(sliderImgs, {}, { quiet: true }) });
export const latestNewsQuery = () =>
  queryOptions({ queryKey: contentKeys.latest(), queryFn: () => api(showLatestNews, {}, { quiet: true }) });
export const coinsQuery = queryOptions({
  queryKey: contentKeys.coins,
  queryFn: () => api(homeCoin, {}, { quiet: true }),
  // The feed moves each second; the home strip follows it loosely.
  staleTime: 10_000,
  refetchInterval: 10_000,
});

export const countReading = (id: string) => api(clickCount, { id }, { quiet: true });
export const nextNotice = (seenId?: number) =>
  api(checkXmlNews, seenId ? { seen_id: String(seenId) } : {}, { quiet: true });

export const sendEnquiry = (input: RequestOf<typeof sendEnquiries>) => apiEnvelope(sendEnquiries, input);
export const fetchEnquiries = (state?: string) => (page: number, pagesize: number) =>
  api(showEmailHistory, { page, pagesize, ...(state ? { state: state as Enquiry['state'] } : {}) });
export const followUp = (id: number, message: string) => api(enquiryFollowUp, { id: String(id), message });
export const enquiryPicture = (id: number, index: number) => api(enquiryImage, { id: String(id), index });

export const gameQuery = queryOptions({ queryKey: contentKeys.game, queryFn: () => api(gameStatus, {}) });
export const checkIn = () => apiEnvelope(gameCheckin, {});

/* Admin. */
export const fetchAdminContent = (kind: string, q: string) => (page: number, pagesize: number) =>
  api(adminContentList, {
    page,
    pagesize,
    ...(kind ? { kind: kind as ContentKind } : {}),
    ...(q ? { q } : {}),
  });
export const adminItemQuery = (id: string) =>
  queryOptions({ queryKey: contentKeys.adminItem(id), queryFn: () => api(adminContentDetail, { id }) });
export const saveContent = (input: RequestOf<typeof adminNewsSave>) => apiEnvelope(adminNewsSave, input);
export const deleteContent = (id: number, lang?: string) =>
  api(adminContentDelete, { id: String(id), ...(lang ? { lang: lang as 'en-US' } : {}) });
export const uploadFile = (kind: 'image' | 'video' | 'pdf', file: File) =>
  api(adminUpload, { kind, file: file as unknown as Uint8Array });
export const fetchAdminEnquiries =
  (state: string, userid = '') =>
  (page: number, pagesize: number) =>
    api(adminEnquiryList, {
      page,
      pagesize,
      ...(state ? { state: state as AdminEnquiry['state'] } : {}),
      ...(userid ? { userid } : {}),
    });
export const replyEnquiry = (id: number, message: string, close: boolean) =>
  apiEnvelope(adminEnquiryReply, { id: String(id), message, close });
export const closeEnquiry = (id: number) => api(adminEnquiryClose, { id: String(id) });
export const adminGameQuery = queryOptions({
  queryKey: contentKeys.adminGame,
  queryFn: () => api(adminGameSettings, {}),
});
export const saveGameSettings = (input: RequestOf<typeof adminGameSettings>) => api(adminGameSettings, input);
