import { existsSync } from 'node:fs';
import { rename } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { type FileArea, importFile, isFileName } from './files.ts';

/**
 * Deployments from before the file store (issue 28) kept uploads on one server's disk, DATA_DIR/uploads/<area>. At
 * start and in `npm run migrate`, after the migrations, each file a row names that the store lacks is read in under
 * its name, and the folder is renamed uploads.imported: kept for the operator to delete after a backup, and no
 * longer looked at. Safe to run twice and on two servers at once (a name is claimed once; see importFile).
 */
export async function importDiskFiles(db: Db, dataDir: string, log: (msg: string) => void): Promise<void> {
  const root = path.join(dataDir, 'uploads');
  if (!existsSync(root)) return;
  let imported = 0;
  let absent = 0;
  for (const area of ['kyc', 'enquiries', 'content'] as const) {
    for (const row of await unstoredNames(db, area)) {
      const file = path.join(root, area, row.file_name);
      if (!isFileName(row.file_name) || !existsSync(file)) {
        absent++;
        continue;
      }
      if (await importFile(db, { name: row.file_name, area, contentType: row.content_type, path: file }))
        imported++;
    }
  }
  const kept = await setAside(root);
  log(
    `imported ${imported} uploaded file${imported === 1 ? '' : 's'} from ${root} into the database` +
      (absent ? ` (${absent} named by the database were not there)` : '') +
      (kept ? `; the folder is kept as ${kept}: delete it after a backup` : ''),
  );
}

/** The files of an area that rows name and the store lacks, with the content type the row gives. */
async function unstoredNames(db: Db, area: FileArea) {
  const table = { kyc: 'kyc_images', enquiries: 'enquiry_pictures', content: 'uploads' }[area];
  const found = await sql<{ file_name: string; content_type: string }>`
    SELECT r.file_name, r.content_type FROM ${sql.table(table)} r
    LEFT JOIN files f ON f.name = r.file_name WHERE f.name IS NULL`.execute(db);
  return found.rows;
}

/** Renames the folder uploads.imported (uploads.imported-<time> when that is taken); undefined when another did. */
async function setAside(root: string): Promise<string | undefined> {
  const target = existsSync(`${root}.imported`) ? `${root}.imported-${Date.now()}` : `${root}.imported`;
  try {
    await rename(root, target);
    return target;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
}
