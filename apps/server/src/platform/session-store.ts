import type { AdminRole } from '@mp/contract';
import { type ChangeFeed, noteChanged, offlineFeed } from '../db/change-feed.ts';
import { type Conn, type Db, poolOf } from '../db/database.ts';
import { createReadCache } from '../db/read-cache.ts';
import type { SessionMember } from './sessions.ts';
import { SessionInvalid } from '../lib/errors.ts';
import type { Clock } from '../lib/clock.ts';
import { randomToken, sha256, sha256Base64 } from '../lib/crypto.ts';

/**
 * Bearer sessions: the token is 256 random bits, only its SHA-256 is stored. The member behind a token is kept in
 * a read cache that the change feed invalidates (db/read-cache.ts): revoking a session, or changing its member's
 * status, role, admin role, two-factor or transaction password, is heard by every server at commit, so a busy client costs no query per call.
 */
const CACHE_MS = 60_000;

const LOOKUP_SQL = `select m.id, m.userid, m.role, m.status, m.tx_password_hash, m.admin_role, m.totp_enabled,
  s.admin_totp_optional, s.expires_at, s.revoked_at
  from sessions s join members m on m.id = s.member_id where s.token_hash = $1`;
type SessionRow = {
  id: string;
  userid: string;
  role: 'member' | 'admin';
  admin_role: AdminRole | null;
  totp_enabled: boolean;
  admin_totp_optional: boolean;
  status: string;
  tx_password_hash: string | null;
  expires_at: Date;
  revoked_at: Date | null;
};

export type Sessions = ReturnType<typeof createSessions>;

type Cached = { member: SessionMember; expiresAt: number };

export function createSessions(db: Db, clock: Clock, ttlMs: number, feed: ChangeFeed = offlineFeed()) {
  const cache = createReadCache<Cached>(feed, {
    tables: ['sessions', 'members'],
    ttlMs: CACHE_MS,
    max: 100_000,
    groupOf: (_key, value) => value.member.id,
  });

  async function lookup(hash: Buffer): Promise<Cached> {
    const { rows } = await poolOf(db).query<SessionRow>({
      name: 'session_lookup',
      text: LOOKUP_SQL,
      values: [hash],
    });
    const row = rows[0];
    if (!row || row.revoked_at || row.status !== 'active') throw new SessionInvalid();
    // An admin without two-factor works only in a session opened in demo mode; any other is kept to enrolling it.
    const enrolOnly = row.role === 'admin' && !row.totp_enabled && !row.admin_totp_optional;
    const adminRole = row.role === 'admin' && !enrolOnly ? row.admin_role : null;
    return {
      member: {
        id: String(row.id),
        userid: row.userid,
        role: row.role,
        tokenHash: hash,
        txKey: (row.tx_password_hash ?? '').slice(-16),
        adminRole,
        ...(enrolOnly ? { adminRefusal: 'admin_totp_required' as const } : {}),
      },
      expiresAt: new Date(row.expires_at).getTime(),
    };
  }

  return {
    /** `adminTotpOptional`: opened in demo mode, where an admin may work without two-factor. */
    async create(memberId: string, meta: { ip: string; userAgent: string }, adminTotpOptional = false) {
      const token = randomToken();
      const expiresAt = new Date(clock.now().getTime() + ttlMs);
      await db
        .insertInto('sessions')
        .values({
          token_hash: sha256(token),
          member_id: memberId,
          expires_at: expiresAt,
          revoked_at: null,
          ip: meta.ip,
          user_agent: meta.userAgent.slice(0, 300),
          admin_totp_optional: adminTotpOptional,
        })
        .execute();
      return { token, expiresAt };
    },

    /** The member behind a token, or SessionInvalid. */
    async resolve(token: string | undefined): Promise<SessionMember> {
      if (!token || token.length > 200) throw new SessionInvalid();
      const key = sha256Base64(token);
      const found = await cache.get(key, () => lookup(Buffer.from(key, 'base64')));
      if (found.expiresAt <= clock.now().getTime()) throw new SessionInvalid();
      return found.member;
    },

    /** The member behind a token held in memory and not expired, at once; undefined means: ask `resolve`. */
    cached(token: string | undefined): SessionMember | undefined {
      if (!token || token.length > 200) return undefined;
      const found = cache.peek(sha256Base64(token));
      return found && found.expiresAt > clock.now().getTime() ? found.member : undefined;
    },

    async revoke(tokenHash: Buffer) {
      const rows = await db
        .updateTable('sessions')
        .set({ revoked_at: clock.now() })
        .where('token_hash', '=', tokenHash)
        .where('revoked_at', 'is', null)
        .returning('member_id')
        .execute();
      noteChanged(
        db,
        'sessions',
        rows.map((r) => r.member_id),
      );
    },

    /** Drops this server's cached sessions of a member, so the next call reads the member again. */
    refresh(memberId: string) {
      noteChanged(db, 'members', [memberId]);
    },

    async revokeAll(memberId: string) {
      await db
        .updateTable('sessions')
        .set({ revoked_at: clock.now() })
        .where('member_id', '=', memberId)
        .where('revoked_at', 'is', null)
        .execute();
      noteChanged(db, 'sessions', [memberId]);
    },
  };
}

/**
 * Retention (issue 28): deletes up to `limit` sessions that expired or were revoked before `before`; returns how many.
 * Neither kind answers a call any more, and nothing else refers to a session row.
 */
export async function purgeSessions(db: Conn, before: Date, limit: number): Promise<number> {
  const gone = await db
    .deleteFrom('sessions')
    .where(
      'token_hash',
      'in',
      db
        .selectFrom('sessions')
        .select('token_hash')
        .where((eb) => eb.or([eb('expires_at', '<', before), eb('revoked_at', '<', before)]))
        .limit(limit),
    )
    .executeTakeFirst();
  return Number(gone.numDeletedRows);
}
