import type { ContentKind, Language, UploadKind } from '@mp/contract';
import { sql } from 'kysely';
import type { Db, Tx } from '../../db/database.ts';
import { likePattern } from '../../lib/like.ts';

// The CMS's SQL (items, their texts, uploads) and the members' clicks and seen notices; the use cases compose these.

/** Content items as the CMS lists them, with each language's title (English, Chinese, then Malay). */
export function adminItemQuery(db: Db) {
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

export type AdminItemRow = Awaited<ReturnType<ReturnType<typeof adminItemQuery>['executeTakeFirstOrThrow']>>;

/** One page of the CMS's items (of a kind, or whose title or text contains `q`), last changed first, with the total. */
export function adminItemsPage(
  db: Db,
  { kind, q, page, pagesize }: { kind?: ContentKind; q?: string; page: number; pagesize: number },
) {
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
  return query
    .select(sql<string>`count(*) over ()`.as('total'))
    .orderBy('i.updated_at', 'desc')
    .orderBy('i.id', 'desc')
    .limit(pagesize)
    .offset((page - 1) * pagesize)
    .execute();
}

/** One item as the CMS edits it, with its media file. */
export function adminItemWithMedia(db: Db, id: string) {
  return adminItemQuery(db)
    .leftJoin('uploads as med', 'med.id', 'i.media_id')
    .select(['med.file_name as media_file', 'med.content_type as media_type'])
    .where('i.id', '=', id)
    .executeTakeFirst();
}

export function itemTexts(db: Db, itemId: string) {
  return db
    .selectFrom('content_texts')
    .select(['lang', 'title', 'summary', 'body_html', 'category'])
    .where('item_id', '=', itemId)
    .execute();
}

/** Counts a click on a published item; undefined when there is no such item to see now. */
export function countClick(db: Db, id: string, now: Date) {
  return db
    .updateTable('content_items')
    .set({ click_count: sql`click_count + 1` })
    .where('id', '=', id)
    .where('published', '=', true)
    .where('publish_at', '<=', now)
    .returning(['id', 'click_count'])
    .executeTakeFirst();
}

/** Remembers that the member has seen a notice (an id of anything but a notice changes nothing). */
export async function markNoticeSeen(db: Db, memberId: string, itemId: string) {
  await db
    .insertInto('notice_seen')
    .columns(['member_id', 'item_id'])
    .expression((eb) =>
      eb
        .selectFrom('content_items')
        .select([sql<string>`${memberId}::bigint`.as('member_id'), 'id'])
        .where('id', '=', itemId)
        .where('kind', '=', 'notice'),
    )
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/** Which of these notices the member has seen. */
export function seenNotices(db: Db, memberId: string, itemIds: string[]) {
  return db
    .selectFrom('notice_seen')
    .select('item_id')
    .where('member_id', '=', memberId)
    .where('item_id', 'in', itemIds)
    .execute();
}

export function uploadKind(db: Db, id: string) {
  return db.selectFrom('uploads').select(['id', 'kind']).where('id', '=', id).executeTakeFirst();
}

type ItemFields = {
  published: boolean;
  kind?: ContentKind;
  publish_at?: Date;
  sort_order?: number;
  link?: string;
  image_id?: string | null;
  media_id?: string | null;
  updated_by: string;
  updated_at: Date;
};

/** Changes an item's fields; undefined when there is no such item. */
export async function updateItem(tx: Tx, id: string, fields: ItemFields) {
  const row = await tx
    .updateTable('content_items')
    .set(fields)
    .where('id', '=', id)
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

export async function insertItem(
  tx: Tx,
  values: ItemFields & { kind: ContentKind; publish_at: Date; created_by: string; created_at: Date },
) {
  const row = await tx.insertInto('content_items').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** Writes an item's text in one language (adds it, or replaces the one there). */
export async function putText(
  tx: Tx,
  itemId: string,
  lang: Language,
  text: { title: string; summary: string; body_html: string; category: string; updated_at: Date },
) {
  await tx
    .insertInto('content_texts')
    .values({ item_id: itemId, lang, ...text })
    .onConflict((oc) => oc.columns(['item_id', 'lang']).doUpdateSet(text))
    .execute();
}

/** Deletes an item's text in one language; false when it had none. */
export async function deleteText(tx: Tx, itemId: string, lang: Language): Promise<boolean> {
  const row = await tx
    .deleteFrom('content_texts')
    .where('item_id', '=', itemId)
    .where('lang', '=', lang)
    .returning('item_id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Deletes an item with all its texts; false when there is no such item. */
export async function deleteItem(tx: Tx, itemId: string): Promise<boolean> {
  await tx.deleteFrom('content_texts').where('item_id', '=', itemId).execute();
  const row = await tx
    .deleteFrom('content_items')
    .where('id', '=', itemId)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertUpload(
  db: Tx,
  u: { file_name: string; kind: UploadKind; content_type: string; bytes: number; created_by: string },
) {
  const row = await db.insertInto('uploads').values(u).returning('id').executeTakeFirstOrThrow();
  return row.id;
}
