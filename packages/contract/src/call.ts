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
 * Form fields arrive as strings (form-encoded bodies), JSON bodies may carry other types: these helpers
 * accept both and produce one shape. Message keys (see messages.ts) are used as zod messages.
 */
export const text = (max = 200) =>
  z.preprocess(
    (v) => (typeof v === 'number' ? String(v) : typeof v === 'string' ? v.trim() : v),
    z.string({ message: 'field_required' }).min(1, 'field_required').max(max, 'field_too_long'),
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
    z.string({ message: 'field_invalid' }).max(max, 'field_too_long').optional(),
  );

/** A secret is not trimmed: spaces may be part of it. */
export const secret = () =>
  z.string({ message: 'field_required' }).min(1, 'field_required').max(128, 'field_too_long');

export const formBool = () =>
  z.preprocess((v) => {
    if (typeof v === 'boolean') return v;
    if (typeof v === 'number') return v !== 0;
    if (typeof v === 'string') return ['1', 'true', 'on', 'yes'].includes(v.toLowerCase());
    return v === undefined ? false : v;
  }, z.boolean());

export const formInt = (min: number, max: number, fallback?: number) =>
  z.preprocess(
    (v) => (v === undefined || v === '' ? fallback : typeof v === 'string' ? Number(v) : v),
    z
      .number({ message: 'field_invalid' })
      .int('field_invalid')
      .min(min, 'field_invalid')
      .max(max, 'field_invalid'),
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
