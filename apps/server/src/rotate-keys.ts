import path from 'node:path';
import { loadConfig } from './config.ts';
import { connectDatabase } from './db/connect.ts';
import { createDb } from './db/database.ts';
import { runningEmbeddedUrl } from './db/embedded.ts';
import { resealAll } from './features/security/seal-rotation.ts';
import { keyRing } from './lib/crypto.ts';

/**
 * `npm run rotate-keys`: re-seals every TOTP secret and exchange key box under the newest key of the key ring (the
 * first of SEAL_KEYS, else the key derived from the server secret) and prints the counts. Idempotent. Rotating:
 * put the new key first in SEAL_KEYS (keep the old ones after it) on every server and restart them, run this, then
 * drop the old keys from SEAL_KEYS.
 */
const say = (line: string) => process.stdout.write(`${line}\n`);

async function main() {
  const config = loadConfig();
  const ring = keyRing(config.secret, config.sealKeys);
  const running = config.databaseUrl ? undefined : runningEmbeddedUrl(path.join(config.dataDir, 'pg'), 'app');
  const database = running
    ? { db: createDb(running, 2), close: async () => {} }
    : await connectDatabase({ ...config, dbPoolSize: 2 }, say);
  try {
    const counts = await resealAll(database.db, ring, config.secret);
    say(`Newest key: version ${ring.current}.`);
    say(
      `TOTP secrets: ${counts.totp.resealed} re-sealed, ${counts.totp.current} already under the newest key.`,
    );
    say(
      `Exchange keys: ${counts.exchangeKeys.resealed} re-sealed, ${counts.exchangeKeys.current} already under the newest key.`,
    );
  } finally {
    if (running) await database.db.destroy();
    else await database.close();
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
  process.exitCode = 1;
});
