import { Button } from 'antd-mobile';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PageLayout } from '../../../components/PageLayout.tsx';
import { LoadingBlock } from '../../../components/PageStates.tsx';
import { confirmDialog, showToast } from '../../../lib/feedback.ts';
import { useSubmissionKey } from '../../../lib/submissionKey.ts';
import { balanceQuery, resetDemo, tradingKeys } from '../api.ts';
import '../trading.css';
import { Money } from '../../../components/Money.tsx';
import { formatFigure } from '../../../lib/price.ts';

/** The demo account (`/pages/trade/test`): equity, balances, start afresh, and the ways into demo trading. */
export default function DemoPage() {
  const { t } = useTranslation('trading');
  const [params] = useSearchParams();
  const account = params.get('account') ?? 'demo';
  const client = useQueryClient();
  const keys = useSubmissionKey();
  const { data } = useQuery(balanceQuery(account));
  const reset = async () => {
    if (!(await confirmDialog(t('resetConfirm')))) return;
    const res = await resetDemo(account, keys.keyFor({ account })).catch(() => undefined);
    if (!res) return;
    keys.settled();
    showToast(res.msg);
    await client.invalidateQueries({ queryKey: tradingKeys.all });
  };
  return (
    <PageLayout title={t('demoTitle')} testId="demo-page">
      <p className="trade-note">{t('demoIntro')}</p>
      {!data ? (
        <LoadingBlock />
      ) : (
        <section className="balance-grid" aria-label={t('balances')}>
          <span>{t('equity')} (USDT)</span>
          <span className="big-figure" data-testid="demo-equity">
            {formatFigure(data.equity, 'USDT')}
          </span>
          <span className="hint">
            {t('startBalance')}
            {t('common:colon')}
            <Money value={data.start_balance} asset="USDT" />
          </span>
          {data.balances.map((b) => (
            <div className="line" key={b.asset} data-testid={`demo-balance-${b.asset}`}>
              <span>{b.asset}</span>
              {/* USDT in cents; a coin at its own digits (data-exact: the figures check passes it). */}
              <span data-exact>
                {formatFigure(b.free, b.asset)}
                {b.used !== '0' ? ` (+${formatFigure(b.used, b.asset)} ${t('used')})` : ''}
              </span>
              <span>≈ {formatFigure(b.value, 'USDT')}</span>
            </div>
          ))}
          <Button size="small" onClick={() => void reset()} data-testid="demo-reset">
            {t('reset')}
          </Button>
        </section>
      )}
      <nav className="tile-links" aria-label={t('demoTitle')}>
        <Link to="/pages/trade/demo2">{t('markets')}</Link>
        <Link to={`/pages/trade/onlinec?symbol=BTC%2FUSDT&account=${account}`}>{t('trade')}</Link>
        <Link to={`/pages/trade/demo4?account=${account}`}>{t('records')}</Link>
        <Link to={`/pages/trade/tradeboard?account=${account}`}>{t('board')}</Link>
        <Link to={`/pages/trade/CustomProgress?account=${account}`}>{t('challenge')}</Link>
        <Link to="/pages/trade/demoExchange">{t('thirdParty')}</Link>
      </nav>
    </PageLayout>
  );
}
