// The installed app's icons (issue 30), drawn once from apps/web/public/favicon.svg and committed:
// `node --import tsx scripts/pwa-icons.ts`. Needs /usr/bin/chromium (or CHROMIUM_PATH), as scripts/demo-art does.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';

const publicDir = path.resolve(import.meta.dirname, '../apps/web/public');
const favicon = readFileSync(path.join(publicDir, 'favicon.svg'), 'utf8');

/**
 * "any" icons keep the favicon's rounded corners on a transparent ground. Maskable ones (and Apple's, which iOS
 * rounds itself and would fill black where transparent) are full-bleed squares: the launcher cuts its own shape,
 * and the glyph already lies inside the safe circle (radius 40%: its corners are 36% from the centre).
 */
const fullBleed = favicon.replace('rx="14"', 'rx="0"');

const ICONS = [
  { file: 'icon-192.png', size: 192, svg: favicon },
  { file: 'icon-512.png', size: 512, svg: favicon },
  { file: 'icon-maskable-512.png', size: 512, svg: fullBleed },
  { file: 'apple-touch-icon.png', size: 180, svg: fullBleed },
];

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
try {
  const page = await browser.newPage();
  for (const { file, size, svg } of ICONS) {
    await page.setViewportSize({ width: size, height: size });
    const sized = svg.replace('<svg ', `<svg width="${size}" height="${size}" `);
    await page.setContent(`<!doctype html><html><body style="margin:0">${sized}</body></html>`);
    const png = await page.locator('svg').screenshot({ omitBackground: true });
    writeFileSync(path.join(publicDir, file), png);
    console.log(`${file} ${size}x${size} ${png.length} bytes`);
  }
} finally {
  await browser.close();
}
