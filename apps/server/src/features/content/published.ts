import type { ContentKind, Language } from '@mp/contract';
import { sql } from 'kysely';
import type { ChangeFeed } from '../../db/change-feed.ts';
import type { Db } from '../../db/database.ts';
import { createReadCache } from '../../db/read-cache.ts';
import type { Clock } from '../../lib/clock.ts';
import { mediaUrl } from './media.ts';
import { seenNotices } from './queries.ts';
import { likePattern } from '../../lib/like.ts';

/** Kinds read newest first; every other kind is read in the CMS's order (sort_order, then newest). */
const NEWEST_FIRST = new Set<ContentKind>(['news', 'announcement', 'notice']);

export type ContentSummary = {
  id: number;
  kind: ContentKind;
  title: string;
  summary: string;
  category: string;
  image_url: string;
  media_url: string;
  media_type: string;
  media_size: number;
  link: string;
  published_at: string;
};
export type ContentArticle = ContentSummary & { body_html: string; lang: Language };
export type Page<T> = { list: T[]; page: number; pagesize: number; total: number };

/**
 * Published items as members see them: visible from their publish time, in the request's language or else
 * English. Reads go through a cache that any content change (on any server) empties, and that forgets an answer
 * once a scheduled item it could not show yet becomes visible.
 */
