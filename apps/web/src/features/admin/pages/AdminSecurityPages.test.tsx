import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Toast } from 'antd-mobile';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../../lib/i18n.ts';
import { inputOf, logInAs, renderAt, scriptedApi } from '../../../test/renderApp.tsx';

beforeEach(async () => {
  await setLanguage('en-US');
  logInAs('admin', 'admin1');
});

afterEach(() => {
  Toast.clear();
  vi.unstubAllGlobals();
});

const paged = <T,>(list: T[]) => ({ list, page: 1, pagesize: 10, total: list.length });
const role = (r: string, extra: Record<string, unknown> = {}) => ({
  role: r,
  totp_enabled: false,
  totp_enrolment_required: false,
  ...extra,
});

describe('admin roles on the web', () => {
  it('shows a viewer only the pages a viewer may use', async () => {
    vi.stubGlobal('fetch', scriptedApi({ 'Admin/myrole': role('viewer') }).fetch);
    renderAt('/pages/admin/admin');
    expect(await screen.findByTestId('admin-menu-audit')).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId('admin-menu-adjust')).toBeNull());
    expect(screen.getByTestId('admin-menu-wd')).toBeTruthy();
    expect(screen.queryByTestId('admin-menu-admins')).toBeNull();
  });

  it('sends an admin who must enrol two-factor to the enrolment page', async () => {
    const api = scriptedApi({
      'Admin/myrole': role('owner', { totp_enrolment_required: true }),
      'Member/totpsetup': {
        enabled: false,
        secret: 'ABCDEF',
        otpauth_url: 'otpauth://x',
        qr_data_url: 'data:,',
      },
      'Member/totpenable': { enabled: true },
    });
    vi.stubGlobal('fetch', api.fetch);
    const { router } = renderAt('/pages/admin/admin');
    await waitFor(() => expect(router.state.location.pathname).toBe('/pages/admin/enrol'), {
      timeout: 5000,
    });
    expect((await screen.findByTestId('enrol-secret')).textContent).toBe('ABCDEF');
    fireEvent.change(inputOf('enrol-code'), { target: { value: '123456' } });
    fireEvent.change(inputOf('enrol-password'), { target: { value: 'pw-123456' } });
    fireEvent.click(screen.getByTestId('enrol-submit'));
    await waitFor(() =>
      expect(api.bodiesOf('Member/totpenable')).toEqual([{ totp: '123456', password: 'pw-123456' }]),
    );
  });

  it('lists admins and saves a role with the step-up code when two-factor is on', async () => {
    const api = scriptedApi({
      'Admin/myrole': role('owner', { totp_enabled: true }),
      'Admin/adminlist': paged([
        { userid: 'fin1', name: 'Fin', role: 'finance', status: 'active', totp_enabled: true },
      ]),
      'Admin/adminsave': {
        userid: 'bob1',
        name: 'Bob',
        role: 'viewer',
        status: 'active',
        totp_enabled: false,
      },
    });
    vi.stubGlobal('fetch', api.fetch);
    renderAt('/pages/admin/admins');
    expect((await screen.findByTestId('admins-role-fin1')).textContent).toBe('Finance');
    fireEvent.change(inputOf('admins-userid'), { target: { value: 'bob1' } });
    fireEvent.click(screen.getByTestId('admins-save'));
    fireEvent.change(inputOf('stepup-totp'), { target: { value: '654321' } });
    fireEvent.click(await screen.findByText('Confirm'));
    await waitFor(() =>
      expect(api.bodiesOf('Admin/adminsave')).toEqual([{ userid: 'bob1', role: 'viewer', totp: '654321' }]),
    );
  });

  it('filters the audit log by actor and action', async () => {
    const api = scriptedApi({
      'Admin/myrole': role('viewer'),
      'Admin/auditlog': paged([
        {
          id: '7',
          actor: 'boss',
          action: 'admin.role_set',
          target: 'bob1',
          details: '{"to":"viewer","until":"2026-11-27T10:52:00.000Z"}',
          created_at: '2026-11-20T10:00:00.000Z',
        },
      ]),
    });
    vi.stubGlobal('fetch', api.fetch);
    renderAt('/pages/admin/audit');
    expect((await screen.findByTestId('audit-action-7')).textContent).toBe('admin.role_set');
    // Details as recorded, a timestamp in the app's date and time rather than the server's UTC text.
    const details = screen.getByTestId('audit-details-7').textContent ?? '';
    expect(details).toMatch(/^to: viewer, until: Nov 27, 2026/);
    expect(details).not.toContain('2026-11-27T');
    fireEvent.change(inputOf('audit-actor'), { target: { value: 'boss' } });
    fireEvent.change(inputOf('audit-action'), { target: { value: 'role' } });
    await waitFor(() =>
      expect(api.bodiesOf('Admin/auditlog').at(-1)).toMatchObject({ actor: 'boss', action: 'role' }),
    );
  });

  it('shows a withdrawal waiting for a second approver', async () => {
    const w = {
      id: '9',
      userid: 'alice1',
      amount: '20000',
      fee: '1000',
      receive: '19000',
      asset: 'USDT',
      address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
      address_type: 'USDT-TRC20',
      status: 'pending',
      reason: '',
      payout_state: '',
      tx_hash: '',
      explorer_url: '',
      payout_error: '',
      created_at: '2026-11-20T10:00:00.000Z',
      decided_at: '',
      decided_by: '',
      payout_mode: 'manual',
      second_approval: 'threshold',
      awaiting_second_approval: true,
      first_approved_by: 'fin1',
      first_approved_at: '2026-11-20T11:00:00.000Z',
    };
    vi.stubGlobal(
      'fetch',
      scriptedApi({
        'Admin/myrole': role('finance'),
        'Admin/wdlist': { ...paged([w]), total_amount: '20000', total_fee: '1000' },
      }).fetch,
    );
    renderAt('/pages/admin/wd');
    expect((await screen.findByTestId('wd-row-9-first-approval')).textContent).toContain(
      'Waiting for a second approver (first approved by fin1',
    );
  });
});
