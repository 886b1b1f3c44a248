import { z } from 'zod';
import {
  defineCall,
  empty,
  formBool,
  formInt,
  oneOf,
  optionalRawText,
  optionalText,
  pagingFields,
  text,
} from '../call.ts';
import { pagedSchema } from '../envelope.ts';
import {
  CONTENT_KINDS,
  CONTENT_STATES,
  ENQUIRY_STATES,
  KYC_IMAGE_TYPES,
  LANGUAGES,
  UPLOAD_KINDS,
} from '../constants.ts';
import { imageFile } from './kyc.ts';

/** Calls of content and support (issue 13): news, the CMS's other kinds, enquiries and the daily game. */

const id = () => text(20);

/** A published item as a list shows it, in the request's language (English when it has no translation). */
export const contentSummarySchema = z.object({
  id: z.number(),
  kind: z.enum(CONTENT_KINDS),
  title: z.string(),
  summary: z.string(),
  /** Help questions are grouped by it; '' for other kinds. */
  category: z.string(),
  /** The item's picture ('' when none), served from /media/. */
  image_url: z.string(),
  /** Its video or PDF ('' when none). */
  media_url: z.string(),
  media_type: z.string(),
  media_size: z.number(),
  /** Where a slider or promotion leads ('' when nowhere). */
  link: z.string(),
  published_at: z.string(),
});

export const contentArticleSchema = contentSummarySchema.extend({
  /** Sanitized on the server: no scripts, no event handlers, links and pictures of http(s) or our own /media/ only. */
  body_html: z.string(),
  /** The language the text is in (the request's, or en-US when it has no translation). */
  lang: z.enum(LANGUAGES),
});

export const getAllNews = defineCall({
  name: 'Home/getAllNews',
  method: 'POST',
  auth: 'public',
  tag: 'content',
  summary:
    'Published news, newest first, in the request’s language (English when an item has no translation)',
  request: z.object({ ...pagingFields }),
  response: pagedSchema(contentSummarySchema),
});

export const showOneNews = defineCall({
  name: 'Home/showOneNews',
  method: 'POST',
  auth: 'public',
  tag: 'content',
  summary:
    'One published item (news, announcement, guide, training, help, promotion…) with its sanitized HTML body',
  request: z.object({ id: id() }),
  response: contentArticleSchema,
});

export const getNewsTitle = defineCall({
  name: 'Home/getNewsTitle',
  method: 'POST',
  auth: 'public',
  tag: 'content',
  summary: 'Titles of published news, newest first, optionally those containing `q` (the news page’s search)',
  request: z.object({ ...pagingFields, q: optionalText(100) }),
  response: pagedSchema(z.object({ id: z.number(), title: z.string(), published_at: z.string() })),
});

export const clickCount = defineCall({
  name: 'Home/clickCount',
  method: 'POST',
  auth: 'public',
  tag: 'content',
  summary: 'Counts one reading of a published item and answers how often it was read',
  request: z.object({ id: id() }),
  response: z.object({ id: z.number(), click_count: z.number() }),
});

export const getAllFiles = defineCall({
  name: 'Home/getAllFiles',
  method: 'POST',
  auth: 'public',
  tag: 'content',
  summary: 'Published files (PDF), in the CMS’s order',
  request: z.object({ ...pagingFields }),
  response: pagedSchema(contentSummarySchema),
});

export const contentList = defineCall({
  name: 'Content/list',
  method: 'POST',
  auth: 'public',
  tag: 'content',
  summary:
    'Published items of one kind (help, guide, training, video, file, promo, news…) in the CMS’s order, optionally those whose title or text contains `q`',
  request: z.object({ ...pagingFields, kind: oneOf(CONTENT_KINDS), q: optionalText(100) }),
  response: pagedSchema(contentSummarySchema),
});

export const showLatestNews = defineCall({
  name: 'Main/showLatestNews',
  method: 'POST',
  auth: 'public',
  tag: 'content',
  summary: 'The latest published news titles for the home page’s strip',
  request: empty,
  response: z.object({
    list: z.array(z.object({ id: z.number(), title: z.string(), published_at: z.string() })),
  }),
});

export const sliderImgs = defineCall({
  name: 'Main/sliderImgs',
  method: 'POST',
  auth: 'public',
  tag: 'content',
  summary: 'The home page’s slider pictures in the CMS’s order, each with its optional link',
  request: empty,
  response: z.object({
    list: z.array(z.object({ id: z.number(), title: z.string(), image_url: z.string(), link: z.string() })),
  }),
});

export const homeCoin = defineCall({
  name: 'Main/homecoin',
  method: 'POST',
  auth: 'public',
  tag: 'content',
  summary:
    'Coin prices for the home page’s strip from the market feed: `market` (an exchange’s prices), `simulated` (the synthetic feed), or a fixed `reference` list when the feed has no fresh prices.',
  request: empty,
  response: z.object({
    list: z.array(
      z.object({ symbol: z.string(), name: z.string(), price: z.string(), change_24h: z.string() }),
    ),
    source: z.enum(['reference', 'market', 'simulated']),
    as_of: z.string(),
  }),
});

export const checkXmlNews = defineCall({
  name: 'Logon/checkxmlnews',
  method: 'POST',
  auth: 'member',
  tag: 'content',
  summary:
    'The oldest important notice this member has not yet acknowledged (null when none); `seen_id` acknowledges one first, so each notice shows once',
  request: z.object({ seen_id: optionalText(20) }),
  response: z.object({ notice: contentArticleSchema.nullable() }),
});

