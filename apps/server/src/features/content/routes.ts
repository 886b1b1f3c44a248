import {
  adminContentDelete,
  adminContentDetail,
  adminContentList,
  adminNewsSave,
  adminUpload,
  checkXmlNews,
  clickCount,
  type ContentKind,
  contentList,
  getAllFiles,
  getAllNews,
  getAnnouncement,
  getNewsTitle,
  homeCoin,
  LANGUAGES,
  LATEST_NEWS_COUNT,
  type Language,
  promo,
  showLatestNews,
  showOneNews,
  sliderImgs,
  UPLOAD_MAX_BYTES,
} from '@mp/contract';
import { sql } from 'kysely';
import { noteChanged } from '../../db/change-feed.ts';
import type { Db } from '../../db/database.ts';
import type { Deps } from '../../platform/deps.ts';
import { type CallRoute, handle, reply } from '../../http/calls.ts';
import { fieldRefusal, numericId, Refusal } from '../../lib/errors.ts';
import { audit } from '../../platform/audit.ts';
import { checkUpload, mediaStorage, mediaUrl } from './media.ts';
import type { PublishedContent } from './published.ts';
import { likePattern } from './published.ts';
import { plainText, sanitizeBody } from './sanitize.ts';
import { createMarketData } from '../trading/market-data.ts';
import { MARKET_BY_SYMBOL, MARKETS } from '../trading/markets.ts';

/**
 * Reference prices for the home page's coin strip when the market feed has no fresh prices (a server started with
 * MARKET_FEED=0 and no other server writing). They are labelled `source: reference` and the app says so.
 */
const REFERENCE_COINS = [
  { symbol: 'BTC', name: 'Bitcoin', price: '97250.00', change_24h: '0.00' },
  { symbol: 'ETH', name: 'Ethereum', price: '3580.00', change_24h: '0.00' },
  { symbol: 'BNB', name: 'BNB', price: '655.00', change_24h: '0.00' },
  { symbol: 'SOL', name: 'Solana', price: '238.00', change_24h: '0.00' },
  { symbol: 'XRP', name: 'XRP', price: '1.45', change_24h: '0.00' },
  { symbol: 'DOGE', name: 'Dogecoin', price: '0.41', change_24h: '0.00' },
];
const REFERENCE_AS_OF = '2026-11-01T00:00:00.000Z';

function contentState(published: boolean, publishAt: Date, now: Date) {
  if (!published) return 'draft' as const;
  return publishAt.getTime() > now.getTime() ? ('scheduled' as const) : ('published' as const);
}

function adminItemQuery(db: Db) {
  return db
    .selectFrom('content_items as i')
    .leftJoin('uploads as img', 'img.id', 'i.image_id')
    .select([
      'i.id',
      'i.kind',
      'i.published',
      'i.publish_at',
      'i.sort_order',
      'i.click_count',
      'i.updated_at',
      'i.link',
      'i.image_id',
      'i.media_id',
      'img.file_name as image_file',
      sql<{ lang: Language; title: string }[]>`coalesce((
        SELECT json_agg(json_build_object('lang', x.lang, 'title', x.title)
          ORDER BY CASE x.lang WHEN 'en-US' THEN 0 WHEN 'zh-CN' THEN 1 ELSE 2 END)
        FROM content_texts x WHERE x.item_id = i.id), '[]'::json)`.as('titles'),
    ]);
}

type AdminItemRow = Awaited<ReturnType<ReturnType<typeof adminItemQuery>['executeTakeFirstOrThrow']>>;

function adminRow(r: AdminItemRow, now: Date) {
  const langs = LANGUAGES.filter((l) => r.titles.some((t) => t.lang === l));
  return {
    id: Number(r.id),
    kind: r.kind as ContentKind,
    state: contentState(r.published, new Date(r.publish_at), now),
    publish_at: new Date(r.publish_at).toISOString(),
    sort_order: r.sort_order,
    title: r.titles[0]?.title ?? '',
    langs,
    missing: LANGUAGES.filter((l) => !langs.includes(l)),
    image_url: mediaUrl(r.image_file),
    click_count: Number(r.click_count),
    updated_at: new Date(r.updated_at).toISOString(),
  };
}

/** A link of a slider or promotion: the web, or a page of the app. */
function checkLink(link: string | undefined): string {
  if (!link) return '';
  if (/^(https?:\/\/[^\s]+|\/[^\s]*)$/i.test(link)) return link;
  throw fieldRefusal(422, 'link', 'content_link_invalid');
}

