import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Dialog, Toast } from 'antd-mobile';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../../lib/i18n.ts';
import { inputOf, logInAs, Refuse, renderAt } from '../../../test/renderApp.tsx';
import { currentStep } from '../steps.ts';

type Status = {
  state: 'none' | 'pending' | 'approved' | 'rejected';
  reason: string;
  id: string;
  country: string;
  id_type: string;
  name: string;
  id_number: string;
  submitted_at: string;
  decided_at: string;
};

const NONE: Status = {
  state: 'none',
  reason: '',
  id: '',
  country: '',
  id_type: '',
  name: '',
  id_number: '',
  submitted_at: '',
  decided_at: '',
};

type Body = Record<string, unknown>;
type Answer = unknown | ((body: Body) => unknown);

/** A fake server that also reads multipart bodies (the submission), recording what each call received. */
function kycServer(answers: Record<string, Answer>) {
  const sent: { name: string; body: Body; multipart: boolean }[] = [];
  const fetch = async (url: string, init?: RequestInit) => {
    const name = url.replace(/^\/api\//, '').split('?')[0] ?? '';
    const multipart = init?.body instanceof FormData;
    const body: Body =
      init?.body instanceof FormData
        ? Object.fromEntries(init.body.entries())
        : init?.body
          ? (JSON.parse(String(init.body)) as Body)
          : {};
    sent.push({ name, body, multipart });
    const answer = answers[name];
    if (answer === undefined)
      return new Response(JSON.stringify({ status: 0, code: 403, msg: 'not in this test' }), { status: 403 });
    const out = typeof answer === 'function' ? (answer as (b: Body) => unknown)(body) : answer;
    if (out instanceof Refuse)
      return new Response(JSON.stringify({ status: 0, code: out.code, msg: out.msg, errors: out.errors }), {
        status: out.code,
      });
    return new Response(
      JSON.stringify({ status: 1, code: 200, msg: 'Submitted. Waiting for approval.', data: out }),
    );
  };
  return { fetch, sent, bodiesOf: (n: string) => sent.filter((s) => s.name === n) };
}

const COUNTRIES = {
  list: [
    { code: 'MY', name: 'Malaysia' },
    { code: 'SG', name: 'Singapore' },
  ],
};
const png = (name = 'front.png') =>
  new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], name, { type: 'image/png' });

async function fillDetails() {
  fireEvent.change(await screen.findByTestId('kyc-country'), { target: { value: 'MY' } });
  fireEvent.click(screen.getByTestId('kyc-id-type-Passport'));
  fireEvent.change(inputOf('kyc-name'), { target: { value: 'Siti Aminah' } });
  fireEvent.change(inputOf('kyc-id-number'), { target: { value: 'A1234567' } });
  fireEvent.click(screen.getByTestId('kyc-next'));
}

function choose(side: string, file: File) {
  fireEvent.change(screen.getByTestId(`kyc-picture-${side}-input`), { target: { files: [file] } });
}

beforeEach(async () => {
  await setLanguage('en-US');
  logInAs();
});

afterEach(() => {
  Toast.clear();
  Dialog.clear();
});

describe('step logic', () => {
  it('follows the server state, and moves between details and upload locally', () => {
    expect(currentStep('none', null)).toBe('details');
    expect(currentStep('none', 'upload')).toBe('upload');
    expect(currentStep('pending', 'upload')).toBe('waiting');
    expect(currentStep('approved', null)).toBe('result');
    expect(currentStep('rejected', null)).toBe('result');
    expect(currentStep('rejected', 'details')).toBe('details');
  });
});

