import path from 'node:path';
import { loadConfig } from './config.ts';
import { connectDatabase } from './db/connect.ts';
import { createDb } from './db/database.ts';
import { runningEmbeddedUrl } from './db/embedded.ts';
import { resealAll } from './features/security/seal-rotation.ts';
import { keyRing } from './lib/crypto.ts';
import { configureLogging, consoleLogger, logger } from './lib/log.ts';

/**
 * `npm run rotate-keys`: re-seals every TOTP secret and exchange key box under the newest key of the key ring (the
 * first of SEAL_KEYS, else the key derived from the server secret) and prints the counts. Idempotent. Rotating:
 * put the new key first in SEAL_KEYS (keep the old ones after it) on every server and restart them, run this, then
 * drop the old keys from SEAL_KEYS.
 */
/** The operator's report (the counts): plain text on stdout; anything else goes to the log (lib/log.ts). */
const say = (line: string) => process.stdout.write(`${line}\n`);

async function main() {
  const config = loadConfig();
  configureLogging({ proc: 'rotate-keys', level: config.logLevel, format: config.logFormat });
  const ring = keyRing(config.secret, config.sealKeys);
  const running = config.databaseUrl ? undefined : runningEmbeddedUrl(path.join(config.dataDir, 'pg'), 'app');
  const database = running
    ? { db: createDb(running, 2), close: async () => {} }
    : await connectDatabase({ ...config, dbPoolSize: 2 }, (line) => consoleLogger('rotate-keys').info(line));
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
  logger('rotate-keys').fatal(err instanceof Error ? err.message : String(err));
  process.exitCode = 1;
});
