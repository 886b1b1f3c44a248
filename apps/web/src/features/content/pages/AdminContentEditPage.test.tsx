import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { inputOf, logInAs, renderAt, scriptedApi } from '../../../test/renderApp.tsx';

const item = {
  id: 7,
  kind: 'promo',
  state: 'published',
  publish_at: '2030-01-01T08:00:00Z',
  sort_order: 3,
  title: 'Spring promo',
  langs: ['en-US'],
  missing: ['zh-CN'],
  image_url: '',
  click_count: 0,
  updated_at: '2030-01-01T08:00:00Z',
  link: 'https://example.com/spring',
  image_id: '',
  media_id: '',
  media_url: '',
  media_type: '',
  texts: [{ lang: 'en-US', title: 'Spring promo', summary: 'Short', body_html: '<p>Body</p>', category: '' }],
};

describe('the CMS item editor', () => {
  it("shows a saved item's settings and text, and saves another language's text with those settings", async () => {
    logInAs('admin', 'boss');
    const api = scriptedApi({ 'Admin/contentdetail': item, 'Admin/newssave': { id: 7 } });
    vi.stubGlobal('fetch', api.fetch);
    renderAt('/pages/admin/contentedit?id=7');
    await screen.findByTestId('admin-content-edit-page');
    await waitFor(() => expect(inputOf('content-title').value).toBe('Spring promo'));
    expect(inputOf('content-link').value).toBe('https://example.com/spring');
    expect(screen.queryByTestId('content-not-saved')).toBeNull();

    fireEvent.click(screen.getByTestId('content-lang-zh-CN'));
    await screen.findByTestId('content-not-saved');
    expect(inputOf('content-title').value).toBe('');
    fireEvent.change(inputOf('content-title'), { target: { value: '春季活动' } });
    fireEvent.click(screen.getByTestId('content-save'));
    await waitFor(() => expect(api.bodiesOf('Admin/newssave')).toHaveLength(1));
    expect(api.bodiesOf('Admin/newssave')[0]).toMatchObject({
      id: '7',
      kind: 'promo',
      lang: 'zh-CN',
      title: '春季活动',
      published: true,
      publish_at: '2030-01-01T08:00:00.000Z',
      sort_order: 3,
      link: 'https://example.com/spring',
      image_id: '',
      media_id: '',
    });
  });
});
