import { z } from 'zod';
import { defineCall, empty, oneOf, optionalText, pagingFields, text } from '../../call.ts';
import { pagedSchema } from '../../envelope.ts';
import { CONTENT_KINDS, LANGUAGES } from '../../constants.ts';

/**
 * Published content (issue 13): news and the CMS's other kinds, the home page's strips and slider, important
 * notices and promotions.
 */
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
