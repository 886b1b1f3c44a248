import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { confirmDialogWith, logInAs, Refuse, renderAt, scriptedApi } from '../../../test/renderApp.tsx';

const EXCHANGES = ['binance', 'okx', 'bybit', 'bitget', 'gate', 'kucoin', 'mexc'];
const paper = ['demo', 'demo-binance', 'demo-okx', 'demo-bybit'].map((id) => ({
  id,
  kind: 'paper',
  venue: id === 'demo' ? 'demo' : id.slice(5),
  label: '',
  key_hint: '',
  created_at: '',
}));
const connected = {
  id: '41',
  kind: 'exchange',
  venue: 'okx',
  label: 'My OKX',
  key_hint: 'ab12…9f0e',
  created_at: '2026-11-20T08:00:00.000Z',
};

function type(id: string, value: string) {
  const input = document.getElementById(id) as HTMLInputElement | HTMLSelectElement;
  fireEvent.change(input, { target: { value } });
}

describe('the exchange accounts page', () => {
  beforeEach(() => logInAs());

  it('connects an exchange: a refused key is marked on its field, an accepted one is listed', async () => {
    const list = [...paper];
    const api = scriptedApi({
      'Online/accounts': () => ({ list, exchanges: EXCHANGES }),
      'Online/accountsave': (body: Record<string, unknown>) => {
        if (body.api_key === 'wrong-key')
          return new Refuse(422, 'The exchange refused this API key', [
            { field: 'api_key', message: 'The exchange refused this API key' },
          ]);
        list.push({ ...connected, id: '42', label: String(body.label), key_hint: 'good…-key' });
        return { id: '42' };
      },
    });
    vi.stubGlobal('fetch', api.fetch);
    renderAt('/pages/trade/exchanges');
    expect(await screen.findByText('No exchange connected yet.')).toBeTruthy();
    // Binance keys have no passphrase; OKX keys do.
    expect(document.getElementById('exchange-passphrase')).toBeNull();
    type('exchange-venue', 'okx');
    await waitFor(() => expect(document.getElementById('exchange-passphrase')).not.toBeNull());

    type('exchange-label', 'Trading');
    type('exchange-key', 'wrong-key');
    type('exchange-secret', 'secret-123');
    type('exchange-passphrase', 'pass-1');
    fireEvent.click(screen.getByTestId('exchange-connect'));
    await waitFor(() => expect(api.bodiesOf('Online/accountsave')).toHaveLength(1));
    expect(api.bodiesOf('Online/accountsave')[0]).toEqual({
      exchange: 'okx',
      label: 'Trading',
      api_key: 'wrong-key',
      api_secret: 'secret-123',
      passphrase: 'pass-1',
    });
    await waitFor(() =>
      expect(document.querySelector('.adm-form-item-feedback-error')?.textContent).toBe(
        'The exchange refused this API key',
      ),
    );
    expect(screen.queryByTestId('exchange-account-42')).toBeNull();

    type('exchange-key', 'good-key');
    fireEvent.click(screen.getByTestId('exchange-connect'));
    const row = await screen.findByTestId('exchange-account-42');
    expect(row.textContent).toContain('Trading');
    expect(row.textContent).toContain('good…-key');
    expect(api.bodiesOf('Online/accountsave')).toHaveLength(2);
    // The form is empty again: the secret does not stay on screen.
    expect((document.getElementById('exchange-secret') as HTMLInputElement).value).toBe('');
  });

  it('refuses an empty key before asking the server', async () => {
    const api = scriptedApi({ 'Online/accounts': { list: paper, exchanges: EXCHANGES } });
    vi.stubGlobal('fetch', api.fetch);
    renderAt('/pages/trade/exchanges');
    await screen.findByText('No exchange connected yet.');
    fireEvent.click(screen.getByTestId('exchange-connect'));
    await waitFor(() => expect(document.querySelectorAll('.adm-form-item-feedback-error').length).toBe(2));
    expect(api.bodiesOf('Online/accountsave')).toHaveLength(0);
  });

  it('disconnects an account after asking', async () => {
    let list = [...paper, connected];
    const api = scriptedApi({
      'Online/accounts': () => ({ list, exchanges: EXCHANGES }),
      'Online/accountdelete': (body: Record<string, unknown>) => {
        list = list.filter((a) => a.id !== body.id);
        return {};
      },
    });
    vi.stubGlobal('fetch', api.fetch);
    renderAt('/pages/trade/exchanges');
    const row = await screen.findByTestId('exchange-account-41');
    expect(row.textContent).toContain('My OKX');
    expect(row.textContent).toContain('ab12…9f0e');
    fireEvent.click(screen.getByTestId('disconnect-41'));
    await confirmDialogWith('Disconnect My OKX?');
    await waitFor(() => expect(screen.queryByTestId('exchange-account-41')).toBeNull());
    expect(api.bodiesOf('Online/accountdelete')).toEqual([{ id: '41' }]);
  });
});
