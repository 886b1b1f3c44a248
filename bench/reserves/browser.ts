/** Times the shared verifier in Debian's chromium: the code a member's browser runs on "Verify". */
import path from 'node:path';
import { build } from 'esbuild';
import { chromium } from 'playwright-core';
import type { ReserveProof } from '../../packages/contract/src/reserves/index.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');

/**
 * The shared verify code bundled as the web build would take it (minified, for browsers), with the timing loop
 * beside it in the page: a function passed to page.evaluate would be compiled by tsx, whose helpers the page lacks.
 */
const PAGE_CODE = `
import { verifyProof } from './packages/contract/src/reserves/verify.ts';
window.timeVerify = (text, runs) => {
  const once = () => {
    const start = performance.now();
    const ok = verifyProof(JSON.parse(text)).ok;
    return { ok, ms: performance.now() - start };
  };
  const first = once();
  const times = [];
  let ok = first.ok;
  for (let i = 0; i < runs; i++) {
    const r = once();
    ok = ok && r.ok;
    times.push(r.ms);
  }
  times.sort((a, b) => a - b);
  const at = (q) => times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? 0;
  return { firstMs: first.ms, p50: at(0.5), p99: at(0.99), ok };
};`;

async function verifierBundle(): Promise<string> {
  const out = await build({
    stdin: { contents: PAGE_CODE, resolveDir: ROOT, loader: 'ts' },
    bundle: true,
    minify: true,
    format: 'iife',
    target: 'es2022',
    write: false,
  });
  return out.outputFiles[0]?.text ?? '';
}

export type BrowserTiming = { bundleBytes: number; firstMs: number; p50: number; p99: number; ok: boolean };

/** The first call (cold: nothing compiled yet) and the p50 / p99 of `runs` more, timed inside the page. */
export async function timeInBrowser(proof: ReserveProof, runs: number): Promise<BrowserTiming> {
  const code = await verifierBundle();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-dev-shm-usage',
    ],
  });
  try {
    const page = await browser.newPage();
    await page.setContent('<!doctype html><title>verify</title>');
    await page.addScriptTag({ content: code });
    const timing = (await page.evaluate(
      `timeVerify(${JSON.stringify(JSON.stringify(proof))}, ${runs})`,
    )) as Omit<BrowserTiming, 'bundleBytes'>;
    return { bundleBytes: code.length, ...timing };
  } finally {
    await browser.close();
  }
}
