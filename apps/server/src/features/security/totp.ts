import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { fieldRefusal, Refusal } from '../../http/errors.ts';
import type { Clock } from '../../lib/clock.ts';

export const TOTP_ISSUER = 'Member Platform';

/** Two-factor codes (RFC 6238, 30 s steps, one step of drift allowed). Each code is accepted once. */
export function createTotp(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;

  async function check(memberId: string, secret: string, code: string, afterStep: number) {
    const result = await verify({
      secret,
      token: code,
      epoch: Math.floor(clock.now().getTime() / 1000),
      epochTolerance: 30,
      afterTimeStep: afterStep,
    }).catch(() => ({ valid: false as const }));
    if (!result.valid || !('timeStep' in result)) throw fieldRefusal(422, 'totp', 'totp_invalid');
    // Remember the step, only moving forward, so the same code (or an older one) cannot be replayed.
    const used = await db
      .updateTable('members')
      .set({ totp_last_step: result.timeStep })
      .where('id', '=', memberId)
      .where(sql<boolean>`totp_last_step < ${result.timeStep}`)
      .executeTakeFirst();
    if (used.numUpdatedRows === 0n) throw fieldRefusal(422, 'totp', 'totp_invalid');
  }

  return {
    async status(memberId: string) {
      const m = await db
        .selectFrom('members')
        .select('totp_enabled')
        .where('id', '=', memberId)
        .executeTakeFirstOrThrow();
      return m.totp_enabled;
    },

    async setup(memberId: string, userid: string) {
      const m = await db
        .selectFrom('members')
        .select('totp_enabled')
        .where('id', '=', memberId)
        .executeTakeFirstOrThrow();
      if (m.totp_enabled) return { enabled: true, secret: '', otpauth_url: '', qr_data_url: '' };
      const secret = generateSecret();
      await db.updateTable('members').set({ totp_secret: secret }).where('id', '=', memberId).execute();
      const url = generateURI({ issuer: TOTP_ISSUER, label: userid, secret });
      return { enabled: false, secret, otpauth_url: url, qr_data_url: await QRCode.toDataURL(url) };
    },

    async enable(memberId: string, code: string) {
      const m = await db
        .selectFrom('members')
        .select(['totp_secret', 'totp_last_step'])
        .where('id', '=', memberId)
        .executeTakeFirstOrThrow();
      if (!m.totp_secret) throw new Refusal(422, 'totp_not_started');
      await check(memberId, m.totp_secret, code, Number(m.totp_last_step));
      await db.updateTable('members').set({ totp_enabled: true }).where('id', '=', memberId).execute();
    },

    async disable(memberId: string, code: string) {
      await this.require(memberId, code);
      await db
        .updateTable('members')
        .set({ totp_enabled: false, totp_secret: null })
        .where('id', '=', memberId)
        .execute();
    },

    /** When two-factor is on, a fresh code is required; when off, nothing is. */
    async require(memberId: string, code: string | undefined) {
      const m = await db
        .selectFrom('members')
        .select(['totp_enabled', 'totp_secret', 'totp_last_step'])
        .where('id', '=', memberId)
        .executeTakeFirstOrThrow();
      if (!m.totp_enabled || !m.totp_secret) return;
      if (!code) throw fieldRefusal(422, 'totp', 'totp_required');
      await check(memberId, m.totp_secret, code, Number(m.totp_last_step));
    },
  };
}

export type Totp = ReturnType<typeof createTotp>;
