import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Money } from '../../../components/Money.tsx';
import { formatDate } from '../../../lib/format.ts';
import type { Investment } from '../api.ts';
import { Percent } from './Percent.tsx';

/** One copy investment in a list: trader and package, value and result, and when its term ends or it ended. */
export function InvestmentRow({ x, to, who }: { x: Investment; to?: string; who?: string }) {
  const { t } = useTranslation('trading');
  const body = (
    <>
      <div className="record-main">
        <strong>
          {x.trader_name}
          {x.company && <span className="copy-badge">{t('copy.company')}</span>}
        </strong>
        <Money value={x.value} asset="USDT" testId={`copy-investment-${x.id}-value`} />
      </div>
      <div className="record-sub">
        <span>
          {x.package_name}
          {who ? ` · ${who}` : ''}
        </span>
        <span>
          <Money value={x.pnl} asset="USDT" signed testId={`copy-investment-${x.id}-pnl`} /> (
          <Percent value={x.pnl_percent} />)
        </span>
      </div>
      <div className="record-sub">
        <span data-testid={`copy-investment-${x.id}-state`}>
          {t(`copy.state.${x.state}`)}
          {x.close_reason ? ` · ${t(`copy.reason.${x.close_reason}`)}` : ''}
        </span>
        <span>
          {x.state === 'active' || x.state === 'closing'
            ? t('copy.endsOn', { date: formatDate(x.ends_at) })
            : t('copy.endedOn', { date: formatDate(x.closed_at) })}
        </span>
      </div>
    </>
  );
  return to ? (
    <Link to={to} className="record-row copy-card" data-testid={`copy-investment-${x.id}`}>
      {body}
    </Link>
  ) : (
    <article className="record-row" data-testid={`copy-investment-${x.id}`}>
      {body}
    </article>
  );
}
