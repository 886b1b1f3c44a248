import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { tileSources } from './security-headers.ts';

/** MAP_TILE_URL's tiles are images from another host: the content security policy lets them in, and only them. */
let withTiles: TestApp;
let without: TestApp;
beforeAll(async () => {
  withTiles = await createTestApp({ config: { mapTiles: 'https://{s}.tile.example.org/{z}/{x}/{y}.png' } });
  without = await createTestApp({ database: withTiles.url });
});
afterAll(async () => {
  await without?.close();
  await withTiles?.close();
});

const imgSrc = (headers: Record<string, unknown>) =>
  String(headers['content-security-policy'])
    .split(';')
    .map((d) => d.trim())
    .find((d) => d.startsWith('img-src'));

it("allows the configured tile server's host in img-src, and nothing more", async () => {
  const res = await withTiles.call('Index/getdata');
  expect(imgSrc(res.headers)).toBe("img-src 'self' data: blob: https://*.tile.example.org");
  expect(String(res.headers['content-security-policy'])).toContain("connect-src 'self'");
  expect((res.body.data as { map_tiles: string }).map_tiles).toBe(
    'https://{s}.tile.example.org/{z}/{x}/{y}.png',
  );
});

it('keeps img-src to the app itself without MAP_TILE_URL', async () => {
  const res = await without.call('Index/getdata');
  expect(imgSrc(res.headers)).toBe("img-src 'self' data: blob:");
});

it('takes the scheme and host of a tile URL template, never a broken source', () => {
  expect(tileSources('https://tile.openstreetmap.org/{z}/{x}/{y}.png')).toEqual([
    'https://tile.openstreetmap.org',
  ]);
  expect(tileSources('https://{s}.basemaps.example.com:8443/x/{z}/{x}/{y}.png')).toEqual([
    'https://*.basemaps.example.com:8443',
  ]);
  expect(tileSources('')).toEqual([]);
  expect(tileSources('tiles/{z}/{x}/{y}.png')).toEqual([]);
  expect(tileSources("https://evil.example; script-src 'unsafe-inline'/{z}")).toEqual([]);
});
