import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { appRoutes } from '../app/routes.tsx';
import { createQueryClient } from '../lib/queryClient.ts';

/** Renders the real route table at one path, as the app does but in memory. */
export function renderAt(path: string) {
  const router = createMemoryRouter(appRoutes(), { initialEntries: [path] });
  const view = render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
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
