import { act, render, screen } from '@testing-library/react';
import { Toast } from 'antd-mobile';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { useExitOnDoublePress } from './useExitOnDoublePress.ts';

/** The Navigation API as Chromium has it: a `navigate` event with its type comes before the popstate. */
const navigation = new EventTarget();

function Home() {
  useExitOnDoublePress();
  return <div>home</div>;
}

/** What the browser does for a navigation to the home page that ends in a popstate. */
function arrive(type: 'traverse' | 'push', state: unknown = null) {
  act(() => {
    window.location.hash = '#/pages/home/home';
    navigation.dispatchEvent(Object.assign(new Event('navigate'), { navigationType: type }));
    window.dispatchEvent(new PopStateEvent('popstate', { state }));
  });
}

const toastShown = () => screen.queryByText('Press again to exit') !== null;

beforeEach(() => {
  vi.stubGlobal('navigation', navigation);
  window.location.hash = '#/pages/home/home';
});
// A toast outlives its test (antd-mobile renders it outside the tree): the one test that shows it comes last.
afterEach(() => {
  act(() => Toast.clear());
});

it('says nothing when the home page (or any tab) is opened by its URL or a link', () => {
  render(<Home />);
  arrive('push');
  expect(toastShown()).toBe(false);
  act(() => {
    window.location.hash = '#/pages/Wallet/Wallet';
    navigation.dispatchEvent(Object.assign(new Event('navigate'), { navigationType: 'push' }));
    window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
  });
  expect(toastShown()).toBe(false);
});

it('says nothing when a back press lands on the guard entry the page put there', () => {
  render(<Home />);
  arrive('traverse', { exitGuard: true });
  expect(toastShown()).toBe(false);
});

it('says "press again" on a back press that lands on the home page', async () => {
  render(<Home />);
  arrive('traverse');
  expect(await screen.findByText('Press again to exit')).toBeTruthy();
});
