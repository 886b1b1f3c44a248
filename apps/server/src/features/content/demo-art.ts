import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The demo's pictures and video (issue 29): drawn by scripts/demo-art/make.ts and committed in the demo-art folder
 * beside this module (copied to dist/demo-art by the build: the nearest such folder above whichever file of dist/ the
 * bundler put this module in), so `npm start` reads files and never draws or downloads anything.
 * docs/ASSETS.md says what each file is and its licence.
 */
function artFolder(): string {
  const start = path.dirname(fileURLToPath(import.meta.url));
  for (let dir = start; ; dir = path.dirname(dir)) {
    const folder = path.join(dir, 'demo-art');
    if (existsSync(folder)) return folder;
    if (path.dirname(dir) === dir) throw new Error(`demo-art not found in any folder above ${start}`);
  }
}

/** One file of the demo's art, by name (e.g. "product-1.webp"). */
export function demoArt(file: string): Buffer {
  return readFileSync(path.join(artFolder(), path.basename(file)));
}
