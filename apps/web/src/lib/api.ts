import { REQUEST_TIMEOUT_MS, STATUS_OK, STATUS_SESSION } from '@mp/contract/web';
import type { CallDef, CallRef, FieldError, RequestOf, ResponseOf } from '@mp/contract';
import { showAlert, showToast } from './feedback.ts';
import { currentLanguage, i18n } from './i18n.ts';
import { takeEarly } from './earlyCalls.ts';
import { beginLoading } from './loading.ts';
import { goToLogin } from './navigation.ts';
import { noteReachable } from './reachability.ts';
import { clearSession, getToken } from './session.ts';

export const API_BASE = '/api';

/** The spec's one exception to the global loading indicator: the home page's coin ticker. */
const NO_LOADING_CALLS = new Set(['main/homecoin']);

export const NOT_FOUND_TEXT = 'error_code:404';

/** A refused or failed call. `errors` names the fields a form should mark. */
export class ApiError extends Error {
  readonly call: string;
  readonly code: number;
  /** The text shown to the user (the server's localized `msg`, or ours for network failures). */
  readonly msg: string;
  readonly errors: FieldError[];

  constructor(call: string, code: number, msg: string, errors: FieldError[] = []) {
    super(msg);
    this.name = 'ApiError';
    this.call = call;
    this.code = code;
    this.msg = msg;
    this.errors = errors;
  }

  /** The server's message for one field, if it named that field. */
  fieldError(field: string): string | undefined {
    return this.errors.find((e) => e.field === field)?.message;
  }
}

export type ApiOptions = {
  /**
   * Quiet calls (as-you-type checks) show no toast and no 404 modal: the page shows the outcome inline.
   * Session expiry and the too-many-requests modal are never quiet.
   */
  quiet?: boolean;
  signal?: AbortSignal;
};

export type ApiResult<C extends CallRef> = { data: ResponseOf<C>; msg: string };

type Body = { status?: unknown; code?: unknown; msg?: unknown; data?: unknown; errors?: unknown };

function buildUrl(call: CallRef, input: object): string {
  const url = `${API_BASE}/${call.name}`;
  if (call.method !== 'GET') return url;
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(input)) {
    if (value !== undefined && value !== null) query.set(key, String(value));
  }
  const qs = query.toString();
  return qs ? `${url}?${qs}` : url;
}

/** A body holding a file (identity pictures) goes as multipart/form-data; every other body as JSON. */
function multipartBody(input: object): FormData | null {
  const entries = Object.entries(input);
  if (!entries.some(([, v]) => v instanceof Blob)) return null;
  const form = new FormData();
  for (const [key, value] of entries) {
    if (value instanceof Blob) form.append(key, value);
    else if (value !== undefined && value !== null) form.append(key, String(value));
  }
  return form;
}

function buildHeaders(call: CallRef, multipart: boolean): Headers {
  const headers = new Headers({ Accept: 'application/json', 'Accept-Language': currentLanguage() });
  // A multipart body sets its own Content-Type (with the boundary).
  if (call.method !== 'GET' && !multipart) headers.set('Content-Type', 'application/json');
  const token = getToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  return headers;
}

function toFieldErrors(value: unknown): FieldError[] {
  if (!Array.isArray(value)) return [];
  return value.filter(
    (e): e is FieldError =>
      typeof e === 'object' && e !== null && typeof e.field === 'string' && typeof e.message === 'string',
  );
}

async function readBody(res: Response): Promise<Body> {
  try {
    const parsed: unknown = await res.json();
    return typeof parsed === 'object' && parsed !== null ? parsed : {};
  } catch {
    return {};
  }
}

