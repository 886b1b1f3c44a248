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
 * title (hover, long-press) and in data-value; the row's detail shows it in full.
 */
export function Money({ value, asset, signed = false, exact = false, round, testId }: Props) {
  // Re-render when the language changes: the format follows it.
  useTranslation();
  const direction = !signed ? '' : value.trim().startsWith('-') ? ' money-out' : ' money-in';
  const full = formatAsset(value, asset, { signed });
  const shown = exact
    ? full
    : formatAsset(value, asset, { signed, round, maxDecimals: displayDecimalsOf(asset) });
  return (
    <span
      className={`money${direction}`}
      data-testid={testId}
      data-value={value}
      title={shown === full ? undefined : full}
    >
      {shown}
    </span>
  );
}
