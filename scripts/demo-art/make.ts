// Remakes the demo's art (issue 29): `node --import tsx scripts/demo-art/make.ts`. Draws every scene (SVG, from
// scenes-*.ts) in headless Chromium, encodes it as WebP on a canvas, records the short video from a canvas with
// MediaRecorder (WebM, VP8) and writes the files into the repository, where they are committed: `npm start` only
// reads them (the server's demo loader, the web app's intro). Needs /usr/bin/chromium (or CHROMIUM_PATH) and no
// network. docs/ASSETS.md lists the files and their licence.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Page } from 'playwright-core';
import type { Scene } from './draw.ts';
import { INTRO_SCENES } from './scenes-intro.ts';
import { CONTENT_SCENES } from './scenes-content.ts';
import { PRODUCT_SCENES } from './scenes-products.ts';
import { VIDEO, VIDEO_POSTER, videoFrames } from './video.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** Where the server's demo loader reads its pictures and video (copied into dist by scripts/build-server.mjs). */
const SERVER_ART = path.join(root, 'apps/server/src/features/content/demo-art');
/** The intro's pictures, imported by IntroPage (a chunk of their own, loaded on the intro route only). */
const WEB_ART = path.join(root, 'apps/web/src/features/content/assets');

const QUALITY = 0.82;

/** One scene as WebP bytes: the SVG drawn onto a canvas of its size, encoded by the browser. */
async function renderScene(page: Page, scene: Scene): Promise<Buffer> {
  const dataUrl = await page.evaluate(
    async ({ svg, width, height, quality }) => {
      const img = new Image();
      img.src = `data:image/svg+xml;base64,${btoa(unescape(encodeURIComponent(svg)))}`;
      await img.decode();
      const canvas = document.createElement('canvas');
      canvas.width = width;
      canvas.height = height;
      canvas.getContext('2d')?.drawImage(img, 0, 0, width, height);
      return canvas.toDataURL('image/webp', quality);
    },
    { svg: scene.svg, width: scene.width, height: scene.height, quality: QUALITY },
  );
  return Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
}

/**
 * The video: every frame decoded first (so recording never waits on drawing), then played onto a canvas at the frame
 * rate while MediaRecorder records the canvas's stream. Chromium writes the duration and cues into the file when
 * recording stops (older versions did not: then players show no length, so we stop there).
 */
async function recordVideo(page: Page): Promise<Buffer> {
  const frames = videoFrames();
  const base64 = await page.evaluate(
    async ({ frames, width, height, fps, bitrate }) => {
      const bitmaps: ImageBitmap[] = [];
      for (const svg of frames) {
        const img = new Image();
        img.src = `data:image/svg+xml;base64,${btoa(unescape(encodeURIComponent(svg)))}`;
        await img.decode();
        bitmaps.push(await createImageBitmap(img));
      }
      const canvas = document.createElement('canvas');
      canvas.width = width;
      canvas.height = height;
      const ctx = canvas.getContext('2d') as CanvasRenderingContext2D;
      ctx.drawImage(bitmaps[0] as ImageBitmap, 0, 0);
      const recorder = new MediaRecorder(canvas.captureStream(fps), {
        mimeType: 'video/webm;codecs=vp8',
        videoBitsPerSecond: bitrate,
      });
      const chunks: Blob[] = [];
      recorder.ondataavailable = (e) => chunks.push(e.data);
      const stopped = new Promise((resolve) => {
        recorder.onstop = resolve;
      });
      recorder.start();
      const start = performance.now();
      await new Promise<void>((resolve) => {
        const tick = () => {
          const i = Math.floor(((performance.now() - start) / 1000) * fps);
          if (i >= bitmaps.length) return resolve();
          ctx.drawImage(bitmaps[i] as ImageBitmap, 0, 0);
          requestAnimationFrame(tick);
        };
        tick();
      });
      recorder.stop();
      await stopped;
      const bytes = new Uint8Array(await new Blob(chunks).arrayBuffer());
      let s = '';
      for (const b of bytes) s += String.fromCharCode(b);
      return btoa(s);
    },
    { frames, width: VIDEO.width, height: VIDEO.height, fps: VIDEO.fps, bitrate: VIDEO.bitrate },
  );
  const webm = Buffer.from(base64, 'base64');
  if (durationOf(webm) <= 0)
    throw new Error('the recorded WebM has no duration: this Chromium does not write it');
  return webm;
}

/** The WebM's Duration (EBML 0x4489, a 4- or 8-byte float in milliseconds), 0 when it has none. */
function durationOf(webm: Buffer): number {
  for (
    let at = webm.indexOf(Buffer.from([0x44, 0x89]));
    at >= 0;
    at = webm.indexOf(Buffer.from([0x44, 0x89]), at + 1)
  ) {
    if (at > 1024) break;
    if (webm[at + 2] === 0x84) return webm.readFloatBE(at + 3);
    if (webm[at + 2] === 0x88) return webm.readDoubleBE(at + 3);
  }
  return 0;
}

async function main() {
  const only = process.argv[2];
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--autoplay-policy=no-user-gesture-required',
    ],
  });
  try {
    const page = await browser.newPage();
    await page.setContent('<!doctype html><html><body></body></html>');
    // tsx compiles this file keeping function names (a `__name(fn, "name")` call around named functions), and the
    // functions handed to page.evaluate run in the page, which has no such helper: give it one that does nothing.
    await page.evaluate('window.__name = (fn) => fn');
    mkdirSync(SERVER_ART, { recursive: true });
    mkdirSync(WEB_ART, { recursive: true });
    const targets: [Scene[], string][] = [
      [[...CONTENT_SCENES, VIDEO_POSTER], SERVER_ART],
      [PRODUCT_SCENES, SERVER_ART],
      [INTRO_SCENES, WEB_ART],
    ];
    for (const [scenes, folder] of targets)
      for (const scene of scenes) {
        if (only && !scene.file.startsWith(only)) continue;
        const bytes = await renderScene(page, scene);
        writeFileSync(path.join(folder, scene.file), bytes);
        process.stdout.write(`${scene.file} ${bytes.length} bytes\n`);
      }
    if (!only || only === 'video') {
      const video = await recordVideo(page);
      writeFileSync(path.join(SERVER_ART, VIDEO.file), video);
      process.stdout.write(`${VIDEO.file} ${video.length} bytes\n`);
    }
  } finally {
    await browser.close();
  }
}

await main();
