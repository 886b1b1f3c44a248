import type { Language, ResponseOf } from '@mp/contract';
import { whereIs } from '@mp/contract/web';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';
import { INTL_LOCALE } from '../../lib/i18n.ts';

/** Where a point on the map is (Member/whereis): its country, region and nearest town, from the server's gazetteer. */
export type Place = ResponseOf<typeof whereIs>;
export type Point = { lat: number; lng: number };

export const placeQuery = (p: Point) =>
  queryOptions({
    queryKey: ['shop', 'place', p.lat, p.lng],
    queryFn: () => api(whereIs, p, { quiet: true }),
    // A place does not move.
    staleTime: Number.POSITIVE_INFINITY,
  });

/** A country's name in the member's language, from the browser's own data (Intl.DisplayNames). */
export function countryName(code: string, lang: Language): string {
  try {
    return new Intl.DisplayNames([INTL_LOCALE[lang]], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** "Town, Region, Country", skipping what is missing and a region named as its town (Kuala Lumpur); '' for none. */
export function placeLabel(place: Place, lang: Language): string {
  const parts = [place.town, place.region, place.country ? countryName(place.country, lang) : null];
  return parts.filter((p, i): p is string => Boolean(p) && p !== parts[i - 1]).join(', ');
}

export type CityCountry = { city: string; country: string };

/**
 * What a picked place writes into the address form. A field is overwritten only when it is empty or still holds
 * what an earlier pick (or the form's default) put there: what the member typed stays. `filled` is what the form
 * now holds from picks, for the next pick to compare with.
 */
export function fillFromPlace(
  current: CityCountry,
  filled: CityCountry,
  place: Place,
  lang: Language,
): { values: Partial<CityCountry>; filled: CityCountry } {
  const found: CityCountry = {
    city: place.town ?? '',
    country: place.country ? countryName(place.country, lang) : '',
  };
  const values: Partial<CityCountry> = {};
  const next = { ...filled };
  for (const field of ['city', 'country'] as const) {
    const now = current[field].trim();
    if (!found[field] || (now !== '' && now !== filled[field])) continue;
    values[field] = found[field];
    next[field] = found[field];
  }
  return { values, filled: next };
}
