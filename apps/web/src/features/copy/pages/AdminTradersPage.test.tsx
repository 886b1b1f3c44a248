import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Dialog } from 'antd-mobile';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { confirmDialogWith, inputOf, logInAs, renderAt, scriptedApi } from '../../../test/renderApp.tsx';

const row = (id: string, state: string, over: Record<string, string> = {}) => ({
  id,
  userid: `member${id}`,
  display_name: `Trader ${id}`,
  bio: 'Ten years of spot',
  strategy: 'Trend following',
  state,
  reason: '',
  applied_at: '2026-11-25T08:00:00.000Z',
  decided_at: state === 'pending' ? '' : '2026-11-25T09:00:00.000Z',
  decided_by: state === 'pending' ? '' : 'admin1',
  ...over,
});

function server() {
  const rows = [row('1', 'pending'), row('2', 'pending')];
  return scriptedApi({
    'Admin/traders': (b: Record<string, unknown>) => {
      const list = rows.filter((r) => !b.state || r.state === b.state);
      return { list, page: 1, pagesize: 10, total: list.length };
    },
    'Admin/traderdecide': (b: Record<string, unknown>) => {
      const i = rows.findIndex((r) => r.id === b.id);
      rows[i] = row(String(b.id), b.action === 'approve' ? 'approved' : 'rejected', {
        reason: String(b.reason ?? ''),
      });
      return rows[i];
    },
  });
}

afterEach(() => Dialog.clear());

describe('admin lead traders', () => {
  it('approves one application after confirming and rejects another with a reason', async () => {
    logInAs('admin', 'admin1');
    const api = server();
    vi.stubGlobal('fetch', api.fetch);
    renderAt('/pages/admin/traders');
    fireEvent.click(await screen.findByTestId('trader-approve-1'));
    await confirmDialogWith('Trader 1');
    await waitFor(() => expect(screen.queryByTestId('trader-row-1')).toBeNull());

    fireEvent.click(screen.getByTestId('trader-reject-2'));
    fireEvent.change(inputOf('trader-reject-reason'), { target: { value: 'Describe your risk rules' } });
    fireEvent.click(screen.getByTestId('trader-reject-confirm'));
    await waitFor(() => expect(screen.queryByTestId('trader-row-2')).toBeNull());
    expect(api.bodiesOf('Admin/traderdecide')).toEqual([
      { id: '1', action: 'approve' },
      { id: '2', action: 'reject', reason: 'Describe your risk rules' },
    ]);
    fireEvent.click(screen.getByTestId('traders-filter-rejected'));
    expect((await screen.findByTestId('trader-row-2-decision')).textContent).toContain(
      'Reason: Describe your risk rules',
    );
  });
});
