import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, waitFor } from '@testing-library/react';
import { type Location, MemoryRouter, type NavigateFunction, useLocation, useNavigate } from 'react-router';
import { AppRoutes } from '../app/AppRoutes.tsx';
import { createQueryClient } from '../lib/queryClient.ts';

/** What a test reads of the router: where it is now, and a way to go elsewhere. */
type RouterProbe = { state: { location: Location }; navigate: (path: string) => Promise<void> };

function Probe({ probe }: { probe: { location?: Location; navigate?: NavigateFunction } }) {
  probe.location = useLocation();
  probe.navigate = useNavigate();
  return null;
}

/** Renders the real route table at one path, as the app does but in memory. */
export function renderAt(path: string) {
  const seen: { location?: Location; navigate?: NavigateFunction } = {};
  const view = render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <Probe probe={seen} />
        <AppRoutes />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  const router: RouterProbe = {
    state: {
      get location() {
        if (!seen.location) throw new Error('the router has not rendered');
        return seen.location;
      },
    },
    navigate: async (to) => {
      if (!seen.navigate) throw new Error('the router has not rendered');
      await act(async () => void (await seen.navigate?.(to)));
    },
  };
  return { router, ...view };
}

/** A fetch that answers every call with a success envelope carrying `data` (or a refusal for unknown calls). */
export function fakeApi(answers: Record<string, unknown>) {
  return async (url: string) => {
    const name = url.replace(/^\/api\//, '').split('?')[0] ?? '';
    if (name in answers) {
      return new Response(JSON.stringify({ status: 1, code: 200, msg: 'Success', data: answers[name] }));
    }
    return new Response(JSON.stringify({ status: 0, code: 403, msg: 'not in this test' }), { status: 403 });
  };
}

/** A refusal envelope for `scriptedApi` (HTTP status = code, as the server sends). */
export class Refuse {
  constructor(
    readonly code: number,
    readonly msg: string,
    readonly errors?: { field: string; message: string }[],
  ) {}
}

type Answer = unknown | ((body: Record<string, unknown>) => unknown);

/**
 * A fetch that answers per call name: data (or a function of the request body returning data or a
 * `Refuse`). Every request is recorded in `sent` with its parsed body.
 */
export function scriptedApi(answers: Record<string, Answer>) {
  const sent: { name: string; body: Record<string, unknown> }[] = [];
  const fetch = async (url: string, init?: RequestInit) => {
    const name = url.replace(/^\/api\//, '').split('?')[0] ?? '';
    const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {};
    sent.push({ name, body });
    if (!(name in answers)) {
      return new Response(JSON.stringify({ status: 0, code: 403, msg: 'not in this test' }), { status: 403 });
    }
    const answer = answers[name];
    const out =
      typeof answer === 'function' ? (answer as (b: Record<string, unknown>) => unknown)(body) : answer;
    if (out instanceof Refuse) {
      return new Response(JSON.stringify({ status: 0, code: out.code, msg: out.msg, errors: out.errors }), {
        status: out.code,
      });
    }
    return new Response(JSON.stringify({ status: 1, code: 200, msg: 'Success', data: out }));
  };
  return { fetch, sent, bodiesOf: (name: string) => sent.filter((s) => s.name === name).map((s) => s.body) };
}

/** Stores a session as the login page does. */
export function logInAs(role: 'member' | 'admin' = 'member', userid = 'alice1') {
  localStorage.setItem('token', 'test-token');
  localStorage.setItem('userInfo', JSON.stringify({ userid, username: userid, rank: 'Fans', role }));
}

/** The native input inside an antd-mobile field marked with `testId`. */
export function inputOf(testId: string): HTMLInputElement | HTMLTextAreaElement {
  const el = document.querySelector(`[data-testid="${testId}"]`);
  const field = el?.matches('input, textarea') ? el : el?.querySelector('input, textarea');
  if (!field) throw new Error(`no input in ${testId}`);
  return field as HTMLInputElement | HTMLTextAreaElement;
}

/** Waits for the confirm dialog whose text includes `words`, and presses its Confirm button. */
export async function confirmDialogWith(words: string) {
  const dialog = await waitFor(() => {
    const el = document.querySelector('.adm-dialog');
    if (!el?.textContent?.includes(words)) throw new Error('no confirm dialog yet');
    return el;
  });
  const ok = [...dialog.querySelectorAll('button')].find((b) => b.textContent === 'Confirm');
  fireEvent.click(ok as HTMLButtonElement);
}
