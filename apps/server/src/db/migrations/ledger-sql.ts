import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The ledger's SQL functions are kept as source in ledger/sql/, one readable file per function (a CREATE OR REPLACE
 * with comments), and a migration installs them from there rather than carrying its own copy:
 * `export const up = ledgerFunctions({ 'post-single.sql': '<sha256 of the file>' })`.
 *
 * Why the files are read at run time: db/ sits below ledger/ and may not import it (the import rules), and neither
 * tsx nor Node can import a .sql file as text. So they are read where they are: apps/server/src/ledger/sql when run
 * from the sources, apps/server/dist/ledger/sql when run from the build (scripts/build-server.mjs copies them there).
 *
 * Each migration names the sha256 of every file's text as it was when the migration was written, which is what a
 * database that ran it has. To change a function: edit its file, then add a migration naming the file with its new
 * sha256 (an applied migration is never edited). ledger/sql.test.ts fails while the newest migration naming a file
 * names another text than the file's, or while a function in the database differs from its source. A fresh database
 * runs the older migrations with the file's current text too (each a CREATE OR REPLACE of the same function), so it
 * ends where an older database does. CREATE OR REPLACE cannot change a function's arguments or result type: a change
 * to them starts the file with a DROP FUNCTION IF EXISTS of the old signature, which an older database then runs in
 * the new migration and a fresh one in the first.
 */
export function ledgerFunctions(pins: Record<string, string>): string {
  const folder = ledgerSqlFolder();
  return Object.entries(pins)
    .map(
      ([file, sha256]) =>
        `-- ledger/sql/${file} sha256 ${sha256}\n${readFileSync(path.join(folder, file), 'utf8')}`,
    )
    .join('\n');
}

/** The files a migration's SQL installs, with the sha256 it names for each, in order (for ledger/sql.test.ts). */
export function ledgerFunctionPins(up: string): { file: string; sha256: string }[] {
  const pins = up.matchAll(/^-- ledger\/sql\/(\S+) sha256 ([0-9a-f]{64})$/gm);
  return [...pins].map((m) => ({ file: m[1] ?? '', sha256: m[2] ?? '' }));
}

/**
 * ledger/sql in the nearest folder above this module that has one: src/ from the sources (src/db/migrations), dist/
 * from the build, whichever file of dist/ the bundler put this module in.
 */
function ledgerSqlFolder(): string {
  const start = path.dirname(fileURLToPath(import.meta.url));
  for (let dir = start; ; dir = path.dirname(dir)) {
    const folder = path.join(dir, 'ledger', 'sql');
    if (existsSync(folder)) return folder;
    if (path.dirname(dir) === dir) throw new Error(`ledger/sql not found in any folder above ${start}`);
  }
}
