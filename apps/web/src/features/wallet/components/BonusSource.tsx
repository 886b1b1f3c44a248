import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/format.ts';
import { decimalsOf, formatMoney } from '../../../lib/money.ts';
import '../bonus.css';

/** Pairing volumes are in the plan's volume asset (USDT, as the bonus summary shows). */
const VOLUME_DECIMALS = decimalsOf('USDT');

type Props = { type: string; sourceUserid: string; details: Record<string, string>; testId: string };

const volume = (value: string | undefined) =>
  value ? formatMoney(value, { decimals: VOLUME_DECIMALS }) : '-';

/** How a pairing was worked out: each leg's volume before, added, flushed by the cap and carried forward. */
function PairingDetails({ details, testId }: { details: Record<string, string>; testId: string }) {
  const { t } = useTranslation('bonus');
  const [open, setOpen] = useState(false);
  const capped = details.capped === 'true';
  const rows = [
    { key: 'before', left: details.left_before, right: details.right_before },
    { key: 'added', left: details.left_added, right: details.right_added },
    { key: 'flushed', left: details.flushed_left, right: details.flushed_right },
    { key: 'after', left: details.left_after, right: details.right_after },
  ] as const;
  return (
    <div className="bonus-pairing" data-testid={`${testId}-pairing`}>
      <div className="record-sub">
        <span data-testid={`${testId}-pairs`}>
          {t('pairing.pairsPaid', { count: Number(details.pairs ?? 0), paid: details.paid_pairs ?? '0' })}
          {capped ? (
            <span className="bonus-capped" data-testid={`${testId}-capped`}>
              {' '}
              · {t('pairing.capped')}
            </span>
          ) : null}
        </span>
        <button
          type="button"
          className="link-button"
          aria-expanded={open}
          onClick={() => setOpen(!open)}
          data-testid={`${testId}-details-toggle`}
        >
          {open ? t('pairing.hide') : t('pairing.show')}
        </button>
      </div>
      {open ? (
        <table className="bonus-pairing-table" data-testid={`${testId}-details`}>
          <caption>{t('pairing.date', { date: formatDate(details.date ?? '') })}</caption>
          <thead>
            <tr>
              <th />
              <th>{t('pairing.left')}</th>
              <th>{t('pairing.right')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.key}>
                <th scope="row">{t(`pairing.${r.key}`)}</th>
                <td data-testid={`${testId}-${r.key}-left`}>{volume(r.left)}</td>
                <td data-testid={`${testId}-${r.key}-right`}>{volume(r.right)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </div>
  );
}

/** Where a bonus came from: the member whose purchase paid it (sponsor, level), or the pairing worked out. */
export function BonusSource({ type, sourceUserid, details, testId }: Props) {
  const { t } = useTranslation('bonus');
  if (type === 'pairing') return <PairingDetails details={details} testId={testId} />;
  if (!sourceUserid) return null;
  return (
    <span data-testid={`${testId}-source`}>
      {t('from', { userid: sourceUserid })}
      {type === 'level' && details.level ? (
        <span data-testid={`${testId}-level`}> · {t('level', { level: details.level })}</span>
      ) : null}
    </span>
  );
}
