import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from './app.ts';
import { createTestApp, type TestApp } from '../test/app.ts';

let t: TestApp;
let web: Awaited<ReturnType<typeof buildApp>>;
const dist = mkdtempSync(path.join(tmpdir(), 'mp-dist-'));
const script = 'console.log("the app");'.repeat(100);

beforeAll(async () => {
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>app</title>');
  writeFileSync(path.join(dist, 'assets/index-abc123.js'), script);
  writeFileSync(path.join(dist, 'assets/index-abc123.js.br'), brotliCompressSync(script));
  writeFileSync(path.join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  writeFileSync(path.join(dist, 'manifest.webmanifest'), '{"name":"Member Platform"}');
  t = await createTestApp();
  web = await buildApp({ ...t.deps, config: { ...t.deps.config, webDist: dist } }, { logger: false });
});
afterAll(async () => {
  await web.close();
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

it('sends built assets compressed, cached for good (their names carry their hash), and the page itself fresh', async () => {
  const asset = await web.inject({
    url: '/assets/index-abc123.js',
    headers: { 'accept-encoding': 'br, gzip' },
  });
  expect(asset.statusCode).toBe(200);
  expect(asset.headers['content-encoding']).toBe('br');
  expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(asset.rawPayload.length).toBeLessThan(script.length / 5);
  const plain = await web.inject({ url: '/assets/index-abc123.js' });
  expect(plain.headers['content-encoding']).toBeUndefined();
  expect(plain.body).toBe(script);
  const page = await web.inject({ url: '/' });
  expect(page.headers['cache-control']).toBe('no-cache');
  expect(page.headers['x-content-type-options']).toBe('nosniff');
});

it('serves the service worker and the manifest fresh (never the old worker from a cache), with their types', async () => {
  const worker = await web.inject({ url: '/sw.js' });
  expect(worker.statusCode).toBe(200);
  expect(worker.headers['content-type']).toMatch(/^application\/javascript/);
  expect(worker.headers['cache-control']).toBe('no-cache');
  const manifest = await web.inject({ url: '/manifest.webmanifest' });
  expect(manifest.headers['content-type']).toMatch(/^application\/manifest\+json/);
  expect(manifest.headers['cache-control']).toBe('no-cache');
});
