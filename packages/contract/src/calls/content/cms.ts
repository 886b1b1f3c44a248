import { z } from 'zod';
import {
  defineCall,
  formBool,
  formInt,
  oneOf,
  optionalRawText,
  optionalText,
  pagingFields,
  text,
} from '../../call.ts';
import { pagedSchema } from '../../envelope.ts';
import { CONTENT_KINDS, CONTENT_STATES, LANGUAGES, UPLOAD_KINDS } from '../../constants.ts';
import { imageFile } from '../kyc.ts';

/** The CMS (issue 13): the admin's content in every language, and uploads. */
const id = () => text(20);

export const adminContentRowSchema = z.object({
  id: z.number(),
  kind: z.enum(CONTENT_KINDS),
  state: z.enum(CONTENT_STATES),
  publish_at: z.string(),
  sort_order: z.number(),
  /** In English, or the first language it has. */
  title: z.string(),
  /** The languages it has a text in, and those it lacks (members see English there). */
  langs: z.array(z.enum(LANGUAGES)),
  missing: z.array(z.enum(LANGUAGES)),
  image_url: z.string(),
  click_count: z.number(),
  updated_at: z.string(),
});

export const adminContentList = defineCall({
  name: 'Admin/contentlist',
  method: 'POST',
  auth: 'admin',
  tag: 'admin',
  summary: 'CMS items of a kind, newest first, with state and the translations each lacks',
  request: z.object({ ...pagingFields, kind: oneOf(CONTENT_KINDS).optional(), q: optionalText(100) }),
  response: pagedSchema(adminContentRowSchema),
});

export const contentTextSchema = z.object({
  lang: z.enum(LANGUAGES),
  title: z.string(),
  summary: z.string(),
  body_html: z.string(),
  category: z.string(),
});

export const adminContentDetail = defineCall({
  name: 'Admin/contentdetail',
  method: 'POST',
  auth: 'admin',
  tag: 'admin',
  summary: 'One CMS item with every language’s text',
  request: z.object({ id: id() }),
  response: adminContentRowSchema.extend({
    link: z.string(),
    image_id: z.string(),
    media_id: z.string(),
    media_url: z.string(),
    media_type: z.string(),
    texts: z.array(contentTextSchema),
  }),
});

export const adminNewsSave = defineCall({
  name: 'Admin/newssave',
  method: 'POST',
  auth: 'admin',
  tag: 'admin',
  summary:
    'Creates (no `id`) or updates a CMS item and its text in one language. The body is sanitized. `published` with a future `publish_at` schedules it. On an update, a field left out (kind, publish_at, sort_order, link, image_id, media_id) keeps its value; audited',
  request: z.object({
    id: optionalText(20),
    /** `news` when a new item leaves it out. */
    kind: oneOf(CONTENT_KINDS).optional(),
    lang: oneOf(LANGUAGES),
    title: text(200),
    summary: optionalText(500),
    body: optionalText(200_000),
    category: optionalText(80),
    published: formBool(),
    /** ISO date-time; now when a new item leaves it out. */
    publish_at: optionalText(40),
    sort_order: formInt(-1_000_000, 1_000_000).optional(),
    link: optionalText(500),
    /** An upload id (Admin/upload), '' to remove. */
    image_id: optionalRawText(20),
    media_id: optionalRawText(20),
  }),
  response: z.object({ id: z.number() }),
});

export const adminContentDelete = defineCall({
  name: 'Admin/contentdelete',
  method: 'POST',
  auth: 'admin',
  tag: 'admin',
  summary: 'Deletes one language’s text of an item (`lang`), or the whole item; audited',
  request: z.object({ id: id(), lang: oneOf(LANGUAGES).optional() }),
  response: z.object({ id: z.number(), deleted: z.enum(['item', 'text']) }),
});

export const uploadSchema = z.object({
  id: z.string(),
  kind: z.enum(UPLOAD_KINDS),
  url: z.string(),
  content_type: z.string(),
  size: z.number(),
});

export const adminUpload = defineCall({
  name: 'Admin/upload',
  method: 'POST',
  auth: 'admin',
  multipart: true,
  maxFileBytes: 50 * 1024 * 1024,
  tag: 'admin',
  summary:
    'Uploads a picture (JPEG/PNG/WebP, 5 MB), a video (MP4/WebM, 50 MB) or a PDF (20 MB) for the CMS, checked by its content; served from /media/ with range requests',
  request: z.object({ kind: oneOf(UPLOAD_KINDS), file: imageFile() }),
  response: uploadSchema,
});
