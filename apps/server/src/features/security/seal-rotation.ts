import type { Db } from '../../db/database.ts';
import { resealTotpSecret } from '../../platform/member-store.ts';
import { resealExchangeKeys } from '../../adapters/exchange/account-store.ts';
import { keysCurrent, openKeys, sealKeys } from '../../adapters/exchange/keys.ts';
import { type KeyRing, openText, sealedTextVersion, sealText } from '../../lib/crypto.ts';
import { TOTP_SEAL_PURPOSE } from './totp.ts';

export type RotationCounts = {
  totp: { resealed: number; current: number };
  exchangeKeys: { resealed: number; current: number };
};

const BATCH = 500;

/**
 * Re-seals every TOTP secret (plain ones included) and exchange key box under the ring's newest key. Idempotent:
 * what is already under the newest key is left alone; a row changed meanwhile is left to its writer (the update
 * matches the old value).
 */
export async function resealAll(db: Db, ring: KeyRing, serverSecret: Buffer): Promise<RotationCounts> {
  const counts: RotationCounts = {
    totp: { resealed: 0, current: 0 },
    exchangeKeys: { resealed: 0, current: 0 },
  };

  for (let after = '0'; ; ) {
    const rows = await db
      .selectFrom('members')
      .select(['id', 'totp_secret'])
      .where('totp_secret', 'is not', null)
      .where('id', '>', after)
      .orderBy('id')
      .limit(BATCH)
      .execute();
    if (!rows.length) break;
    after = rows[rows.length - 1]?.id as string;
    for (const row of rows) {
      const stored = row.totp_secret as string;
      const version = sealedTextVersion(stored);
      if (version === ring.current) {
        counts.totp.current++;
        continue;
      }
      const plain = version === null ? stored : openText(ring, TOTP_SEAL_PURPOSE, stored);
      if (await resealTotpSecret(db, row.id, stored, sealText(ring, TOTP_SEAL_PURPOSE, plain)))
        counts.totp.resealed++;
    }
  }

  for (let after = '0'; ; ) {
    const rows = await db
      .selectFrom('trading_accounts')
      .select(['id', 'key_box'])
      .where('key_box', 'is not', null)
      .where('id', '>', after)
      .orderBy('id')
      .limit(BATCH)
      .execute();
    if (!rows.length) break;
    after = rows[rows.length - 1]?.id as string;
    for (const row of rows) {
      const box = row.key_box as Buffer;
      if (box.length === 0) continue;
      if (keysCurrent(ring, box)) {
        counts.exchangeKeys.current++;
        continue;
      }
      const keys = openKeys(ring, box, serverSecret);
      if (await resealExchangeKeys(db, row.id, box, sealKeys(ring, keys))) counts.exchangeKeys.resealed++;
    }
  }
  return counts;
}
