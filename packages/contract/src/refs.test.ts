/// <reference types="node" />
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CALLS } from './catalogue.ts';
import * as refs from './refs.ts';
import { refsSources } from './refs-source.ts';
import * as web from './web.ts';

describe('call references (refs.ts, the browser entry)', () => {
  it('is up to date with the call definitions (node --import tsx scripts/contract-refs.ts)', () => {
    for (const [file, text] of Object.entries(refsSources()))
      expect(readFileSync(new URL(`./${file}`, import.meta.url), 'utf8'), file).toBe(text);
  });

  it('names every call with its method', () => {
    const byName = new Map(Object.values(refs).map((r) => [r.name, r]));
    expect(byName.size).toBe(CALLS.length);
    for (const call of CALLS) {
      expect(byName.get(call.name), call.name).toEqual({
        name: call.name,
        method: call.method,
        ...(call.multipart ? { multipart: true } : {}),
      });
    }
  });

  it('keeps zod out of the browser entry: nothing it imports at run time reaches zod', () => {
    const seen = new Set<string>();
    const visit = (file: URL) => {
      if (seen.has(file.href)) return;
      seen.add(file.href);
      const text = readFileSync(file, 'utf8');
      for (const m of text.matchAll(/^(?:import|export)\s+(?!type\b)[^'";]*?from\s+'([^']+)'/gm)) {
        const spec = m[1] ?? '';
        expect(spec, `${file.pathname} imports ${spec}`).not.toBe('zod');
        if (spec.startsWith('.') && spec.endsWith('.ts')) visit(new URL(spec, file));
      }
    };
    visit(new URL('./web.ts', import.meta.url));
    expect(seen.size).toBeGreaterThan(3);
    expect(Object.keys(web)).toContain('STATUS_OK');
  });
});
