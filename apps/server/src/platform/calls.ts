import type { CallDef, Language, MessageKey, ParsedRequestOf, ResponseOf } from '@mp/contract';
import type { SessionMember } from './sessions.ts';

export type CallContext = {
  lang: Language;
  ip: string;
  userAgent: string;
  requestId: string;
  /** Where the app was reached (scheme://host), for links the server hands out. */
  origin?: string;
  /** Present on calls whose auth is member or admin. */
  member?: SessionMember;
};

export type AuthedContext = CallContext & { member: SessionMember };

/** A handler's result with a success message other than the default. */
export class Reply<T> {
  constructor(
    readonly data: T,
    readonly msg: MessageKey,
    readonly params: Record<string, string | number> = {},
  ) {}
}

export function reply<T>(data: T, msg: MessageKey, params: Record<string, string | number> = {}): Reply<T> {
  return new Reply(data, msg, params);
}

type Ctx<C extends CallDef> = C['auth'] extends 'public' ? CallContext : AuthedContext;

export type Handler<C extends CallDef> = (
  input: ParsedRequestOf<C>,
  ctx: Ctx<C>,
) => Promise<ResponseOf<C> | Reply<ResponseOf<C>>>;

export type CallRoute = { def: CallDef; handler: (input: unknown, ctx: CallContext) => Promise<unknown> };

/** Binds a contract call to its handler; the route table of a feature is a list of these. */
export function handle<C extends CallDef>(def: C, handler: Handler<C>): CallRoute {
  return { def, handler: handler as CallRoute['handler'] };
}
