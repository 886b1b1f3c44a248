import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../../lib/i18n.ts';
import { logInAs, renderAt, scriptedApi } from '../../../test/renderApp.tsx';

const PERAK = { country: 'MY', region: 'Perak', town: 'Kampung Gula', distance_km: 63.6 };
const PATH = '/open-location?lat=4.57495&lng=100.01953&name=Ali';

beforeEach(async () => {
  localStorage.clear();
  await setLanguage('en-US');
});

describe('a place on the map', () => {
  it('names the point for a member, in the member’s language, above its coordinates', async () => {
    logInAs();
    const api = scriptedApi({ 'Member/whereis': PERAK });
    vi.stubGlobal('fetch', api.fetch);
    renderAt(PATH);
    expect(await screen.findByText('Kampung Gula, Perak, Malaysia')).toBeTruthy();
    expect(screen.getByTestId('location-coords').textContent).toBe('4.57495, 100.01953');
    expect(screen.getByTestId('map-credits').textContent).toBe('Places: GeoNames, CC BY 4.0');
    expect(api.bodiesOf('Member/whereis')).toEqual([{ lat: 4.57495, lng: 100.01953 }]);
    await setLanguage('zh-CN');
    expect(await screen.findByText('Kampung Gula, Perak, 马来西亚')).toBeTruthy();
  }, 15_000);

  it('shows a visitor the coordinates only, without asking the member-only lookup', async () => {
    const api = scriptedApi({ 'Member/whereis': PERAK });
    vi.stubGlobal('fetch', api.fetch);
    renderAt(PATH);
    expect((await screen.findByTestId('location-coords')).textContent).toBe('4.57495, 100.01953');
    expect(screen.queryByTestId('place-name')).toBeNull();
    expect(api.bodiesOf('Member/whereis')).toEqual([]);
  }, 15_000);
});
