import {
  adminContentDelete,
  adminContentDetail,
  adminContentList,
  adminNewsSave,
  adminUpload,
  checkXmlNews,
  clickCount,
  contentList,
  getAllFiles,
  getAllNews,
  getAnnouncement,
  getNewsTitle,
  homeCoin,
  promo,
  showLatestNews,
  showOneNews,
  sliderImgs,
} from '@mp/contract';
import { type CallRoute, handle, reply } from '../../platform/calls.ts';
import type { Deps } from '../../platform/deps.ts';
import type { MarketData } from '../../adapters/exchange/markets.ts';
import { adminContentItem, deleteContent, listAdminContent, saveContent } from './cms.ts';
import { homeCoins } from './home-coins.ts';
import { fileStore } from '../../platform/files.ts';
import type { PublishedContent } from './published.ts';
import {
  announcements,
  clickItem,
  itemsOfKind,
  latestNews,
  newsTitles,
  nextNotice,
  readArticle,
  sliders,
} from './reads.ts';
import { storeUpload } from './uploads.ts';

/** The content calls (issue 13): what members read, and the CMS behind it. */
export function contentRoutes(deps: Deps, published: PublishedContent, market: MarketData): CallRoute[] {
  const { db } = deps;
  const files = fileStore(db);
  const list = published.list;

  return [
    handle(getAnnouncement, (input, ctx) => announcements(published, ctx.lang, input)),
    handle(getAllNews, ({ page, pagesize }, ctx) => list('news', ctx.lang, page, pagesize)),
    handle(showOneNews, ({ id }, ctx) => readArticle(published, ctx.lang, id)),
    handle(getNewsTitle, (input, ctx) => newsTitles(published, ctx.lang, input)),
    handle(clickCount, ({ id }) => clickItem(deps, id)),
    handle(getAllFiles, ({ page, pagesize }, ctx) => list('file', ctx.lang, page, pagesize)),
    handle(contentList, (input, ctx) => itemsOfKind(published, ctx.lang, input)),
    handle(showLatestNews, (_i, ctx) => latestNews(published, ctx.lang)),
    handle(sliderImgs, (_i, ctx) => sliders(published, ctx.lang)),
    handle(homeCoin, () => homeCoins(market)),
    handle(promo, ({ page, pagesize }, ctx) => list('promo', ctx.lang, page, pagesize)),
    handle(checkXmlNews, ({ seen_id }, ctx) => nextNotice(db, published, ctx.member.id, ctx.lang, seen_id)),

    /* The CMS. */
    handle(adminContentList, (input) => listAdminContent(deps, input)),
    handle(adminContentDetail, ({ id }) => adminContentItem(deps, id)),
    handle(adminNewsSave, async (input, ctx) =>
      reply(await saveContent(deps, ctx.member.id, input), 'content_saved'),
    ),
    handle(adminContentDelete, async (input, ctx) =>
      reply(await deleteContent(deps, ctx.member.id, input), 'content_deleted'),
    ),
    handle(adminUpload, (input, ctx) => storeUpload(db, files, ctx.member.id, input)),
  ];
}
