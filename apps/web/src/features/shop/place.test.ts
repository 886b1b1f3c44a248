import { describe, expect, it } from 'vitest';
import { countryName, fillFromPlace, type Place, placeLabel } from './place.ts';

const perak: Place = { country: 'MY', region: 'Perak', town: 'Kampung Gula', distance_km: 63.6 };
const kl: Place = { country: 'MY', region: 'Kuala Lumpur', town: 'Kuala Lumpur', distance_km: 0.2 };
const sea: Place = { country: null, region: null, town: null, distance_km: null };
const seaInWaters: Place = { country: 'FJ', region: null, town: null, distance_km: null };

describe('placeLabel', () => {
  it('reads "Town, Region, Country" with the country in the member’s language', () => {
    expect(placeLabel(perak, 'en-US')).toBe('Kampung Gula, Perak, Malaysia');
    expect(placeLabel(perak, 'zh-CN')).toBe('Kampung Gula, Perak, 马来西亚');
    expect(placeLabel(perak, 'bm-MY')).toBe('Kampung Gula, Perak, Malaysia');
  });

  it('skips a region named as its town, and what is missing', () => {
    expect(placeLabel(kl, 'en-US')).toBe('Kuala Lumpur, Malaysia');
    expect(placeLabel(seaInWaters, 'en-US')).toBe('Fiji');
    expect(placeLabel(sea, 'en-US')).toBe('');
  });

  it('falls back to the code for a country the browser cannot name', () => {
    expect(countryName('not a code', 'en-US')).toBe('not a code');
  });
});

describe('fillFromPlace', () => {
  const none = { city: '', country: '' };

  it('fills an empty city and the form’s untouched default country', () => {
    const r = fillFromPlace(
      { city: '', country: 'Malaysia' },
      { city: '', country: 'Malaysia' },
      perak,
      'en-US',
    );
    expect(r.values).toEqual({ city: 'Kampung Gula', country: 'Malaysia' });
    expect(r.filled).toEqual({ city: 'Kampung Gula', country: 'Malaysia' });
  });

  it('writes the country in the member’s language', () => {
    expect(fillFromPlace(none, none, perak, 'zh-CN').values).toEqual({
      city: 'Kampung Gula',
      country: '马来西亚',
    });
  });

  it('keeps what the member typed', () => {
    const r = fillFromPlace(
      { city: 'Ipoh', country: 'Malaysia' },
      { city: '', country: 'Malaysia' },
      perak,
      'en-US',
    );
    expect(r.values).toEqual({ country: 'Malaysia' });
    expect(r.filled.city).toBe('');
  });

  it('replaces what an earlier pick filled, on a second pick', () => {
    const first = fillFromPlace(none, none, perak, 'en-US');
    const second = fillFromPlace(
      { city: 'Kampung Gula', country: 'Malaysia' },
      first.filled,
      { country: 'SG', region: null, town: 'Woodlands', distance_km: 1 },
      'en-US',
    );
    expect(second.values).toEqual({ city: 'Woodlands', country: 'Singapore' });
  });

  it('keeps an earlier pick’s value the member then edited', () => {
    const first = fillFromPlace(none, none, perak, 'en-US');
    const second = fillFromPlace(
      { city: 'Kampung Gula Baru', country: 'Malaysia' },
      first.filled,
      kl,
      'en-US',
    );
    expect(second.values).toEqual({ country: 'Malaysia' });
  });

  it('blanks nothing when the point has no town or country', () => {
    expect(
      fillFromPlace(
        { city: 'Ipoh', country: 'Malaysia' },
        { city: 'Ipoh', country: 'Malaysia' },
        sea,
        'en-US',
      ).values,
    ).toEqual({});
  });
});
