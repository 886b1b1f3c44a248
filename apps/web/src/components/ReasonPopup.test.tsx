import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../lib/i18n.ts';
import { inputOf } from '../test/renderApp.tsx';
import { ReasonPopup } from './ReasonPopup.tsx';

function Harness({ onConfirm }: { onConfirm: (reason: string) => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" data-testid="open" onClick={() => setOpen(true)}>
        open
      </button>
      <ReasonPopup
        open={open}
        busy={false}
        title="Reject #7"
        label="Reason"
        placeholder="Why?"
        requiredText="Please give a reason"
        confirmText="Reject"
        testId="r"
        onClose={() => setOpen(false)}
        onConfirm={(reason) => {
          onConfirm(reason);
          setOpen(false);
        }}
      />
    </>
  );
}

beforeEach(async () => {
  await setLanguage('en-US');
});

describe('reason popup', () => {
  it('refuses an empty reason, sends it trimmed, and opens empty again', async () => {
    const onConfirm = vi.fn();
    render(<Harness onConfirm={onConfirm} />);
    fireEvent.click(screen.getByTestId('open'));
    expect((await screen.findByTestId('r-sheet')).textContent).toContain('Reject #7');
    fireEvent.change(inputOf('r-reason'), { target: { value: '   ' } });
    fireEvent.click(screen.getByTestId('r-confirm'));
    expect((await screen.findByTestId('r-reason-error')).textContent).toBe('Please give a reason');
    expect(onConfirm).not.toHaveBeenCalled();

    fireEvent.change(inputOf('r-reason'), { target: { value: '  Blurred picture ' } });
    fireEvent.click(screen.getByTestId('r-confirm'));
    expect(onConfirm).toHaveBeenCalledWith('Blurred picture');
    await waitFor(() => expect(screen.queryByTestId('r-sheet')).toBeNull());

    fireEvent.click(screen.getByTestId('open'));
    await screen.findByTestId('r-sheet');
    expect(inputOf('r-reason').value).toBe('');
    expect(screen.queryByTestId('r-reason-error')).toBeNull();
    fireEvent.click(screen.getByTestId('r-cancel'));
    await waitFor(() => expect(screen.queryByTestId('r-sheet')).toBeNull());
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });
});
