import { loadConfig } from './config.ts';
import { connectCommand, prepareSchema } from './db/connect.ts';
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
  const note = (line: string) => consoleLogger('rotate-keys').info(line);
  const database = await connectCommand(config, note);
  try {
    await prepareSchema(database.db, config, note);
    const counts = await resealAll(database.db, ring, config.secret);
    say(`Newest key: version ${ring.current}.`);
    say(
      `TOTP secrets: ${counts.totp.resealed} re-sealed, ${counts.totp.current} already under the newest key.`,
    );
    say(
      `Exchange keys: ${counts.exchangeKeys.resealed} re-sealed, ${counts.exchangeKeys.current} already under the newest key.`,
    );
  } finally {
    await database.close();
  }
}

main().catch((err: unknown) => {
  logger('rotate-keys').fatal(err instanceof Error ? err.message : String(err));
  process.exitCode = 1;
});
