import { ProgressBar } from 'antd-mobile';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageLayout } from '../../../components/PageLayout.tsx';
import { LoadingBlock } from '../../../components/PageStates.tsx';
import { challengeQuery } from '../api.ts';
import '../trading.css';
import { formatFigure } from '../../../lib/price.ts';

/** The demo challenge's progress (`/pages/trade/CustomProgress`, DECISIONS section 30). */
export default function ChallengePage() {
  const { t } = useTranslation('trading');
  const [params] = useSearchParams();
  const account = params.get('account') ?? 'demo';
  const { data } = useQuery(challengeQuery(account));
  return (
    <PageLayout title={t('challenge')} testId="challenge-page">
      {!data ? (
        <LoadingBlock />
      ) : (
        <section className="balance-grid">
          <p>{t('challengeIntro', { target: data.target, count: data.min_trades })}</p>
          <span>
            {t('progress')}
            {t('common:colon')}
            {data.progress_percent}%
          </span>
          <ProgressBar percent={data.progress_percent} aria-label={t('progress')} />
          <span>
            {t('equity')}
            {t('common:colon')}
            {formatFigure(data.equity, 'USDT')} / {formatFigure(data.target, 'USDT')} USDT · {t('trades')}
            {t('common:colon')}
            {data.trades}
          </span>
          <ol>
            {data.steps.map((s) => (
              <li key={s.key} data-testid={`challenge-step-${s.key}`} data-done={s.done}>
                {s.done ? '✓ ' : '○ '}
                {t(`steps.${s.key}`, { count: data.min_trades })}
              </li>
            ))}
          </ol>
          {data.state === 'reached' && <p className="up-text">{t('reached')}</p>}
        </section>
      )}
    </PageLayout>
  );
}