describe('identity verification screen', () => {
  it('walks details -> upload -> waiting, sending the details and three pictures as multipart', async () => {
    let state: Status = NONE;
    const server = kycServer({
      'Home/checkKycStatus': () => state,
      'Home/getCountry': COUNTRIES,
      'Home/checkIDTypeNo': { available: true },
      'Home/submitKYC': (b: Body) => {
        state = {
          ...NONE,
          state: 'pending',
          id: '7',
          name: String(b.name),
          submitted_at: '2030-01-01T00:00:00Z',
        };
        return state;
      },
    });
    vi.stubGlobal('fetch', server.fetch);
    renderAt('/pages/home/NameVerification');
    expect((await screen.findByTestId('kyc-steps')).dataset.step).toBe('details');
    await fillDetails();

    expect(await screen.findByTestId('kyc-upload')).toBeTruthy();
    expect(screen.getByTestId('kyc-steps').dataset.step).toBe('upload');
    expect(server.bodiesOf('Home/checkIDTypeNo')[0]?.body).toEqual({
      id_type: 'Passport',
      id_number: 'A1234567',
    });

    // Missing pictures are named before anything is sent.
    choose('front', png());
    fireEvent.click(screen.getByTestId('kyc-submit'));
    expect((await screen.findByTestId('kyc-picture-back-error')).textContent).toBe('Please add this picture');
    expect(screen.getByTestId('kyc-picture-holding-error')).toBeTruthy();
    expect(server.bodiesOf('Home/submitKYC')).toHaveLength(0);

    choose('back', png('back.png'));
    choose('holding', png('holding.png'));
    fireEvent.click(screen.getByTestId('kyc-submit'));

    expect(await screen.findByTestId('kyc-waiting')).toBeTruthy();
    expect(screen.getByTestId('kyc-steps').dataset.step).toBe('waiting');
    const [submitted] = server.bodiesOf('Home/submitKYC');
    expect(submitted?.multipart).toBe(true);
    expect(submitted?.body).toMatchObject({
      country: 'MY',
      id_type: 'Passport',
      name: 'Siti Aminah',
      id_number: 'A1234567',
    });
    for (const side of ['front', 'back', 'holding']) expect(submitted?.body[side]).toBeInstanceOf(Blob);
  });

  it('stays on the details step when the ID is used by another member', async () => {
    vi.stubGlobal(
      'fetch',
      kycServer({
        'Home/checkKycStatus': NONE,
        'Home/getCountry': COUNTRIES,
        'Home/checkIDTypeNo': { available: false },
      }).fetch,
    );
    renderAt('/pages/home/NameVerification');
    await fillDetails();
    expect(
      await screen.findByText('This ID type and number are already used by another member'),
    ).toBeTruthy();
    expect(screen.queryByTestId('kyc-upload')).toBeNull();
  });

  it('refuses a file that is not a JPEG, PNG or WebP picture at once', async () => {
    vi.stubGlobal(
      'fetch',
      kycServer({
        'Home/checkKycStatus': NONE,
        'Home/getCountry': COUNTRIES,
        'Home/checkIDTypeNo': { available: true },
      }).fetch,
    );
    renderAt('/pages/home/NameVerification');
    await fillDetails();
    await screen.findByTestId('kyc-upload');
    choose('front', new File(['%PDF'], 'id.pdf', { type: 'application/pdf' }));
    expect((await screen.findByTestId('kyc-picture-front-error')).textContent).toBe(
      'Only JPEG, PNG or WebP pictures are accepted',
    );
    expect(screen.getByTestId('kyc-picture-front').dataset.filled).toBe('no');
  });

  it('shows the server’s refusal of a picture beside that picture', async () => {
    vi.stubGlobal(
      'fetch',
      kycServer({
        'Home/checkKycStatus': NONE,
        'Home/getCountry': COUNTRIES,
        'Home/checkIDTypeNo': { available: true },
        'Home/submitKYC': new Refuse(422, 'Back: only JPEG, PNG or WebP pictures are accepted', [
          { field: 'back', message: 'Back: only JPEG, PNG or WebP pictures are accepted' },
        ]),
      }).fetch,
    );
    renderAt('/pages/home/NameVerification');
    await fillDetails();
    await screen.findByTestId('kyc-upload');
    for (const side of ['front', 'back', 'holding']) choose(side, png(`${side}.png`));
    fireEvent.click(screen.getByTestId('kyc-submit'));
    expect((await screen.findByTestId('kyc-picture-back-error')).textContent).toBe(
      'Back: only JPEG, PNG or WebP pictures are accepted',
    );
    expect(screen.getByTestId('kyc-steps').dataset.step).toBe('upload');
  });

  it('shows a rejection with its reason and lets the member start again with the details kept', async () => {
    vi.stubGlobal(
      'fetch',
      kycServer({
        'Home/checkKycStatus': {
          ...NONE,
          state: 'rejected',
          reason: 'The back picture is blurred',
          id: '3',
          country: 'SG',
          id_type: 'License',
          name: 'Tan Ah Kow',
          id_number: 'L998877',
        },
        'Home/getCountry': COUNTRIES,
      }).fetch,
    );
    renderAt('/pages/home/NameVerification');
    expect((await screen.findByTestId('kyc-reason')).textContent).toBe('Reason: The back picture is blurred');
    expect(screen.getByTestId('kyc-steps').dataset.step).toBe('result');
    fireEvent.click(screen.getByTestId('kyc-restart'));
    await waitFor(() => expect(inputOf('kyc-name').value).toBe('Tan Ah Kow'));
    expect(screen.getByTestId('kyc-steps').dataset.step).toBe('details');
    expect(inputOf('kyc-id-number').value).toBe('L998877');
    expect((screen.getByTestId('kyc-country') as HTMLSelectElement).value).toBe('SG');
    expect(screen.getByTestId('kyc-id-type').dataset.value).toBe('License');
  });

  it('shows approval in the member’s language', async () => {
    await setLanguage('zh-CN');
    vi.stubGlobal(
      'fetch',
      kycServer({ 'Home/checkKycStatus': { ...NONE, state: 'approved', id: '1' } }).fetch,
    );
    renderAt('/pages/home/NameVerification');
    expect((await screen.findByTestId('kyc-approved')).textContent).toContain('已通过');
    expect(screen.getByTestId('nav-title').textContent).toBe('实名认证');
  });
});

