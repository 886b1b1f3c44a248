import { z } from 'zod';

export type Auth = 'public' | 'member' | 'admin';

export type CallDef<Req extends z.ZodType = z.ZodType, Res extends z.ZodType = z.ZodType> = {
  /** The spec's name, e.g. 'Logon/login'; served at /api/<name>, matched case-insensitively. */
  name: string;
  method: 'GET' | 'POST';
  auth: Auth;
  summary: string;
  tag: string;
  request: Req;
  response: Res;
  /** The request carries files: sent as multipart/form-data (documented so in OpenAPI). */
  multipart?: boolean;
  /** The largest file a multipart call takes, when not the server's default (5 MB). */
  maxFileBytes?: number;
  /** The most files a multipart call takes, when not the number of file fields in its request. */
  maxFiles?: number;
};

export function defineCall<Req extends z.ZodType, Res extends z.ZodType>(
  def: CallDef<Req, Res>,
): CallDef<Req, Res> {
  return def;
}

declare const definition: unique symbol;

/**
 * What a client needs to send a call, without its zod schemas: a call's name and method, typed by the full
 * definition it stands for. `refs.ts` holds one per call (generated, zod-free) for the browser's first
 * load; a full CallDef is a CallRef too.
 */
export type CallRef<C extends CallDef = CallDef> = {
  readonly name: string;
  readonly method: 'GET' | 'POST';
  readonly multipart?: boolean;
  /** Type-only: the definition this reference stands for (never present at run time). */
  readonly [definition]?: C;
};

/** The full definition behind a CallDef or a CallRef. */
export type DefOf<C extends CallRef> = C extends CallDef
  ? C
  : C extends { readonly [definition]?: infer D }
    ? NonNullable<D>
    : never;

export type RequestOf<C extends CallRef> = z.input<DefOf<C>['request']>;
export type ParsedRequestOf<C extends CallRef> = z.output<DefOf<C>['request']>;
export type ResponseOf<C extends CallRef> = z.output<DefOf<C>['response']>;

/**
 * C0 control characters other than tab, line feed and carriage return, and DEL: PostgreSQL refuses NUL in text,
 * and none of them is ever typed into a form, so a field holding one is refused before it reaches a query.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is this pattern's purpose.
const NO_CONTROL_CHARS = /^[^\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]*$/;

/**
 * Form fields arrive as strings (form-encoded bodies), JSON bodies may carry other types: these helpers
 * accept both and produce one shape. Message keys (see messages.ts) are used as zod messages.
 */
export const text = (max = 200) =>
  z.preprocess(
    (v) => (typeof v === 'number' ? String(v) : typeof v === 'string' ? v.trim() : v),
    z
      .string({ message: 'field_required' })
      .min(1, 'field_required')
      .max(max, 'field_too_long')
      .regex(NO_CONTROL_CHARS, 'field_control_chars'),
  );

export const optionalText = (max = 200) =>
  z.preprocess(
    (v) =>
      v === null || v === ''
        ? undefined
        : typeof v === 'number'
          ? String(v)
          : typeof v === 'string'
            ? v.trim() || undefined
            : v,
    z
      .string({ message: 'field_invalid' })
      .max(max, 'field_too_long')
      .regex(NO_CONTROL_CHARS, 'field_control_chars')
      .optional(),
  );

/** A secret is not trimmed: spaces may be part of it. */
export const secret = () =>
  z
    .string({ message: 'field_required' })
    .min(1, 'field_required')
    .max(128, 'field_too_long')
    .regex(NO_CONTROL_CHARS, 'field_control_chars');

/** A secret that may be left out or sent empty (asked for only in some cases). */
export const optionalSecret = () =>
  z.string().max(128, 'field_too_long').regex(NO_CONTROL_CHARS, 'field_control_chars').optional();

/** Optional text where '' means something (e.g. "remove"): kept as sent, not trimmed to nothing. */
export const optionalRawText = (max: number) =>
  z.preprocess(
    (v) => (typeof v === 'number' ? String(v) : v),
    z.string().max(max, 'field_too_long').regex(NO_CONTROL_CHARS, 'field_control_chars').optional(),
  );

export const formBool = () =>
  z.preprocess((v) => {
    if (typeof v === 'boolean') return v;
    if (typeof v === 'number') return v !== 0;
    if (typeof v === 'string') return ['1', 'true', 'on', 'yes'].includes(v.toLowerCase());
    return v === undefined ? false : v;
  }, z.boolean());

/** Decimal digits with an optional minus: no hex ("0x10"), exponent ("1e5"), spaces or fractions. */
const INTEGER_RE = /^-?\d{1,15}$/;

export const formInt = (min: number, max: number, fallback?: number) =>
  z.preprocess(
    (v) =>
      v === undefined || v === ''
        ? fallback
        : typeof v === 'string'
          ? INTEGER_RE.test(v)
            ? Number(v)
            : v
          : v,
    z
      .number({ message: 'field_invalid' })
      .int('field_invalid')
      .min(min, 'field_invalid')
      .max(max, 'field_invalid'),
  );

/** Ids of rows with BIGINT keys: decimal digits that fit a BIGINT, kept as a string. */
const ID_RE = /^\d{1,18}$/;

export const numericId = () =>
  z.preprocess(
    (v) => (typeof v === 'number' ? String(v) : typeof v === 'string' ? v.trim() : v),
    z.string({ message: 'field_required' }).min(1, 'field_required').regex(ID_RE, 'field_invalid'),
  );

export const optionalNumericId = () =>
  z.preprocess(
    (v) =>
      v === null || v === ''
        ? undefined
        : typeof v === 'number'
          ? String(v)
          : typeof v === 'string'
            ? v.trim() || undefined
            : v,
    z.string({ message: 'field_invalid' }).regex(ID_RE, 'field_invalid').optional(),
  );

/** Missing is `field_required`, present but wrong is `field_invalid`. */
export const requiredOrInvalid = {
  error: (issue: { input?: unknown }) =>
    issue.input === undefined || issue.input === '' ? 'field_required' : 'field_invalid',
};

export const oneOf = <T extends readonly [string, ...string[]]>(values: T) =>
  z.preprocess((v) => (typeof v === 'string' ? v.trim() : v), z.enum(values, requiredOrInvalid));

export const empty = z.object({});

/** `page` from 1, `pagesize` default 10, max 100 (DESIGN.md section 3). */
export const pagingFields = {
  page: formInt(1, 1_000_000, 1),
  pagesize: formInt(1, 100, 10),
};

/** The languages an admin writes translations in: every one the app speaks but the default (en-US). */
const OTHER_LANGUAGES = ['zh-CN', 'bm-MY'] as const;

/**
 * An admin's texts in the members' other languages (a name, and whatever other texts `fields` adds), shown to a
 * member reading that language; optional, so a save that does not send them leaves them as they are.
 */
export const translationsField = <S extends z.ZodRawShape>(fields: S) =>
  z
    .array(z.object({ lang: oneOf(OTHER_LANGUAGES), name: text(100), ...fields }))
    .max(OTHER_LANGUAGES.length)
    .optional();
