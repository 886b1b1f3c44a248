import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export type LegsRow = { key: string; label: string; left: ReactNode; right: ReactNode };

/** Figures side by side for the left and right legs, a row each; the cells are `<testId>-<left|right>-<key>`. */
export function LegsTable({
  rows,
  className,
  testId,
}: {
  rows: LegsRow[];
  className: string;
  testId: string;
}) {
  const { t } = useTranslation('network');
  return (
    <table className={className}>
      <thead>
        <tr>
          <th />
          <th>{t('left')}</th>
          <th>{t('right')}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.key}>
            <th scope="row" className="legs-label">
              {r.label}
            </th>
            <td data-testid={`${testId}-left-${r.key}`}>{r.left}</td>
            <td data-testid={`${testId}-right-${r.key}`}>{r.right}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
