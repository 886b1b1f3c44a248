import { QueryObserver } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from './queryClient.ts';

describe('query client', () => {
  it('refetches after a change even while the first load is still in flight, and shows the answer after it', async () => {
    const client = createQueryClient();
    const answers: ((value: string) => void)[] = [];
    const observer = new QueryObserver(client, {
      queryKey: ['runs'],
      queryFn: () => new Promise<string>((resolve) => answers.push(resolve)),
    });
    const seen: (string | undefined)[] = [];
    const unsubscribe = observer.subscribe((r) => seen.push(r.data));
    expect(answers).toHaveLength(1); // the first load is in flight
    const refreshed = client.invalidateQueries({ queryKey: ['runs'] }); // a change happened meanwhile
    await vi.waitFor(() => expect(answers).toHaveLength(2)); // a new request, not the first load reused
    answers[0]?.('before the change');
    answers[1]?.('after the change');
    await refreshed;
    expect(observer.getCurrentResult().data).toBe('after the change');
    expect(seen).not.toContain('before the change');
    unsubscribe();
  });
});
