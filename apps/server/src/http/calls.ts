import type { AdminRole, CallDef, Language, MessageKey, ParsedRequestOf, ResponseOf } from '@mp/contract';

export type SessionMember = {
  id: string;
  userid: string;
  role: 'member' | 'admin';
  tokenHash: Buffer;
  /** Changes whenever the transaction password changes (the end of its hash), so remembered checks expire. */
  txKey: string;
  /**
   * What this session may do as an admin (contract admin-roles.ts); null for a member, and for an admin whose session
   * is restricted to enrolling two-factor.
   */
  adminRole: AdminRole | null;
  /** Why an admin's admin calls are refused although `role` is 'admin' (two-factor not enrolled outside demo mode). */
  adminRefusal?: 'admin_totp_required';
};

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
