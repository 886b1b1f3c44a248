/** Writes packages/contract/src/refs.ts and refs/*.ts (zod-free call references for the browser) from the calls. */
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { refsSources } from '../packages/contract/src/refs-source.ts';

const root = new URL('../packages/contract/src/', import.meta.url);
const files = refsSources();
mkdirSync(new URL('refs/', root), { recursive: true });
// A calls module that went away leaves no file behind.
for (const f of readdirSync(new URL('refs/', root)))
  if (!(`refs/${f}` in files)) rmSync(new URL(`refs/${f}`, root));
for (const [file, text] of Object.entries(files)) writeFileSync(new URL(file, root), text);
process.stdout.write(`wrote ${Object.keys(files).length} files under ${new URL('refs/', root).pathname}\n`);
