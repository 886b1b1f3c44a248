import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../../lib/i18n.ts';
import { logInAs, renderAt, scriptedApi } from '../../../test/renderApp.tsx';

/** The address form and its map sheet: a picked point fills city and country, sparing what the member typed. */
const WOODLANDS = { country: 'SG', region: null, town: 'Woodlands', distance_km: 0.7 };
const field = (name: string) => document.getElementById(`address-${name}`) as HTMLInputElement;

async function pickOnMap() {
  fireEvent.click(screen.getByTestId('address-pick'));
  // Leaflet in jsdom has no size: a tap anywhere lands on the map's centre, which is all this test needs.
  fireEvent.click(await screen.findByTestId('world-map'));
  await screen.findByText('Woodlands, Singapore');
  fireEvent.click(screen.getByTestId('location-use'));
}

beforeEach(async () => {
  await setLanguage('en-US');
  logInAs();
  vi.stubGlobal('fetch', scriptedApi({ 'Member/whereis': WOODLANDS }).fetch);
});

describe('picking the address on the map', () => {
  it('fills an empty city and the untouched default country, and keeps the address line', async () => {
    renderAt('/pages/personal/AddNewAddress');
    await screen.findByTestId('add-address-page');
    fireEvent.change(field('line1'), { target: { value: '1 Woodlands Ave' } });
    expect(field('country').value).toBe('Malaysia');
    await pickOnMap();
    await waitFor(() => expect(field('city').value).toBe('Woodlands'));
    expect(field('country').value).toBe('Singapore');
    expect(field('line1').value).toBe('1 Woodlands Ave');
    expect((await screen.findByTestId('address-point')).textContent).toContain('Woodlands, Singapore');
  }, 15_000);

  it('keeps a city the member typed', async () => {
    renderAt('/pages/personal/AddNewAddress');
    await screen.findByTestId('add-address-page');
    fireEvent.change(field('city'), { target: { value: 'Johor Bahru' } });
    await pickOnMap();
    await waitFor(() => expect(field('country').value).toBe('Singapore'));
    expect(field('city').value).toBe('Johor Bahru');
  }, 15_000);
});
