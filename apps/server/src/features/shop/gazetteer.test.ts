import { beforeAll, describe, expect, it } from 'vitest';
import { gazetteer, NEAREST_TOWN_KM, nearestTown, placeAt, readRows } from './gazetteer.ts';

// The real GeoNames towns and country-coder borders: what the members' taps will meet.
beforeAll(async () => {
  await gazetteer();
}, 30_000);

describe('placeAt: a point to its country, region and nearest town', () => {
  it('finds Kuala Lumpur in Malaysia', async () => {
    expect(await placeAt(3.139, 101.6869)).toMatchObject({
      country: 'MY',
      region: 'Kuala Lumpur',
      town: 'Kuala Lumpur',
    });
  });

  it('names a Perak town for the issue’s point off the Perak coast (Malaysian waters, 64 km out)', async () => {
    const p = await placeAt(4.57495, 100.01953);
    expect(p).toMatchObject({ country: 'MY', region: 'Perak', town: 'Kampung Gula' });
    expect(p.distance_km).toBeCloseTo(63.6, 1);
  });

  it('finds Singapore and Shanghai', async () => {
    expect(await placeAt(1.3521, 103.8198)).toMatchObject({ country: 'SG', town: expect.any(String) });
    expect(await placeAt(31.2304, 121.4737)).toMatchObject({ country: 'CN', region: 'Shanghai' });
  });

  it('takes the country from the borders, not from the nearest town across the river', async () => {
    // On Windsor's riverfront: Detroit (US) is the nearest town of all, but the point is in Canada.
    const g = await gazetteer();
    const any = nearestTown(g.towns, 42.319, -83.04, null);
    expect(g.towns.name[any]).toBe('Detroit');
    expect(await placeAt(42.319, -83.04)).toMatchObject({
      country: 'CA',
      region: 'Ontario',
      town: 'Windsor',
    });
    // And the other way on the Rhine: Kehl (DE) is nearest, the point is in Strasbourg.
    expect(await placeAt(48.57, 7.8)).toMatchObject({ country: 'FR', town: 'Strasbourg' });
  });

  it('names a territory by its own code where GeoNames has its towns, else by its country', async () => {
    // Hong Kong is HK (not CN, with a Shenzhen town across the border); Ceuta is ES (not the reserved EA).
    expect(await placeAt(22.28, 114.16)).toMatchObject({ country: 'HK', town: 'Admiralty' });
    expect(await placeAt(18.46, -66.1)).toMatchObject({ country: 'PR', town: 'San Juan' });
    expect(await placeAt(35.89, -5.32)).toMatchObject({ country: 'ES', town: 'Ceuta' });
  });

  it('answers nothing in the open ocean', async () => {
    expect(await placeAt(-30, -30)).toEqual({ country: null, region: null, town: null, distance_km: null });
    expect(await placeAt(0, 0)).toEqual({ country: null, region: null, town: null, distance_km: null });
  });

  it('looks across the antimeridian', async () => {
    // East of 180° on Fiji's waters; Savusavu is at 179.33° E, 74 km west across the line.
    const p = await placeAt(-16.8, -179.97);
    expect(p).toMatchObject({ country: 'FJ', town: 'Savusavu' });
    expect(p.distance_km).toBeLessThan(NEAREST_TOWN_KM);
  });

  it('answers at the poles and at ±180° without failing', async () => {
    await expect(placeAt(90, 0)).resolves.toMatchObject({ town: null });
    await expect(placeAt(-90, 180)).resolves.toMatchObject({ town: null });
    await expect(placeAt(-85, 0)).resolves.toMatchObject({ country: 'AQ', town: null });
    await expect(placeAt(64.5, -180)).resolves.toMatchObject({ town: null });
  });

  it('refuses NaN, infinities and points off the globe', async () => {
    const bad: [number, number][] = [
      [Number.NaN, 0],
      [0, Number.NaN],
      [Number.POSITIVE_INFINITY, 0],
      [90.0001, 0],
      [0, -180.5],
    ];
    for (const [lat, lng] of bad) {
      await expect(placeAt(lat, lng)).rejects.toThrow(RangeError);
    }
  });

  it('answers a lookup well under a millisecond once loaded', async () => {
    const started = performance.now();
    for (let i = 0; i < 2000; i++) await placeAt(((i * 37) % 120) - 60, ((i * 91) % 360) - 180);
    expect((performance.now() - started) / 2000).toBeLessThan(0.5);
  });
});

describe('readRows: the package file without one big JSON.parse', () => {
  const row = (name: string, extra = '') =>
    `{"name":${JSON.stringify(name)},"lat":"3.1","lng":"101.6","country":"MY","admin1":"14","admin2":""${extra}}`;

  it('reads the rows of the package’s shape as JSON.parse would', async () => {
    const text = `[${[row('Kuala Lumpur'), row('Sant Julià de Lòria'), row('上海')].join(',')}]`;
    expect(await readRows(text)).toEqual(
      JSON.parse(text).map(({ admin2: _, ...r }: Record<string, string>) => r),
    );
  });

  it('hands any other shape to JSON.parse: an escape, a new field', async () => {
    const escaped = `[${row('Say "hi"')}]`;
    expect((await readRows(escaped))[0]?.name).toBe('Say "hi"');
    const extra = `[${row('Ipoh', ',"population":"1"')}]`;
    expect(await readRows(extra)).toEqual(JSON.parse(extra));
  });
});
