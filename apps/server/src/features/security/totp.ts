import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import type { Db } from '../../db/database.ts';
import { fieldRefusal, Refusal } from '../../lib/errors.ts';
import type { Clock } from '../../lib/clock.ts';
import { type KeyRing, openText, sealedTextVersion, sealText } from '../../lib/crypto.ts';
import type { Totp } from '../../platform/factors.ts';
import {
  disableTotp,
  enableTotp,
  resealTotpSecret,
  setTotpSecret,
  useTotpStep,
} from '../../platform/member-store.ts';
import { createFactorAttempts } from './attempts.ts';

export const TOTP_ISSUER = 'Member Platform';
export const TOTP_WRONG_TRIES = 5;
export const TOTP_WINDOW_MS = 15 * 60_000;
/** The AAD of sealed TOTP secrets (lib/crypto.ts sealText). */
export const TOTP_SEAL_PURPOSE = 'totp secret';

/**
 * Two-factor codes (RFC 6238, 30 s steps, one step of drift allowed). Each code is accepted once. Every check first
 * reserves a try (5 per 15 minutes per member, atomically in PostgreSQL); a right code gives it back; after the 5th
 * wrong code every code, the right one too, is a 429 saying until when. Secrets are stored sealed under the key ring
 * (`v<version>:...`); a secret still stored in plain text (before sealing) is sealed on its first read.
 */
export function createTotp(deps: { db: Db; clock: Clock; ring: KeyRing }): Totp {
  const { db, clock, ring } = deps;
  const attempts = createFactorAttempts(deps);

  /** The plain secret of a stored value; a legacy plain value is sealed in place. */
  async function secretOf(memberId: string, stored: string): Promise<string> {
    if (sealedTextVersion(stored) !== null) return openText(ring, TOTP_SEAL_PURPOSE, stored);
    await resealTotpSecret(db, memberId, stored, sealText(ring, TOTP_SEAL_PURPOSE, stored));
    return stored;
  }

  async function check(memberId: string, stored: string, code: string, afterStep: number, ip?: string) {
    const secret = await secretOf(memberId, stored);
    const key = `totp:${memberId}`;
    const reservation = await attempts.reserve(key, TOTP_WRONG_TRIES, TOTP_WINDOW_MS);
    let right = false;
    try {
      const result = await verify({
        secret,
        token: code,
        epoch: Math.floor(clock.now().getTime() / 1000),
        epochTolerance: 30,
        afterTimeStep: afterStep,
      }).catch(() => ({ valid: false as const }));
      if (result.valid && 'timeStep' in result) {
        right = await useTotpStep(db, memberId, result.timeStep);
      }
    } finally {
      if (right) await attempts.refund(key);
      else
        await attempts.wrong(key, reservation, TOTP_WRONG_TRIES, TOTP_WINDOW_MS, {
          memberId,
          kind: 'lockout_totp',
          ip,
        });
    }
    if (!right) throw fieldRefusal(422, 'totp', 'totp_invalid');
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
      await setTotpSecret(db, memberId, sealText(ring, TOTP_SEAL_PURPOSE, secret));
      const url = generateURI({ issuer: TOTP_ISSUER, label: userid, secret });
      return { enabled: false, secret, otpauth_url: url, qr_data_url: await QRCode.toDataURL(url) };
    },

    async enable(memberId: string, code: string, ip?: string) {
      const m = await db
        .selectFrom('members')
        .select(['totp_secret', 'totp_last_step'])
        .where('id', '=', memberId)
        .executeTakeFirstOrThrow();
      if (!m.totp_secret) throw new Refusal(422, 'totp_not_started');
      await check(memberId, m.totp_secret, code, Number(m.totp_last_step), ip);
      await enableTotp(db, memberId);
    },

    async disable(memberId: string, code: string, ip?: string) {
      await this.require(memberId, code, ip);
      await disableTotp(db, memberId);
    },

    /** When two-factor is on, a fresh code is required; when off, nothing is. */
    async require(memberId: string, code: string | undefined, ip?: string) {
      const m = await db
        .selectFrom('members')
        .select(['totp_enabled', 'totp_secret', 'totp_last_step'])
        .where('id', '=', memberId)
        .executeTakeFirstOrThrow();
      if (!m.totp_enabled || !m.totp_secret) return;
      if (!code) throw fieldRefusal(422, 'totp', 'totp_required');
      await check(memberId, m.totp_secret, code, Number(m.totp_last_step), ip);
    },
  };
}
