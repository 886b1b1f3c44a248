import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { setUpAntdRender } from '../lib/antdRender.ts';
import { loadLanguage } from '../lib/i18n.ts';
import { fakeApi } from './renderApp.tsx';

setUpAntdRender();
// Tests render in English unless they switch; the other languages load when a test asks for them.
await loadLanguage('en-US');

// No test reaches a real network: calls a test does not answer are refused.
beforeEach(() => {
  vi.stubGlobal('fetch', fakeApi({}));
});

afterEach(() => {
  vi.unstubAllGlobals();
  cleanup();
  localStorage.clear();
});
