import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { displayDecimalsOf, formatAsset, type Rounding } from '../lib/money.ts';

type Props = {
  value: string;
  asset: string;
  /** History rows: '+' for money in (green), '-' for money out (red). */
  signed?: boolean;
  /** Details: every digit the server sent. Otherwise (lists, summaries) the asset's display decimals. */
  exact?: boolean;
  /** What the member is about to pay (a fee, a price) is cut upward; anything else downward (lib/money.ts). */
  round?: Rounding;
  testId?: string;
};

/**
 * An amount in the app language's number format, with its asset code. A cut figure carries the exact one as its
 * title (hover) and in data-value, and shows it on a tap or a key press when it stands alone (CutFigure); a
 * detail (`exact`) shows every digit and is marked data-exact.
 */
export function Money({ value, asset, signed = false, exact = false, round, testId }: Props) {
  // Re-render when the language changes: the format follows it.
  useTranslation();
  const className = `money${!signed ? '' : value.trim().startsWith('-') ? ' money-out' : ' money-in'}`;
  const full = formatAsset(value, asset, { signed });
  const shown = exact
    ? full
    : formatAsset(value, asset, { signed, round, maxDecimals: displayDecimalsOf(asset) });
  if (shown !== full) return <CutFigure {...{ className, value, shown, full, testId }} />;
  return (
    <span className={className} data-testid={testId} data-value={value} data-exact={exact || undefined}>
      {shown}
    </span>
  );
}

/** Rows that act on a tap: a tap on a figure inside one is the row's (its detail shows every digit). */
const INTERACTIVE = 'a, button, label, [role="button"], [role="link"], [role="tab"]';

type CutProps = { className: string; value: string; shown: string; full: string; testId?: string };

/**
 * A cut figure (an amount, or a figure whose heading names the asset). Inside a row that is itself clickable it
 * stays text with the exact figure as title: the tap opens the row, whose detail shows every digit. Standing alone
 * it is a button: a tap, Enter or Space shows the exact figure in place; another tap, Escape or a tap elsewhere
 * shows the cut one again. It is text on the first render and becomes a button before it is painted, once its
 * place is known (no button inside a link, even briefly).
 */
export function CutFigure({ className, value, shown, full, testId }: CutProps) {
  const ref = useRef<HTMLElement | null>(null);
  const [standalone, setStandalone] = useState(false);
  const [open, setOpen] = useState(false);
  // One ref for the span and the button it may become.
  const attach = useCallback((el: HTMLElement | null) => {
    ref.current = el;
  }, []);
  useLayoutEffect(() => {
    if (!ref.current?.parentElement?.closest(INTERACTIVE)) setStandalone(true);
  }, []);
  useEffect(() => {
    if (!open) return;
    const closeOutside = (e: PointerEvent) => {
      if (!ref.current?.contains(e.target as Node)) setOpen(false);
    };
    const closeOnEscape = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setOpen(false);
    };
    document.addEventListener('pointerdown', closeOutside);
    document.addEventListener('keydown', closeOnEscape);
    return () => {
      document.removeEventListener('pointerdown', closeOutside);
      document.removeEventListener('keydown', closeOnEscape);
    };
  }, [open]);
  if (!standalone) {
    return (
      <span ref={attach} className={className} data-testid={testId} data-value={value} title={full}>
        {shown}
      </span>
    );
  }
  return (
    <button
      ref={attach}
      type="button"
      className={`${className} money-tap`}
      data-testid={testId}
      data-value={value}
      data-exact={open || undefined}
      title={open ? undefined : full}
      aria-expanded={open}
      onClick={(e) => {
        // The tap is the figure's, not that of a card or sheet around it.
        e.stopPropagation();
        setOpen((o) => !o);
      }}
    >
      {open ? full : shown}
    </button>
  );
}
