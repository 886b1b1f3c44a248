import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { newMember } from '../../../test/helpers.ts';

/** Member/whereis through the real app: a point on the map to its country and nearest town, offline. */
let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp({ limits: { globalPerMinute: 40 } });
  token = (await newMember(t)).token;
}, 30_000);
afterAll(() => t.close());

describe('Member/whereis', () => {
  it('names the country, region and town of the issue’s point (Malaysian waters off Perak)', async () => {
    const place = await t.ok('Member/whereis', { lat: 4.57495, lng: 100.01953 }, { token });
    expect(place).toEqual({ country: 'MY', region: 'Perak', town: 'Kampung Gula', distance_km: 63.6 });
  });

  it('takes numbers sent as form strings, and answers nulls at sea', async () => {
    expect(await t.ok('Member/whereis', { lat: '3.139', lng: '101.6869' }, { token })).toMatchObject({
      country: 'MY',
      town: 'Kuala Lumpur',
    });
    expect(await t.ok('Member/whereis', { lat: -30, lng: -30 }, { token })).toEqual({
      country: null,
      region: null,
      town: null,
      distance_km: null,
    });
  });

  it('refuses a bad number as field_invalid, naming the field', async () => {
    const bad: [Record<string, unknown>, string][] = [
      [{ lat: 'abc', lng: 1 }, 'lat'],
      [{ lat: 1, lng: '1e999' }, 'lng'],
      [{ lat: 90.5, lng: 1 }, 'lat'],
      [{ lat: 1, lng: -181 }, 'lng'],
      [{ lat: null, lng: 1 }, 'lat'],
      [{ lat: [1], lng: 1 }, 'lat'],
      [{ lng: 1 }, 'lat'],
      [{ lat: 1, lng: '' }, 'lng'],
    ];
    for (const [body, field] of bad) {
      const res = await t.call('Member/whereis', body, { token });
      expect(res.http, JSON.stringify(body)).toBe(422);
      expect(res.body.errors?.map((e) => e.field)).toEqual([field]);
    }
  });

  it('is for signed-in members only', async () => {
    expect((await t.call('Member/whereis', { lat: 1, lng: 1 })).http).toBe(401);
  });

  it('is counted by the per-member limit every call has', async () => {
    const m = await newMember(t);
    const codes: number[] = [];
    for (let i = 0; i < 42; i++)
      codes.push((await t.call('Member/whereis', { lat: 1, lng: 1 }, { token: m.token })).http);
    expect(codes.slice(0, 40)).toEqual(Array(40).fill(200));
    expect(codes.slice(40)).toEqual([429, 429]);
  });
});
