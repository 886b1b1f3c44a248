import { type ContentKind, type Language, LATEST_NEWS_COUNT } from '@mp/contract';
import { noteChanged } from '../../db/change-feed.ts';
import type { Db } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import { numericId } from '../../lib/errors.ts';
import { contentNotFound } from './cms.ts';
import type { PublishedContent } from './published.ts';
import { countClick, markNoticeSeen } from './queries.ts';
import { plainText } from './sanitize.ts';

// What members read: published items in their language (see published.ts).

type Paging = { page: number; pagesize: number };

type AnnouncementPage = {
  list: { id: number; title: string; content: string; created_at: string }[];
  page: number;
  pagesize: number;
  total: number;
};

/**
 * Announcements by the cached page they come from (published.ts hands back the same page until content changes):
 * each body is turned into plain text once per change, not on every call of the home screen.
 */
const announcementPages = new WeakMap<object, AnnouncementPage>();

/** Announcements with their whole text, as plain text. */
export async function announcements(published: PublishedContent, lang: Language, { page, pagesize }: Paging) {
  const result = await published.list('announcement', lang, page, pagesize, undefined, true);
  let answer = announcementPages.get(result);
  if (!answer) {
    answer = {
      list: result.list.map((a) => ({
        id: a.id,
        title: a.title,
        content: plainText(a.body_html ?? '', 10_000),
        created_at: a.published_at,
      })),
      page,
      pagesize,
      total: result.total,
    };
    announcementPages.set(result, answer);
  }
  return answer;
}

/** One published item to read (notices and sliders are not read on their own). */
export async function readArticle(published: PublishedContent, lang: Language, id: string) {
  const item = await published.article(numericId(id, contentNotFound()), lang);
  if (!item || item.kind === 'notice' || item.kind === 'slider') throw contentNotFound();
  return item;
}

/** The news' titles, of those matching a search when asked. */
export async function newsTitles(published: PublishedContent, lang: Language, p: Paging & { q?: string }) {
  const result = await published.list('news', lang, p.page, p.pagesize, p.q);
  return {
    ...result,
    list: result.list.map((n) => ({ id: n.id, title: n.title, published_at: n.published_at })),
  };
}

/** A member opened an item: one more click on it. */
export async function clickItem(d: { db: Db; clock: Clock }, id: string) {
  const row = await countClick(d.db, numericId(id, contentNotFound()), d.clock.now());
  if (!row) throw contentNotFound();
  return { id: Number(row.id), click_count: Number(row.click_count) };
}

/** A page of any kind members may list (notices come one at a time, through nextNotice). */
export async function itemsOfKind(
  published: PublishedContent,
  lang: Language,
  { kind, page, pagesize, q }: Paging & { kind: ContentKind; q?: string },
) {
  if (kind === 'notice') throw contentNotFound();
  return published.list(kind, lang, page, pagesize, q);
}

// The home page's strips: each answer is built once per language and change, then served from memory.

export function latestNews(published: PublishedContent, lang: Language) {
  return published.cached(`latest|${lang}`, async () => {
    const result = await published.list('news', lang, 1, LATEST_NEWS_COUNT);
    return { list: result.list.map((n) => ({ id: n.id, title: n.title, published_at: n.published_at })) };
  });
}

export function sliders(published: PublishedContent, lang: Language) {
  return published.cached(`sliders|${lang}`, async () => {
    const result = await published.list('slider', lang, 1, 20);
    return {
      list: result.list
        .filter((s) => s.image_url)
        .map((s) => ({ id: s.id, title: s.title, image_url: s.image_url, link: s.link })),
    };
  });
}

/** The oldest important notice the member has not seen yet, after noting the one they just saw (if any). */
export async function nextNotice(
  db: Db,
  published: PublishedContent,
  memberId: string,
  lang: Language,
  seenId?: string,
) {
  if (seenId && /^\d{1,18}$/.test(seenId)) {
    await markNoticeSeen(db, memberId, seenId);
    // This server forgets at once; the others when the notification arrives.
    noteChanged(db, 'notice_seen', [memberId]);
  }
  const notices = await published.list('notice', lang, 1, 20);
  if (notices.list.length === 0) return { notice: null };
  const seenIds = await published.seenBy(
    memberId,
    notices.list.map((n) => String(n.id)),
  );
  // The oldest unseen first: notices are listed newest first.
  const next = [...notices.list].reverse().find((n) => !seenIds.has(n.id));
  return { notice: next ? ((await published.article(String(next.id), lang)) ?? null) : null };
}
