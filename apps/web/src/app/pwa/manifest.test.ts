import { readFileSync } from 'node:fs';
import path from 'node:path';
import { LANGUAGES } from '@mp/contract';
import { describe, expect, it } from 'vitest';
import { loadResources } from '../../locales/index.ts';

const publicDir = path.resolve(import.meta.dirname, '../../../public');
const FILES = {
  'en-US': 'manifest.webmanifest',
  'zh-CN': 'manifest.zh-CN.webmanifest',
  'bm-MY': 'manifest.bm-MY.webmanifest',
} as const;

type Manifest = {
  id: string;
  name: string;
  short_name: string;
  lang: string;
  start_url: string;
  scope: string;
  display: string;
  theme_color: string;
  icons: { src: string; sizes: string; type: string; purpose: string }[];
};

const read = (file: string) => JSON.parse(readFileSync(path.join(publicDir, file), 'utf8')) as Manifest;

/** A PNG's width and height, from its IHDR chunk. */
function pngSize(file: string): string {
  const bytes = readFileSync(path.join(publicDir, file));
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`;
}

describe('the web app manifests', () => {
  it.each(LANGUAGES)('%s names the app as its texts do, as one app with the others', async (lang) => {
    const manifest = read(FILES[lang]);
    const { common } = await loadResources(lang);
    expect(manifest).toMatchObject({
      name: common.appName,
      short_name: common.appName,
      lang,
      id: './',
      start_url: './#/pages/main',
      scope: './',
      display: 'standalone',
      theme_color: '#ffaa00',
    });
    expect(manifest.icons).toEqual(read(FILES['en-US']).icons);
  });

  it('lists icons of 192 and 512 pixels, one of them maskable, each the size it says', () => {
    const { icons } = read(FILES['en-US']);
    for (const icon of icons) expect(pngSize(icon.src), icon.src).toBe(icon.sizes);
    expect(icons.map((i) => `${i.sizes} ${i.purpose}`).sort()).toEqual([
      '192x192 any',
      '512x512 any',
      '512x512 maskable',
    ]);
    expect(pngSize('apple-touch-icon.png')).toBe('180x180');
  });
});
