import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { freePort, runningEmbeddedUrl } from '../../server/src/db/embedded.ts';
import { startAppProcess } from './app-process.ts';
import { launchBrowser, screenshot } from './browser.ts';
import { expectText } from './members.ts';

/**
 * MAP_TILE_URL for real: a tile server of our own (a tiny HTTP server answering every /{z}/{x}/{y}.png with a
 * generated picture) and a second app server on the run's database, started with MAP_TILE_URL pointing at it. The
 * browser must load tiles from it: the app hands the template to Leaflet and the content security policy lets
 * that host's images in.
 */

/** A 256 x 256 PNG of one colour (8-bit RGB, no filter), written by hand so the test needs no image package. */
function solidPng(rgb: [number, number, number]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const head = Buffer.alloc(4);
    head.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([head, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(256, 0);
  ihdr.writeUInt32BE(256, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: 256 }, () => rgb).flat())]);
  const pixels = Buffer.concat(Array.from({ length: 256 }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

let tiles: http.Server;
let tileServer = '';
const served: string[] = [];
let app: ChildProcess | undefined;
let appUrl = '';
let dataDir = '';
let browser: Browser;

async function startTileServer(): Promise<string> {
  const png = solidPng([120, 200, 140]);
  tiles = http.createServer((req, res) => {
    if (!/^\/\d+\/\d+\/\d+\.png$/.test(req.url ?? '')) {
      res.writeHead(404).end();
      return;
    }
    served.push(req.url ?? '');
    res.writeHead(200, { 'content-type': 'image/png', 'content-length': png.length }).end(png);
  });
  await new Promise<void>((resolve) => tiles.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(tiles.address() as AddressInfo).port}`;
}

/** MAP_TILE_ATTRIBUTION, with markup that must be shown as text. */
const TILE_CREDIT = '© Test Tiles <b>&</b> contributors';

/** A second app server on the e2e run's database, with MAP_TILE_URL; no chain, no demo data, one process. */
async function startAppServer(tileServer: string): Promise<string> {
  const port = await freePort();
  dataDir = mkdtempSync(path.join(tmpdir(), 'mp-e2e-tiles-'));
  const started = await startAppProcess({
    port,
    name: 'tile test server',
    deadlineMs: 60_000,
    env: {
      DATA_DIR: dataDir,
      DATABASE_URL: runningEmbeddedUrl(path.join(inject('dataDir'), 'pg'), 'app'),
      MAP_TILE_URL: `${tileServer}/{z}/{x}/{y}.png`,
      MAP_TILE_ATTRIBUTION: TILE_CREDIT,
      DEMO_DATA: '0',
      CHAIN: '0',
      WORKERS: '1',
      LOG_LEVEL: 'warn',
    },
  });
  app = started.child;
  return started.url;
}

beforeAll(async () => {
  tileServer = await startTileServer();
  [appUrl, browser] = await Promise.all([startAppServer(tileServer), launchBrowser()]);
}, 90_000);

afterAll(async () => {
  await browser?.close();
  if (app && app.exitCode === null) {
    const exited = new Promise((resolve) => app?.once('exit', resolve));
    app.kill('SIGINT');
    await exited;
  }
  await new Promise((resolve) => tiles?.close(resolve));
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('MAP_TILE_URL', () => {
  it('draws the map from the operator’s tile server, let in by the content security policy', async () => {
    const res = await fetch(`${appUrl}/api/Index/getdata`);
    expect(res.headers.get('content-security-policy')).toContain(`img-src 'self' data: blob: ${tileServer};`);

    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-US' });
    const page = await context.newPage();
    const refused: string[] = [];
    page.on('console', (m) => {
      if (/Content Security Policy|Refused to load/i.test(m.text())) refused.push(m.text());
    });
    // The app's settings (with map_tiles) arrive after the map's first draw, the order that once lost the tiles.
    await page.route('**/api/Index/getdata', async (route) => {
      await new Promise((r) => setTimeout(r, 1500));
      await route.continue();
    });
    await page.goto(`${appUrl}/#/choose-location`);
    await page.getByTestId('world-map').waitFor();
    // Leaflet marks a tile loaded only after its image loaded: a tile the policy refused would stay unmarked.
    await page
      .waitForFunction(() => document.querySelectorAll('img.leaflet-tile-loaded').length >= 4, null, {
        timeout: 20_000,
      })
      .catch(async (error: unknown) => {
        const tilesOnPage = await page.$$eval('img.leaflet-tile', (imgs) => imgs.map((i) => i.outerHTML));
        throw new Error(
          `no tiles loaded: served ${served.length}, refused ${JSON.stringify(refused)}, on the page ${JSON.stringify(tilesOnPage.slice(0, 3))} (${String(error)})`,
        );
      });
    const sources = await page.$$eval('img.leaflet-tile-loaded', (imgs) =>
      imgs.map((i) => (i as HTMLImageElement).src),
    );
    expect(sources.every((s) => s.startsWith(`${tileServer}/`))).toBe(true);
    expect(served.length).toBeGreaterThanOrEqual(4);
    expect(refused).toEqual([]);
    // The operator's tile credit in Leaflet's corner, as text (no markup of it runs), and the place names' under the map.
    await expectText(page.locator('.leaflet-control-attribution'), TILE_CREDIT);
    expect(await page.locator('.leaflet-control-attribution b').count()).toBe(0);
    await expectText(page.getByTestId('map-credits'), 'Places: GeoNames, CC BY 4.0');
    await screenshot(page, 'map-tiles');
    await context.close();
  });
});
