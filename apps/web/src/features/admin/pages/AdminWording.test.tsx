import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Dialog, Toast } from 'antd-mobile';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../../lib/i18n.ts';
import { logInAs, renderAt, scriptedApi } from '../../../test/renderApp.tsx';

// Admin screens speak about the member (their user ID, "Member receives"), never as the member ("You") and
// never with the database's internal numbers, which mean nothing to the admin.

const withdrawal = {
  id: '47',
  userid: 'bob',
  amount: '50',
  fee: '2.5',
  receive: '47.5',
  asset: 'USDT',
  address: 'TXYZabc1234',
  address_type: 'USDT-TRC20',
  status: 'pending',
  reason: '',
  created_at: '2030-01-01T00:00:00Z',
  decided_at: '',
  decided_by: '',
  payout_mode: 'manual',
  second_approval: '',
  payout_state: '',
  tx_hash: '',
  explorer_url: '',
  payout_error: '',
  awaiting_second_approval: false,
  first_approved_by: '',
  first_approved_at: '',
};

const verification = {
  id: '14',
  userid: 'carol',
  country: 'MY',
  id_type: 'IC',
  name: 'Carol Tan',
  id_number: '900101-14-5678',
  status: 'pending',
  reason: '',
  created_at: '2030-01-01T00:00:00Z',
  decided_at: '',
  decided_by: '',
  earlier: 0,
  sides: [],
};

const enquiry = {
  id: 9,
  subject: 'Where is my bonus?',
  message: 'It was not paid yesterday.',
  state: 'answered',
  replies: [
    { from: 'support', message: 'Paid tonight.', at: '2030-01-01T09:00:00Z' },
    { from: 'member', message: 'Thank you!', at: '2030-01-01T10:00:00Z' },
  ],
  pictures: 0,
  created_at: '2030-01-01T08:00:00Z',
  updated_at: '2030-01-01T10:00:00Z',
  userid: 'dave',
  name: 'Dave Lim',
};

/** The text of the reason popup `testId`, once open. */
const popupText = async (testId: string) => (await screen.findByTestId(`${testId}-sheet`)).textContent ?? '';

beforeEach(async () => {
  await setLanguage('en-US');
  logInAs('admin', 'admin1');
});

afterEach(() => {
  Toast.clear();
  Dialog.clear();
});

describe('admin wording', () => {
  it('a withdrawal row says what the member receives, and its reject dialog names the member, not the id', async () => {
    const api = scriptedApi({
      'Admin/wdlist': {
        list: [withdrawal],
        page: 1,
        pagesize: 10,
        total: 1,
        total_amount: '50',
        total_fee: '2.5',
      },
    });
    vi.stubGlobal('fetch', api.fetch);
    renderAt('/pages/admin/wd');
    const row = await screen.findByTestId('wd-row-47');
    expect(row.textContent).toContain('Member receives');
    expect(row.textContent).not.toMatch(/\bYou\b/);
    fireEvent.click(screen.getByTestId('wd-reject-47'));
    const title = await popupText('wd-reject');
    expect(title).toContain('Reject the withdrawal of bob (50.00 USDT)');
    expect(title).not.toContain('47');
  });

  it('the verification reject dialog names the member, not the internal number', async () => {
    const api = scriptedApi({ 'Admin/kycdetail': verification });
    vi.stubGlobal('fetch', api.fetch);
    renderAt('/pages/admin/kycdetail?id=14');
    fireEvent.click(await screen.findByTestId('kyc-reject'));
    const title = await popupText('kyc-reject');
    expect(title).toContain('Reject the verification of carol (Carol Tan)');
    expect(title).not.toContain('14');
  });

  it("an enquiry signs the member's messages with their user ID, not 'You'", async () => {
    const api = scriptedApi({
      'Admin/enquirylist': { list: [enquiry], page: 1, pagesize: 10, total: 1 },
    });
    vi.stubGlobal('fetch', api.fetch);
    renderAt('/pages/admin/enquiries');
    fireEvent.click(await screen.findByTestId('admin-enquiry-9'));
    await waitFor(() => expect(screen.getByTestId('enquiry-author-9').textContent).toBe('dave'));
    const authors = [...document.querySelectorAll('.cs-message > strong')].map((s) => s.textContent);
    expect(authors).toEqual(['dave', 'Customer service', 'dave']);
  });
});
