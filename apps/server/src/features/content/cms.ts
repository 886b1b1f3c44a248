import {
  type adminContentDelete,
  type adminContentList,
  type adminNewsSave,
  type ContentKind,
  LANGUAGES,
  type ParsedRequestOf,
} from '@mp/contract';
import { noteChanged } from '../../db/change-feed.ts';
import type { Db } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import { fieldRefusal, numericId, Refusal } from '../../lib/errors.ts';
import { audit } from '../../platform/audit.ts';
import { mediaUrl } from './media.ts';
import {
  type AdminItemRow,
  adminItemsPage,
  adminItemWithMedia,
  deleteItem,
  deleteText,
  insertItem,
  itemTexts,
  putText,
  updateItem,
  uploadKind,
} from './queries.ts';
import { plainText, sanitizeBody } from './sanitize.ts';

/** What the CMS calls use. */
export type CmsDeps = { db: Db; clock: Clock };

export const contentNotFound = () => new Refusal(404, 'content_not_found');

function contentState(published: boolean, publishAt: Date, now: Date) {
  if (!published) return 'draft' as const;
  return publishAt.getTime() > now.getTime() ? ('scheduled' as const) : ('published' as const);
}

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

/** An upload of one of `kinds` by its id, or null when none is given. */
async function uploadOf(
  db: Db,
  id: string | undefined,
  field: string,
  kinds: string[],
): Promise<string | null> {
  if (!id) return null;
  const row = /^\d{1,18}$/.test(id) ? await uploadKind(db, id) : undefined;
  if (!row) throw fieldRefusal(404, field, 'upload_not_found');
  if (!kinds.includes(row.kind)) throw fieldRefusal(422, field, 'upload_wrong_kind');
  return row.id;
}

export async function listAdminContent(d: CmsDeps, input: ParsedRequestOf<typeof adminContentList>) {
  const { page, pagesize } = input;
  const rows = await adminItemsPage(d.db, input);
  const now = d.clock.now();
  return { list: rows.map((r) => adminRow(r, now)), page, pagesize, total: Number(rows[0]?.total ?? 0) };
}

/** One item as the CMS edits it: every language's text, its picture and media. */
export async function adminContentItem(d: CmsDeps, id: string) {
  const row = await adminItemWithMedia(d.db, numericId(id, contentNotFound()));
  if (!row) throw contentNotFound();
  const texts = await itemTexts(d.db, row.id);
  texts.sort((a, b) => LANGUAGES.indexOf(a.lang) - LANGUAGES.indexOf(b.lang));
  return {
    ...adminRow(row, d.clock.now()),
    link: row.link,
    image_id: row.image_id ?? '',
    media_id: row.media_id ?? '',
    media_url: mediaUrl(row.media_file),
    media_type: row.media_type ?? '',
    texts,
  };
}

type SaveInput = ParsedRequestOf<typeof adminNewsSave>;

/**
 * The item's fields to write. What the request leaves out stays as it is on an update (a translation does not move
 * the publish time).
 */
async function itemFields(d: CmsDeps, adminId: string, input: SaveInput, now: Date) {
  const publishAt = input.publish_at === undefined ? undefined : parsePublishAt(input.publish_at, now);
  const link = input.link === undefined ? undefined : checkLink(input.link);
  const imageId =
    input.image_id === undefined ? undefined : await uploadOf(d.db, input.image_id, 'image_id', ['image']);
  const mediaId =
    input.media_id === undefined
      ? undefined
      : await uploadOf(d.db, input.media_id, 'media_id', ['video', 'pdf']);
  return {
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
}

/** The admin adds an item or changes it, writing its text in one language; audited, and the members' cache emptied. */
export async function saveContent(d: CmsDeps, adminId: string, input: SaveInput) {
  const now = d.clock.now();
  const fields = await itemFields(d, adminId, input, now);
  const body = sanitizeBody(input.body ?? '');
  const summary = input.summary ?? plainText(body);
  const id = await d.db.transaction().execute(async (tx) => {
    let itemId: string;
    if (input.id) {
      const row = await updateItem(tx, numericId(input.id, contentNotFound()), fields);
      if (!row) throw contentNotFound();
      itemId = row;
    } else {
      itemId = await insertItem(tx, {
        ...fields,
        kind: input.kind ?? 'news',
        publish_at: fields.publish_at ?? now,
        created_by: adminId,
        created_at: now,
      });
    }
    const text = {
      title: input.title,
      summary,
      body_html: body,
      category: input.category ?? '',
      updated_at: now,
    };
    await putText(tx, itemId, input.lang, text);
    await audit(tx, adminId, input.id ? 'content.update' : 'content.create', `content:${itemId}`, {
      lang: input.lang,
      published: input.published,
      ...(input.kind ? { kind: input.kind } : {}),
      ...(fields.publish_at ? { publish_at: fields.publish_at.toISOString() } : {}),
    });
    return itemId;
  });
  noteChanged(d.db, 'content', 'all');
  return { id: Number(id) };
}

/** The admin deletes an item's text in one language, or the whole item; audited, and the members' cache emptied. */
export async function deleteContent(
  d: CmsDeps,
  adminId: string,
  { id, lang }: ParsedRequestOf<typeof adminContentDelete>,
) {
  const itemId = numericId(id, contentNotFound());
  const deleted = await d.db.transaction().execute(async (tx) => {
    const gone = lang ? await deleteText(tx, itemId, lang) : await deleteItem(tx, itemId);
    if (!gone) throw contentNotFound();
    await audit(tx, adminId, lang ? 'content.delete_text' : 'content.delete', `content:${itemId}`, {
      ...(lang ? { lang } : {}),
    });
    return lang ? ('text' as const) : ('item' as const);
  });
  noteChanged(d.db, 'content', 'all');
  return { id: Number(itemId), deleted };
}
