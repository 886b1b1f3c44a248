import { act, fireEvent, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../lib/i18n.ts';
import { Money } from './Money.tsx';
import { When } from './When.tsx';

beforeEach(async () => {
  await setLanguage('en-US');
});

describe('an amount on screen', () => {
  it('shows cents in a list, the exact figure as its title, every digit in a detail', () => {
    render(
      <>
        <Money value="2181.88256784" asset="USDT" testId="list" />
        <Money value="-0.03005264" asset="USDT" signed testId="out" />
        <Money value="0.9995" asset="USDT" round="up" testId="fee" />
        <Money value="2181.88256784" asset="USDT" exact testId="detail" />
        <Money value="20" asset="USDT" testId="whole" />
      </>,
    );
    const list = screen.getByTestId('list');
    expect(list.textContent).toBe('2,181.88 USDT');
    expect(list.getAttribute('title')).toBe('2,181.88256784 USDT');
    expect(list.getAttribute('data-value')).toBe('2181.88256784');
    // Money out is never shown smaller than what was taken; a fee is never shown smaller than it is.
    expect(screen.getByTestId('out').textContent).toBe('-0.04 USDT');
    expect(screen.getByTestId('fee').textContent).toBe('1.00 USDT');
    expect(screen.getByTestId('detail').textContent).toBe('2,181.88256784 USDT');
    expect(screen.getByTestId('detail').hasAttribute('title')).toBe(false);
    // Nothing cut, no title.
    expect(screen.getByTestId('whole').textContent).toBe('20.00 USDT');
    expect(screen.getByTestId('whole').hasAttribute('title')).toBe(false);
  });
});

describe('the exact figure on a tap', () => {
  it('shows every digit when a cut amount standing alone is tapped, and the cut one again on Escape', () => {
    render(
      <p>
        <Money value="2181.88256784" asset="USDT" testId="cut" />
        <Money value="20" asset="USDT" testId="whole" />
        <Money value="1.5" asset="USDT" exact testId="detail" />
      </p>,
    );
    const cut = screen.getByRole('button', { name: '2,181.88 USDT' });
    expect(cut.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(cut);
    expect(cut.textContent).toBe('2,181.88256784 USDT');
    expect(cut.getAttribute('aria-expanded')).toBe('true');
    // Shown exact on purpose: the figures check (e2e) skips it.
    expect(cut.hasAttribute('data-exact')).toBe(true);
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(cut.textContent).toBe('2,181.88 USDT');
    // Nothing to reveal, or already every digit: plain text, not a button.
    expect(screen.getByTestId('whole').tagName).toBe('SPAN');
    expect(screen.getByTestId('detail').tagName).toBe('SPAN');
    expect(screen.getByTestId('detail').hasAttribute('data-exact')).toBe(true);
  });

  it('closes on a tap elsewhere, and does not open the card it sits on', () => {
    let cardTaps = 0;
    render(
      // biome-ignore lint/a11y/useKeyWithClickEvents lint/a11y/noStaticElementInteractions: a card that also opens on a tap, as some screens have.
      <div onClick={() => cardTaps++}>
        <Money value="0.03005264" asset="USDT" testId="cut" />
        <span>elsewhere</span>
      </div>,
    );
    const cut = screen.getByTestId('cut');
    fireEvent.click(cut);
    expect(cut.textContent).toBe('0.03005264 USDT');
    expect(cardTaps).toBe(0);
    fireEvent.pointerDown(screen.getByText('elsewhere'));
    expect(cut.textContent).toBe('0.03 USDT');
  });

  it('leaves a tap inside a clickable row to the row: text with the exact figure as title', () => {
    render(
      <a href="#/detail">
        <Money value="2181.88256784" asset="USDT" testId="in-row" />
      </a>,
    );
    const inRow = screen.getByTestId('in-row');
    expect(inRow.tagName).toBe('SPAN');
    expect(screen.queryByRole('button')).toBeNull();
    expect(inRow.getAttribute('title')).toBe('2,181.88256784 USDT');
    fireEvent.click(inRow);
    expect(inRow.textContent).toBe('2,181.88 USDT');
  });
});

describe('a time on screen', () => {
  it('follows the language: 24-hour in Chinese and Malay, relative for recent activity', async () => {
    const at = '2026-11-26T11:24:00.000Z';
    render(<When at={at} testId="when" />);
    const hour = String(new Date(at).getHours()).padStart(2, '0');
    await act(() => setLanguage('zh-CN'));
    expect(screen.getByTestId('when').textContent).toBe(`2026年11月26日 ${hour}:24`);
    await act(() => setLanguage('bm-MY'));
    expect(screen.getByTestId('when').textContent).toBe(`26 Nov 2026, ${hour}:24`);
    await act(() => setLanguage('en-US'));
    expect(screen.getByTestId('when').textContent).toMatch(/^Nov 26, 2026, \d{1,2}:24\s[AP]M$/);
  });

  it('says how long ago a recent event was, with the date and time as its title', () => {
    const at = new Date(Date.now() - 5 * 60_000).toISOString();
    render(<When at={at} kind="relative" testId="recent" />);
    const recent = screen.getByTestId('recent');
    expect(recent.textContent).toBe('5 min. ago');
    expect(recent.getAttribute('title')).toMatch(/, 20\d\d, /);
    expect(recent.getAttribute('dateTime')).toBe(at);
  });
});