async function send(call: CallRef, input: object, options: ApiOptions): Promise<Response> {
  const timeout = new AbortController();
  const timer = setTimeout(() => timeout.abort(), REQUEST_TIMEOUT_MS);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout.signal]) : timeout.signal;
  const form = call.method === 'GET' ? null : multipartBody(input);
  // The boot script's call was made with an empty body: only an empty input may take its answer.
  const early = Object.keys(input).length === 0 ? takeEarly(call.name, signal) : undefined;
  try {
    if (early) return await early;
    const res = await fetch(buildUrl(call, input), {
      method: call.method,
      headers: buildHeaders(call, form !== null),
      body: call.method === 'GET' ? undefined : (form ?? JSON.stringify(input)),
      signal,
    });
    noteReachable(true);
    return res;
  } catch {
    if (options.signal?.aborted) throw new ApiError(call.name, 0, 'aborted');
    // No answer at all (not a slow one): the offline banner shows until the server answers again.
    if (!timeout.signal.aborted) noteReachable(false);
    const key = timeout.signal.aborted ? 'common:errors.timeout' : 'common:errors.network';
    throw fail(call, options, 0, i18n.t(key));
  } finally {
    clearTimeout(timer);
  }
}

function fail(call: CallRef, options: ApiOptions, code: number, msg: string, errors: FieldError[] = []) {
  if (!options.quiet) showToast(msg);
  return new ApiError(call.name, code, msg, errors);
}

/** Development only: checks an answer against the call's response schema (the contract with zod, lazily). */
async function matchesSchema(call: CallRef, data: unknown): Promise<boolean> {
  // A full definition carries its schema; a reference is looked up among the contract's calls.
  const def =
    'response' in call
      ? (call as CallDef)
      : (await import('@mp/contract')).CALLS.find((c) => c.name === call.name);
  const parsed = def?.response.safeParse(data);
  if (parsed?.success) return true;
  console.error(`Unexpected response from ${call.name}`, parsed?.error.issues ?? 'no such call');
  return false;
}

/** Calls the API and returns the envelope's data and message; every error rule of spec section 8 lives here. */
export async function apiEnvelope<C extends CallRef>(
  call: C,
  input: RequestOf<C>,
  options: ApiOptions = {},
): Promise<ApiResult<C>> {
  const done = NO_LOADING_CALLS.has(call.name.toLowerCase()) ? () => {} : beginLoading();
  try {
    const res = await send(call, input ?? {}, options);
    const body = await readBody(res);
    const code = typeof body.code === 'number' ? body.code : res.status;
    const msg = typeof body.msg === 'string' && body.msg ? body.msg : i18n.t('common:errors.generic');
    const errors = toFieldErrors(body.errors);

    if (body.status === STATUS_SESSION) {
      clearSession();
      goToLogin();
      showToast(i18n.t('common:errors.sessionExpired'));
      throw new ApiError(call.name, 401, msg);
    }
    if (code === 429 || res.status === 429) {
      const text = i18n.t('common:errors.tooOften');
      void showAlert(text);
      throw new ApiError(call.name, 429, text);
    }
    // A 404 naming fields is a business refusal ('The receiving member does not exist'): toast it below.
    // Without field errors it is an unknown call: the spec's error_code:404 modal.
    if (res.status === 404 && errors.length === 0) {
      if (!options.quiet) void showAlert(NOT_FOUND_TEXT);
      throw new ApiError(call.name, 404, typeof body.msg === 'string' ? body.msg : NOT_FOUND_TEXT, errors);
    }
    if (res.status !== 200 || body.status !== STATUS_OK) {
      throw fail(call, options, code, msg, errors);
    }
    const data = body.data ?? {};
    // Development and tests hold every answer to the call's response schema; a production build trusts the
    // server, whose answers the tests hold to the same schemas (DECISIONS.md), and so never loads zod for it.
    if (import.meta.env.DEV && !(await matchesSchema(call, data))) {
      throw fail(call, options, 0, i18n.t('common:errors.generic'));
    }
    // The server answers with ResponseOf<C> (its handlers are typed by the same definition).
    return { data: data as ResponseOf<C>, msg };
  } finally {
    done();
  }
}

/** Calls the API and returns the typed `data` of a successful envelope. */
export async function api<C extends CallRef>(
  call: C,
  input: RequestOf<C>,
  options?: ApiOptions,
): Promise<ResponseOf<C>> {
  return (await apiEnvelope(call, input, options)).data;
}