describe('admin review', () => {
  it('shows the three pictures and approves a pending verification', async () => {
    logInAs('admin', 'boss1');
    let status = 'pending';
    const detail = () => ({
      id: '5',
      userid: 'alice1',
      country: 'MY',
      id_type: 'IC',
      name: 'Alice',
      id_number: '900101-14-5566',
      status,
      reason: '',
      created_at: '2030-01-01T00:00:00Z',
      decided_at: status === 'pending' ? '' : '2030-01-02T00:00:00Z',
      decided_by: status === 'pending' ? '' : 'boss1',
      earlier: 1,
      sides: ['front', 'back', 'holding'],
    });
    const server = kycServer({
      'Admin/kycdetail': detail,
      'Home/kycimage': (b: Body) => ({
        content_type: 'image/png',
        data_url: `data:image/png;base64,${b.side}`,
      }),
      'Admin/kycreview': () => {
        status = 'approved';
        return detail();
      },
    });
    vi.stubGlobal('fetch', server.fetch);
    renderAt('/pages/admin/kycdetail?id=5');
    expect((await screen.findByTestId('kyc-detail-userid')).textContent).toBe('alice1');
    for (const side of ['front', 'back', 'holding'])
      await waitFor(() =>
        expect(screen.getByTestId(`kyc-review-${side}-img`).getAttribute('src')).toContain(side),
      );
    fireEvent.click(screen.getByTestId('kyc-approve'));
    const confirm = await screen.findByText('Confirm');
    fireEvent.click(confirm);
    await waitFor(() => expect(screen.getByTestId('kyc-detail-status').textContent).toBe('Approved'));
    expect(server.bodiesOf('Admin/kycreview')[0]?.body).toEqual({ id: '5', action: 'approve' });
    expect(screen.queryByTestId('kyc-approve')).toBeNull();
  });
});
