import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { inputOf, logInAs, renderAt, scriptedApi } from '../../../test/renderApp.tsx';

const enquiry = (id: number, userid: string, state: 'open' | 'answered') => ({
  id,
  subject: `Question ${id}`,
  message: 'Where is my bonus?',
  state,
  replies: [],
  pictures: 0,
  created_at: '2030-01-01T08:00:00Z',
  updated_at: '2030-01-01T08:00:00Z',
  userid,
  name: `${userid} name`,
});

describe('the admin enquiry queue', () => {
  it('filters by member and answers an enquiry', async () => {
    logInAs('admin', 'boss');
    const rows = [enquiry(1, 'alice', 'open'), enquiry(2, 'bob', 'open')];
    const api = scriptedApi({
      'Admin/enquirylist': (b: Record<string, unknown>) => {
        const list = rows.filter(
          (r) => (!b.userid || r.userid === b.userid) && (!b.state || r.state === b.state),
        );
        return { list, page: 1, pagesize: 10, total: list.length };
      },
      'Admin/enquiryreply': (b: Record<string, unknown>) => {
        const row = rows.find((r) => r.id === Number(b.id));
        if (row) row.state = 'answered';
        return row;
      },
    });
    vi.stubGlobal('fetch', api.fetch);
    renderAt('/pages/admin/enquiries');
    await screen.findByTestId('admin-enquiry-2');
    fireEvent.change(inputOf('admin-enquiries-member'), { target: { value: 'alice' } });
    await waitFor(() => expect(screen.queryByTestId('admin-enquiry-2')).toBeNull());
    expect(api.bodiesOf('Admin/enquirylist').at(-1)).toMatchObject({ state: 'open', userid: 'alice' });

    fireEvent.click(await screen.findByTestId('admin-enquiry-1'));
    fireEvent.change(inputOf('admin-reply-1'), { target: { value: 'Paid tonight.' } });
    fireEvent.click(await screen.findByTestId('admin-reply-send-1'));
    await waitFor(() =>
      expect(api.bodiesOf('Admin/enquiryreply')).toEqual([
        { id: '1', message: 'Paid tonight.', close: false },
      ]),
    );
    // Answered, it leaves the open queue.
    await waitFor(() => expect(screen.queryByTestId('admin-enquiry-1')).toBeNull());
  });
});