export const promo = defineCall({
  name: 'Member/Promo',
  method: 'POST',
  auth: 'member',
  tag: 'content',
  summary: 'Current promotions, in the CMS’s order',
  request: z.object({ ...pagingFields }),
  response: pagedSchema(contentSummarySchema),
});

/* Customer service. */

export const enquirySchema = z.object({
  id: z.number(),
  subject: z.string(),
  message: z.string(),
  state: z.enum(ENQUIRY_STATES),
  /** The conversation after the first message, oldest first. */
  replies: z.array(z.object({ message: z.string(), at: z.string(), from: z.enum(['member', 'support']) })),
  /** How many pictures the enquiry carries (read one with Member/enquiryimage). */
  pictures: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
});

export const sendEnquiries = defineCall({
  name: 'Member/sendEnquiries',
  method: 'POST',
  auth: 'member',
  multipart: true,
  tag: 'support',
  summary:
    'Writes to customer service: subject, message and up to 3 pictures (picture1..picture3, JPEG/PNG/WebP by content, 5 MB each, metadata stripped)',
  request: z.object({
    subject: text(120),
    message: text(4000),
    picture1: imageFile().optional(),
    picture2: imageFile().optional(),
    picture3: imageFile().optional(),
  }),
  response: z.object({ id: z.number() }),
});

export const showEmailHistory = defineCall({
  name: 'Member/showEmailHistory',
  method: 'POST',
  auth: 'member',
  tag: 'support',
  summary: 'The member’s own enquiries, newest activity first, with the conversation',
  request: z.object({ ...pagingFields, state: oneOf(ENQUIRY_STATES).optional() }),
  response: pagedSchema(enquirySchema),
});

export const enquiryFollowUp = defineCall({
  name: 'Member/enquiryfollowup',
  method: 'POST',
  auth: 'member',
  tag: 'support',
  summary: 'Adds the member’s message to their own enquiry that is not closed; it becomes open again',
  request: z.object({ id: id(), message: text(4000) }),
  response: enquirySchema,
});

export const enquiryImage = defineCall({
  name: 'Member/enquiryimage',
  method: 'POST',
  auth: 'member',
  tag: 'support',
  summary:
    'One picture of an enquiry as a data URL; only for the member who sent it and for admins (others get 404)',
  request: z.object({ id: id(), index: formInt(1, 3) }),
  response: z.object({ content_type: z.enum(KYC_IMAGE_TYPES), data_url: z.string() }),
});

export const adminEnquirySchema = enquirySchema.extend({ userid: z.string(), name: z.string() });

export const adminEnquiryList = defineCall({
  name: 'Admin/enquirylist',
  method: 'POST',
  auth: 'admin',
  tag: 'admin',
  summary: 'Enquiries by state (open ones oldest first, as a queue) and member',
  request: z.object({ ...pagingFields, state: oneOf(ENQUIRY_STATES).optional(), userid: optionalText(64) }),
  response: pagedSchema(adminEnquirySchema),
});

export const adminEnquiryReply = defineCall({
  name: 'Admin/enquiryreply',
  method: 'POST',
  auth: 'admin',
  tag: 'admin',
  summary: 'Answers an enquiry that is not closed (it becomes answered, the member is told); audited',
  request: z.object({ id: id(), message: text(4000), close: formBool() }),
  response: adminEnquirySchema,
});

export const adminEnquiryClose = defineCall({
  name: 'Admin/enquiryclose',
  method: 'POST',
  auth: 'admin',
  tag: 'admin',
  summary: 'Closes an enquiry; audited',
  request: z.object({ id: id() }),
  response: adminEnquirySchema,
});

/* The CMS. */

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

/* The daily check-in game (DECISIONS.md). */

export const gameStatusSchema = z.object({
  /** Whether today's check-in is done. */
  checked_in: z.boolean(),
  /** Days in a row, today included when done. */
  streak: z.number(),
  /** What today's check-in pays (or paid). */
  today_reward: z.string(),
  asset: z.string(),
  /** The rewards of a 7-day streak, day 1 first. */
  rewards: z.array(z.string()),
  /** Whether the pool can still pay (the admin's budget is not used up). */
  open: z.boolean(),
  recent: z.array(z.object({ day: z.string(), amount: z.string() })),
  total: z.string(),
});

export const gameStatus = defineCall({
  name: 'Game/status',
  method: 'POST',
  auth: 'member',
  tag: 'content',
  summary: 'The member’s daily check-in: done today or not, the streak, the rewards',
  request: empty,
  response: gameStatusSchema,
});

export const gameCheckin = defineCall({
  name: 'Game/checkin',
  method: 'POST',
  auth: 'member',
  tag: 'content',
  summary:
    'Today’s check-in: pays the streak’s reward in platform tokens from the airdrop pool to the funds wallet, at most once per member per day (UTC)',
  request: empty,
  response: gameStatusSchema,
});

export const adminGameSettings = defineCall({
  name: 'Admin/gamesettings',
  method: 'POST',
  auth: 'admin',
  tag: 'admin',
  summary:
    'Reads or sets the check-in game’s budget (platform tokens the pool may pay in all) and whether it is on; shows what it paid',
  request: z.object({ budget: optionalText(30), enabled: oneOf(['on', 'off'] as const).optional() }),
  response: z.object({
    budget: z.string(),
    paid: z.string(),
    enabled: z.boolean(),
    players_today: z.number(),
  }),
});
