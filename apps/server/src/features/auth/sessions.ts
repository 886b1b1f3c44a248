import type { Db } from '../../db/database.ts';
import type { SessionMember } from '../../http/calls.ts';
import { SessionInvalid } from '../../http/errors.ts';
import type { Clock } from '../../lib/clock.ts';
import { randomToken, sha256 } from '../../lib/crypto.ts';

/**
 * Bearer sessions: the token is 256 random bits, only its SHA-256 is stored. Lookups are cached for a few
 * seconds so a busy client does not cost a query per call; revocation clears this server's cache at once
 * (other servers see it within CACHE_MS).
 */
const CACHE_MS = 5_000;

export type Sessions = ReturnType<typeof createSessions>;

export function createSessions(db: Db, clock: Clock, ttlMs: number) {
  const cache = new Map<string, { member: SessionMember; expiresAt: number; cachedUntil: number }>();

  function forget(memberId?: string, tokenKey?: string) {
    if (tokenKey) cache.delete(tokenKey);
    if (memberId) for (const [k, v] of cache) if (v.member.id === memberId) cache.delete(k);
  }

  return {
    async create(memberId: string, meta: { ip: string; userAgent: string }) {
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
        })
        .execute();
      return { token, expiresAt };
    },

    /** The member behind a token, or SessionInvalid. */
    async resolve(token: string | undefined): Promise<SessionMember> {
      if (!token || token.length > 200) throw new SessionInvalid();
      const hash = sha256(token);
      const key = hash.toString('base64');
      const now = clock.now().getTime();
      const hit = cache.get(key);
      if (hit && hit.cachedUntil > now && hit.expiresAt > now) return hit.member;
      const row = await db
        .selectFrom('sessions as s')
        .innerJoin('members as m', 'm.id', 's.member_id')
        .select([
          'm.id',
          'm.userid',
          'm.role',
          'm.status',
          'm.tx_password_hash',
          's.expires_at',
          's.revoked_at',
        ])
        .where('s.token_hash', '=', hash)
        .executeTakeFirst();
      if (!row || row.revoked_at || row.status !== 'active' || new Date(row.expires_at).getTime() <= now) {
        cache.delete(key);
        throw new SessionInvalid();
      }
      const member: SessionMember = {
        id: row.id,
        userid: row.userid,
        role: row.role,
        tokenHash: hash,
        txKey: (row.tx_password_hash ?? '').slice(-16),
      };
      if (cache.size > 50_000) cache.clear();
      cache.set(key, { member, expiresAt: new Date(row.expires_at).getTime(), cachedUntil: now + CACHE_MS });
      return member;
    },

    async revoke(tokenHash: Buffer) {
      await db
        .updateTable('sessions')
        .set({ revoked_at: clock.now() })
        .where('token_hash', '=', tokenHash)
        .where('revoked_at', 'is', null)
        .execute();
      forget(undefined, tokenHash.toString('base64'));
    },

    /** Drops this server's cached sessions of a member, so the next call reads the member again. */
    refresh(memberId: string) {
      forget(memberId);
    },

    async revokeAll(memberId: string) {
      await db
        .updateTable('sessions')
        .set({ revoked_at: clock.now() })
        .where('member_id', '=', memberId)
        .where('revoked_at', 'is', null)
        .execute();
      forget(memberId);
    },
  };
}
