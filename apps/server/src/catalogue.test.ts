import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { CALLS, NOT_BUILT_CALLS, SPEC_CALLS, SPEC_ROUTES } from '@mp/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the spec catalogue', () => {
  it('is the same as the shared spec (when the shared folder is beside the repo)', () => {
    const shared = path.resolve(import.meta.dirname, '../../../../shared/spec/catalogue.json');
    if (!existsSync(shared)) return;
    const spec = JSON.parse(readFileSync(shared, 'utf8')) as { calls: unknown[]; routes: unknown[] };
    expect(SPEC_CALLS).toEqual(spec.calls);
    expect(SPEC_ROUTES).toHaveLength(spec.routes.length);
  });

  it('has 147 calls and 74 routes', () => {
    expect(SPEC_CALLS).toHaveLength(147);
    expect(SPEC_ROUTES).toHaveLength(74);
  });

  it('serves every declared call at /api/<name> with its method', () => {
    for (const call of CALLS) {
      expect(t.app.hasRoute({ method: call.method, url: `/api/${call.name}` }), call.name).toBe(true);
    }
  });

  it('declares every spec call or lists it as not built yet, and uses the spec method', () => {
    const declared = new Map(CALLS.map((c) => [c.name.toLowerCase(), c]));
    for (const spec of SPEC_CALLS) {
      const call = declared.get(spec.call.toLowerCase());
      if (!call) {
        expect(NOT_BUILT_CALLS, spec.call).toContain(spec.call);
        continue;
      }
      expect(call.method, spec.call).toBe(spec.method);
    }
  });

  it('answers a spec call that is not built yet with the 404 envelope', async () => {
    const name = NOT_BUILT_CALLS[0];
    if (!name) return;
    const res = await t.call(name);
    expect(res.http).toBe(404);
    expect(res.body).toMatchObject({ status: 0, code: 404 });
  });
});
