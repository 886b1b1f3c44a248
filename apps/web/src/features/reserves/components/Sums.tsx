import { Money } from '../../../components/Money.tsx';
import { useTranslation } from 'react-i18next';
import { minorToDecimal } from '../amounts.ts';

/** A node's sums, one per column, named in the member's language (a column the app does not know keeps its name). */
export function Sums({
  columns,
  sums,
  testId,
}: {
  columns: string[];
  sums: readonly (string | bigint)[];
  testId?: string;
}) {
  const { t } = useTranslation('reserves');
  return (
    <span className="reserves-sums" data-testid={testId}>
      {columns.map((column, i) => (
        <span key={column}>
          {t(`columns.${column}`, { defaultValue: column })}{' '}
          <Money value={minorToDecimal(String(sums[i] ?? ''))} asset="USDT" />
        </span>
      ))}
    </span>
  );
}
