import { formatAsset } from '../lib/money.ts';
import { useTranslation } from 'react-i18next';

type Props = {
  value: string;
  asset: string;
  /** History rows: '+' for money in (green), '-' for money out (red). */
  signed?: boolean;
  testId?: string;
};

/** An exact amount in the app language's number format, with its asset code. */
export function Money({ value, asset, signed = false, testId }: Props) {
  // Re-render when the language changes: the format follows it.
  useTranslation();
  const direction = !signed ? '' : value.trim().startsWith('-') ? ' money-out' : ' money-in';
  return (
    <span className={`money${direction}`} data-testid={testId} data-value={value}>
      {formatAsset(value, asset, { signed })}
    </span>
  );
}
