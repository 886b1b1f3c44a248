import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAt } from '../../../test/renderApp.tsx';

const PIXEL =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

describe('/preview-image', () => {
  it('says there is no picture, with a way back, when opened without one', async () => {
    const { router } = renderAt('/preview-image');
    expect((await screen.findByTestId('preview-image-empty')).textContent).toContain('No picture to show');
    fireEvent.click(screen.getByTestId('preview-image-back'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/pages/home/home'));
  });

  it('refuses a picture of another site the same way', async () => {
    renderAt(`/preview-image?src=${encodeURIComponent('https://example.com/x.png')}`);
    expect(await screen.findByTestId('preview-image-empty')).toBeTruthy();
  });

  it('shows a picture full screen and closes with Escape or the close button', async () => {
    const { router } = renderAt(`/preview-image?src=${encodeURIComponent(PIXEL)}`);
    await screen.findByTestId('preview-image-close');
    fireEvent.keyDown(window, { key: 'Escape' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/pages/home/home'));

    const again = renderAt(`/preview-image?src=${encodeURIComponent(PIXEL)}`);
    fireEvent.click(
      await screen.findAllByTestId('preview-image-close').then((b) => b[b.length - 1] as HTMLElement),
    );
    await waitFor(() => expect(again.router.state.location.pathname).toBe('/pages/home/home'));
  });
});