export function createPublishedContent(db: Db, clock: Clock, feed: ChangeFeed) {
  type Entry = { data: unknown; next: number | null };
  const cache = createReadCache<Entry>(feed, { tables: ['content'], ttlMs: 60_000, max: 2_000 });

  async function nextScheduled(now: Date): Promise<number | null> {
    const row = await db
      .selectFrom('content_items')
      .select((eb) => eb.fn.min('publish_at').as('next'))
      .where('published', '=', true)
      .where('publish_at', '>', now)
      .executeTakeFirst();
    return row?.next ? new Date(row.next).getTime() : null;
  }

  async function cached<T>(key: string, load: (now: Date) => Promise<T>): Promise<T> {
    const read = async (): Promise<Entry> => {
      const now = clock.now();
      const [data, next] = await Promise.all([load(now), nextScheduled(now)]);
      return { data, next };
    };
    let entry = await cache.get(key, read);
    if (entry.next !== null && entry.next <= clock.now().getTime()) {
      cache.drop([key]);
      entry = await cache.get(key, read);
    }
    return entry.data as T;
  }

  function visible(lang: Language, now: Date) {
    return db
      .selectFrom('content_items as i')
      .leftJoin('content_texts as t', (j) => j.onRef('t.item_id', '=', 'i.id').on('t.lang', '=', lang))
      .leftJoin('content_texts as e', (j) => j.onRef('e.item_id', '=', 'i.id').on('e.lang', '=', 'en-US'))
      .leftJoin('uploads as img', 'img.id', 'i.image_id')
      .leftJoin('uploads as med', 'med.id', 'i.media_id')
      .where('i.published', '=', true)
      .where('i.publish_at', '<=', now)
      .where((eb) => eb.or([eb('t.item_id', 'is not', null), eb('e.item_id', 'is not', null)]))
      .select([
        'i.id',
        'i.kind',
        'i.link',
        'i.publish_at',
        'img.file_name as image_file',
        'med.file_name as media_file',
        'med.content_type as media_type',
        'med.bytes as media_bytes',
        sql<string>`coalesce(t.title, e.title)`.as('title'),
        sql<string>`coalesce(t.summary, e.summary)`.as('summary'),
        sql<string>`coalesce(t.category, e.category)`.as('category'),
        sql<Language>`coalesce(t.lang, e.lang)`.as('lang'),
      ]);
  }

  type Row = {
    id: string;
    kind: string;
    link: string;
    publish_at: Date;
    image_file: string | null;
    media_file: string | null;
    media_type: string | null;
    media_bytes: number | null;
    title: string;
    summary: string;
    category: string;
  };
  const summaryOf = (r: Row): ContentSummary => ({
    id: Number(r.id),
    kind: r.kind as ContentKind,
    title: r.title,
    summary: r.summary,
    category: r.category,
    image_url: mediaUrl(r.image_file),
    media_url: mediaUrl(r.media_file),
    media_type: r.media_type ?? '',
    media_size: r.media_bytes ?? 0,
    link: r.link,
    published_at: new Date(r.publish_at).toISOString(),
  });

  /**
   * One page of a kind's published items, optionally those whose title or text contains `q`; `withBody` adds each
   * item's body (announcements show it in full in their list).
   */
  function list(
    kind: ContentKind,
    lang: Language,
    page: number,
    pagesize: number,
    q?: string,
    withBody = false,
  ): Promise<Page<ContentSummary & { body_html?: string }>> {
    return cached(`list|${kind}|${lang}|${page}|${pagesize}|${q ?? ''}|${withBody}`, async (now) => {
      let matching = visible(lang, now).where('i.kind', '=', kind);
      if (q) {
        const pattern = likePattern(q);
        matching = matching.where(
          sql<boolean>`(coalesce(t.title, e.title) ILIKE ${pattern} OR coalesce(t.summary, e.summary) ILIKE ${pattern}
            OR coalesce(t.body_html, e.body_html) ILIKE ${pattern} OR coalesce(t.category, e.category) ILIKE ${pattern})`,
        );
      }
      let query = matching.$if(withBody, (qb) =>
        qb.select(sql<string>`coalesce(t.body_html, e.body_html)`.as('body_html')),
      );
      query = NEWEST_FIRST.has(kind)
        ? query.orderBy('i.publish_at', 'desc').orderBy('i.id', 'desc')
        : query.orderBy('i.sort_order', 'asc').orderBy('i.publish_at', 'desc').orderBy('i.id', 'desc');
      const rows = await query
        .select(sql<string>`count(*) over ()`.as('total'))
        .limit(pagesize)
        .offset((page - 1) * pagesize)
        .execute();
      // Past the last page the window count has no row to ride on: count the matching items alone.
      const total = rows[0]
        ? Number(rows[0].total)
        : page > 1
          ? Number(
              (
                await matching
                  .clearSelect()
                  .select((eb) => eb.fn.countAll<string>().as('n'))
                  .executeTakeFirstOrThrow()
              ).n,
            )
          : 0;
      const list = rows.map((r) => ({
        ...summaryOf(r),
        ...(withBody ? { body_html: (r as { body_html?: string }).body_html ?? '' } : {}),
      }));
      return { list, page, pagesize, total };
    });
  }

  /** One published item with its body, or undefined. */
  function article(id: string, lang: Language, kinds?: ContentKind[]): Promise<ContentArticle | undefined> {
    return cached(`one|${id}|${lang}|${kinds?.join(',') ?? ''}`, async (now) => {
      let query = visible(lang, now)
        .select([sql<string>`coalesce(t.body_html, e.body_html)`.as('body_html')])
        .where('i.id', '=', id);
      if (kinds) query = query.where('i.kind', 'in', kinds);
      const r = await query.executeTakeFirst();
      return r ? { ...summaryOf(r), body_html: r.body_html, lang: r.lang } : undefined;
    });
  }

  // Who saw which notices: the home screen asks on every opening. Keyed by member and the notices asked about.
  const seen = createReadCache<Set<number>>(feed, {
    tables: ['notice_seen'],
    ttlMs: 60_000,
    max: 100_000,
    groupOf: (key) => key.slice(0, key.indexOf('|')),
  });

  /** Which of these notices the member has seen (migration 0041 tells every server when a member sees one). */
  function seenBy(memberId: string, itemIds: string[]): Promise<Set<number>> {
    return seen.get(`${memberId}|${itemIds.join(',')}`, async () => {
      const rows = await seenNotices(db, memberId, itemIds);
      return new Set(rows.map((r) => Number(r.item_id)));
    });
  }

  return { list, article, cached, seenBy };
}

export type PublishedContent = ReturnType<typeof createPublishedContent>;
