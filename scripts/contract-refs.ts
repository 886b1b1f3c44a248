/** Writes packages/contract/src/refs.ts (zod-free call references for the browser) from the call definitions. */
import { writeFileSync } from 'node:fs';
import { refsSource } from '../packages/contract/src/refs-source.ts';

const target = new URL('../packages/contract/src/refs.ts', import.meta.url);
writeFileSync(target, refsSource());
process.stdout.write(`wrote ${target.pathname}\n`);