function parsePublishAt(value: string | undefined, now: Date): Date {
  if (!value) return now;
  const date = new Date(/Z|[+-]\d\d:?\d\d$/.test(value) ? value : `${value}Z`);
  if (Number.isNaN(date.getTime()) || !/^\d{4}-\d{2}-\d{2}/.test(value))
    throw fieldRefusal(422, 'publish_at', 'content_publish_at_invalid');
  return date;
}

/** The content calls (issue 13): what members read, and the CMS behind it. */
export function contentRoutes(deps: Deps, published: PublishedContent): CallRoute[] {
  const market = createMarketData(deps.db, deps.clock);
  const { db, clock } = deps;
  const media = mediaStorage(deps.config.dataDir);
  const notFound = () => new Refusal(404, 'content_not_found');

  async function uploadOf(id: string | undefined, field: string, kinds: string[]): Promise<string | null> {
    if (!id) return null;
    const row = /^\d{1,18}$/.test(id)
      ? await db.selectFrom('uploads').select(['id', 'kind']).where('id', '=', id).executeTakeFirst()
      : undefined;
    if (!row) throw fieldRefusal(404, field, 'upload_not_found');
    if (!kinds.includes(row.kind)) throw fieldRefusal(422, field, 'upload_wrong_kind');
    return row.id;
  }

  return [
    handle(getAnnouncement, async ({ page, pagesize }, ctx) => {
      const result = await published.list('announcement', ctx.lang, page, pagesize, undefined, true);
      return {
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
    }),

    handle(getAllNews, ({ page, pagesize }, ctx) => published.list('news', ctx.lang, page, pagesize)),

    handle(showOneNews, async ({ id }, ctx) => {
      const item = await published.article(numericId(id, notFound()), ctx.lang);
      if (!item || item.kind === 'notice' || item.kind === 'slider') throw notFound();
      return item;
    }),

    handle(getNewsTitle, async ({ page, pagesize, q }, ctx) => {
      const result = await published.list('news', ctx.lang, page, pagesize, q);
      return {
        ...result,
        list: result.list.map((n) => ({ id: n.id, title: n.title, published_at: n.published_at })),
      };
    }),

    handle(clickCount, async ({ id }) => {
      const row = await db
        .updateTable('content_items')
        .set({ click_count: sql`click_count + 1` })
        .where('id', '=', numericId(id, notFound()))
        .where('published', '=', true)
        .where('publish_at', '<=', clock.now())
        .returning(['id', 'click_count'])
        .executeTakeFirst();
      if (!row) throw notFound();
      return { id: Number(row.id), click_count: Number(row.click_count) };
    }),

    handle(getAllFiles, ({ page, pagesize }, ctx) => published.list('file', ctx.lang, page, pagesize)),

    handle(contentList, ({ kind, page, pagesize, q }, ctx) => {
      if (kind === 'notice') throw notFound();
      return published.list(kind, ctx.lang, page, pagesize, q);
    }),

    // The home page's strips: each answer is built once per language and change, then served from memory.
    handle(showLatestNews, (_i, ctx) =>
      published.cached(`latest|${ctx.lang}`, async () => {
        const result = await published.list('news', ctx.lang, 1, LATEST_NEWS_COUNT);
        return { list: result.list.map((n) => ({ id: n.id, title: n.title, published_at: n.published_at })) };
      }),
    ),

    handle(sliderImgs, (_i, ctx) =>
      published.cached(`sliders|${ctx.lang}`, async () => {
        const result = await published.list('slider', ctx.lang, 1, 20);
        return {
          list: result.list
            .filter((s) => s.image_url)
            .map((s) => ({ id: s.id, title: s.title, image_url: s.image_url, link: s.link })),
        };
      }),
    ),

    handle(homeCoin, async () => {
      // The feed's tickers (read at most four times a second): the first six listed markets, if fresh.
      const fresh = (await market.tickers()).filter((x) => !market.isStale(x));
      const rows = MARKETS.flatMap((m) => fresh.find((x) => x.symbol === m.symbol) ?? []).slice(0, 6);
      if (rows.length === 0)
        return { list: REFERENCE_COINS, source: 'reference' as const, as_of: REFERENCE_AS_OF };
      return {
        list: rows.map((x) => {
          const def = MARKET_BY_SYMBOL.get(x.symbol);
          const open = Number(x.open_24h);
          return {
            symbol: def?.base ?? x.symbol,
            name: def?.name ?? x.symbol,
            price: x.last,
            change_24h: open > 0 ? (((Number(x.last) - open) / open) * 100).toFixed(2) : '0.00',
          };
        }),
        source: rows.some((x) => x.simulated) ? ('simulated' as const) : ('market' as const),
        as_of: new Date(Math.min(...rows.map((x) => x.at.getTime()))).toISOString(),
      };
    }),

    handle(promo, ({ page, pagesize }, ctx) => published.list('promo', ctx.lang, page, pagesize)),

    handle(checkXmlNews, async ({ seen_id }, ctx) => {
      const memberId = ctx.member.id;
      if (seen_id && /^\d{1,18}$/.test(seen_id)) {
        await db
          .insertInto('notice_seen')
          .columns(['member_id', 'item_id'])
          .expression((eb) =>
            eb
              .selectFrom('content_items')
              .select([sql<string>`${memberId}::bigint`.as('member_id'), 'id'])
              .where('id', '=', seen_id)
              .where('kind', '=', 'notice'),
          )
          .onConflict((oc) => oc.doNothing())
          .execute();
      }
      const notices = await published.list('notice', ctx.lang, 1, 20);
      if (notices.list.length === 0) return { notice: null };
      const seen = await db
        .selectFrom('notice_seen')
        .select('item_id')
        .where('member_id', '=', memberId)
        .where(
          'item_id',
          'in',
          notices.list.map((n) => String(n.id)),
        )
        .execute();
      const seenIds = new Set(seen.map((s) => Number(s.item_id)));
      // The oldest unseen first: notices are listed newest first.
      const next = [...notices.list].reverse().find((n) => !seenIds.has(n.id));
      return { notice: next ? ((await published.article(String(next.id), ctx.lang)) ?? null) : null };
    }),

    /* The CMS. */

    handle(adminContentList, async ({ kind, q, page, pagesize }) => {
      let query = adminItemQuery(db);
      if (kind) query = query.where('i.kind', '=', kind);
      if (q) {
        const pattern = likePattern(q);
        query = query.where(({ exists, selectFrom }) =>
          exists(
            selectFrom('content_texts as x')
              .select('x.item_id')
              .whereRef('x.item_id', '=', 'i.id')
              .where((eb) => eb.or([eb('x.title', 'ilike', pattern), eb('x.body_html', 'ilike', pattern)])),
          ),
        );
      }
      const rows = await query
        .select(sql<string>`count(*) over ()`.as('total'))
        .orderBy('i.updated_at', 'desc')
        .orderBy('i.id', 'desc')
        .limit(pagesize)
        .offset((page - 1) * pagesize)
        .execute();
      const now = clock.now();
      return { list: rows.map((r) => adminRow(r, now)), page, pagesize, total: Number(rows[0]?.total ?? 0) };
    }),

    handle(adminContentDetail, async ({ id }) => {
      const row = await adminItemQuery(db)
        .leftJoin('uploads as med', 'med.id', 'i.media_id')
        .select(['med.file_name as media_file', 'med.content_type as media_type'])
        .where('i.id', '=', numericId(id, notFound()))
        .executeTakeFirst();
      if (!row) throw notFound();
      const texts = await db
        .selectFrom('content_texts')
        .select(['lang', 'title', 'summary', 'body_html', 'category'])
        .where('item_id', '=', row.id)
        .execute();
      texts.sort((a, b) => LANGUAGES.indexOf(a.lang) - LANGUAGES.indexOf(b.lang));
      return {
        ...adminRow(row, clock.now()),
        link: row.link,
        image_id: row.image_id ?? '',
        media_id: row.media_id ?? '',
        media_url: mediaUrl(row.media_file),
        media_type: row.media_type ?? '',
        texts,
      };
    }),

    handle(adminNewsSave, async (input, ctx) => {
      const now = clock.now();
      const adminId = ctx.member.id;
      const publishAt = input.publish_at === undefined ? undefined : parsePublishAt(input.publish_at, now);
      const link = input.link === undefined ? undefined : checkLink(input.link);
      const imageId =
        input.image_id === undefined ? undefined : await uploadOf(input.image_id, 'image_id', ['image']);
      const mediaId =
        input.media_id === undefined
          ? undefined
          : await uploadOf(input.media_id, 'media_id', ['video', 'pdf']);
      const body = sanitizeBody(input.body ?? '');
      const summary = input.summary ?? plainText(body);
      const id = await db.transaction().execute(async (tx) => {
        // What the request leaves out stays as it is on an update (a translation does not move the publish time).
        const fields = {
          published: input.published,
          ...(input.kind !== undefined ? { kind: input.kind } : {}),
          ...(publishAt !== undefined ? { publish_at: publishAt } : {}),
          ...(input.sort_order !== undefined ? { sort_order: input.sort_order } : {}),
          ...(link !== undefined ? { link } : {}),
          ...(imageId !== undefined ? { image_id: imageId } : {}),
          ...(mediaId !== undefined ? { media_id: mediaId } : {}),
          updated_by: adminId,
          updated_at: now,
        };
        let itemId: string;
        if (input.id) {
          const row = await tx
            .updateTable('content_items')
            .set(fields)
            .where('id', '=', numericId(input.id, notFound()))
            .returning('id')
            .executeTakeFirst();
          if (!row) throw notFound();
          itemId = row.id;
        } else {
          const row = await tx
            .insertInto('content_items')
            .values({
              ...fields,
              kind: input.kind ?? 'news',
              publish_at: publishAt ?? now,
              created_by: adminId,
              created_at: now,
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          itemId = row.id;
        }
        const text = {
          title: input.title,
          summary,
          body_html: body,
          category: input.category ?? '',
          updated_at: now,
        };
        await tx
          .insertInto('content_texts')
          .values({ item_id: itemId, lang: input.lang, ...text })
          .onConflict((oc) => oc.columns(['item_id', 'lang']).doUpdateSet(text))
          .execute();
        await audit(tx, adminId, input.id ? 'content.update' : 'content.create', `content:${itemId}`, {
          lang: input.lang,
          published: input.published,
          ...(input.kind ? { kind: input.kind } : {}),
          ...(publishAt ? { publish_at: publishAt.toISOString() } : {}),
        });
        return itemId;
      });
      noteChanged(db, 'content', 'all');
      return reply({ id: Number(id) }, 'content_saved');
    }),

    handle(adminContentDelete, async ({ id, lang }, ctx) => {
      const itemId = numericId(id, notFound());
      const deleted = await db.transaction().execute(async (tx) => {
        if (lang) {
          const row = await tx
            .deleteFrom('content_texts')
            .where('item_id', '=', itemId)
            .where('lang', '=', lang)
            .returning('item_id')
            .executeTakeFirst();
          if (!row) throw notFound();
        } else {
          await tx.deleteFrom('content_texts').where('item_id', '=', itemId).execute();
          const row = await tx
            .deleteFrom('content_items')
            .where('id', '=', itemId)
            .returning('id')
            .executeTakeFirst();
          if (!row) throw notFound();
        }
        await audit(tx, ctx.member.id, lang ? 'content.delete_text' : 'content.delete', `content:${itemId}`, {
          ...(lang ? { lang } : {}),
        });
        return lang ? ('text' as const) : ('item' as const);
      });
      noteChanged(db, 'content', 'all');
      return reply({ id: Number(itemId), deleted }, 'content_deleted');
    }),

    handle(adminUpload, async ({ kind, file }, ctx) => {
      const bytes =
        file instanceof Uint8Array ? Buffer.from(file.buffer, file.byteOffset, file.length) : null;
      if (!bytes) throw fieldRefusal(422, 'file', 'upload_type');
      const max = UPLOAD_MAX_BYTES[kind];
      if (bytes.length > max) throw fieldRefusal(422, 'file', 'upload_too_large', { max: max / 1024 / 1024 });
      const checked = checkUpload(kind, bytes);
      if (!checked) throw fieldRefusal(422, 'file', 'upload_type');
      const fileName = await media.save(checked);
      try {
        const row = await db
          .insertInto('uploads')
          .values({
            file_name: fileName,
            kind,
            content_type: checked.contentType,
            bytes: checked.bytes.length,
            created_by: ctx.member.id,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await audit(db, ctx.member.id, 'content.upload', `upload:${row.id}`, {
          kind,
          content_type: checked.contentType,
          bytes: checked.bytes.length,
        });
        return {
          id: row.id,
          kind,
          url: mediaUrl(fileName),
          content_type: checked.contentType,
          size: checked.bytes.length,
        };
      } catch (err) {
        await media.remove(fileName);
        throw err;
      }
    }),
  ];
}
