import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { inlineScriptSources } from './security-headers.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'mp-inline-scripts-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/** The web build's boot script runs under script-src 'self' only by its hash; a script with a src needs none. */
it("lists the sha256 of each inline script of the web app's index.html", () => {
  const boot = "(function(){document.getElementById('root').setAttribute('data-x','1')})();";
  const file = path.join(dir, 'index.html');
  writeFileSync(
    file,
    `<!doctype html><html><head><script type="module" src="./assets/index.js"></script></head>` +
      `<body><div id="root"></div><template><p>hi</p></template><script>${boot}</script></body></html>`,
  );
  expect(inlineScriptSources(file)).toEqual([sha256(boot)]);
});

it('lists none without a build', () => {
  expect(inlineScriptSources(path.join(dir, 'missing', 'index.html'))).toEqual([]);
});
