import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../../lib/i18n.ts';
import { logInAs, renderAt, scriptedApi } from '../../../test/renderApp.tsx';

beforeEach(async () => {
  await setLanguage('en-US');
  logInAs('admin', 'admin1');
});

describe('admin security events', () => {
  it('lists lockouts with until when, and filters by kind', async () => {
    const api = scriptedApi({
      'Admin/securityevents': (body: Record<string, unknown>) => ({
        list:
          body.kind === 'email_changed'
            ? []
            : [
                {
                  id: '7',
                  userid: 'alice1',
                  kind: 'lockout_tx_password',
                  at: '2030-01-01T10:00:00Z',
                  until: '2030-01-01T10:15:00Z',
                  ip: '10.0.0.1',
                  details: { tries: 5 },
                },
              ],
        page: 1,
        pagesize: 10,
        total: body.kind === 'email_changed' ? 0 : 1,
      }),
    });
    vi.stubGlobal('fetch', api.fetch);
    renderAt('/pages/admin/security');
    const row = await screen.findByTestId('security-event-7');
    expect(row.textContent).toContain('alice1');
    expect(row.textContent).toContain('Lockout: transaction password');
    expect(screen.getByTestId('security-event-until').textContent).toContain('Locked until');
    fireEvent.change(screen.getByTestId('security-filter-kind'), { target: { value: 'email_changed' } });
    expect(await screen.findByTestId('security-events-empty')).toBeTruthy();
    await waitFor(() =>
      expect(api.bodiesOf('Admin/securityevents').some((b) => b.kind === 'email_changed')).toBe(true),
    );
  });
});
