import { Button } from 'antd-mobile';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PageLayout } from '../../../components/PageLayout.tsx';
import { LoadingBlock } from '../../../components/PageStates.tsx';
import { confirmDialog, showToast } from '../../../lib/feedback.ts';
import { apiKeyQuery, botBalanceQuery, botKeys, botStepsQuery, botsQuery, closeAllDeals } from '../api.ts';
import { AccountPicker } from '../components/AccountPicker.tsx';
import { AioPanel } from '../components/AioPanel.tsx';
import { SubscriptionPanel } from '../components/SubscriptionPanel.tsx';
import { signClass } from '../components/BotSummary.tsx';
import '../../trading/trading.css';
import '../bots.css';

const STEP_LINKS = {
  kyc: '/pages/home/NameVerification',
  subscription: '',
  account: '/pages/trade/exchanges',
  funds: '/pages/trade/test',
} as const;

/**
 * `/pages/trade/trademain` (the Defi tab): what is left to do before a bot can run, the chosen account's funds
 * beside what running bots keep, the bots' results, and the ways into bots, the market and exchange accounts.
 */
export default function BotsHomePage() {
  const { t } = useTranslation('trading');
  const client = useQueryClient();
  const [params, setParams] = useSearchParams();
  const account = params.get('account') ?? 'demo';
  const steps = useQuery(botStepsQuery(account)).data;
  const balance = useQuery(botBalanceQuery(account)).data;
  const exchange = !account.startsWith('demo');
  const key = useQuery({ ...apiKeyQuery(account), enabled: exchange }).data;
  const bots = useQuery(botsQuery).data?.list;
  const running = bots?.filter((b) => b.state === 'running').length ?? 0;
  const profit = (bots ?? []).reduce((sum, b) => sum + Number(b.profit), 0);
  const closed = (bots ?? []).reduce((sum, b) => sum + b.deals_closed, 0);
  const open = bots?.some((b) => b.deal) ?? false;

  const closeAll = async () => {
    if (!(await confirmDialog(t('bots.closeAllConfirm')))) return;
    const res = await closeAllDeals().catch(() => undefined);
    if (res) showToast(`${res.msg}: ${t('bots.closedCount', { count: res.data.closed })}`);
    await client.invalidateQueries({ queryKey: botKeys.all });
  };

  return (
    <PageLayout title={t('routes:/pages/trade/trademain')} testId="bots-home-page">
      <p className="trade-note">{t('bots.intro')}</p>
      <div className="account-picker">
        <label htmlFor="bots-home-account">{t('bots.account')}</label>{' '}
        <AccountPicker id="bots-home-account" value={account} onChange={(a) => setParams({ account: a })} />
      </div>
      <section aria-label={t('bots.steps.title')}>
        <h2 className="section-title">{t('bots.steps.title')}</h2>
        {!steps && <LoadingBlock lines={2} />}
        {steps && (
          <ul className="bot-steps" data-testid="bot-steps">
            {steps.steps.map((s) => (
              <li key={s.key} data-testid={`bot-step-${s.key}`} data-done={s.done}>
                <span className={s.done ? 'done' : ''}>
                  {s.done ? '✓' : '○'} {t(`bots.steps.${s.key}`)}
                </span>
                {!s.done && STEP_LINKS[s.key] && <Link to={STEP_LINKS[s.key]}>{t('bots.steps.go')}</Link>}
              </li>
            ))}
            {exchange && key && (
              <li data-testid="bot-key-check">
                <span className={key.valid ? 'done' : 'down-text'}>
                  {key.valid ? `✓ ${t('bots.keyValid', { venue: key.venue })}` : `✗ ${key.message}`}
                </span>
              </li>
            )}
            {steps.ready && (
              <li className="done" data-testid="bot-ready">
                {t('bots.steps.ready')}
              </li>
            )}
          </ul>
        )}
      </section>
      {steps && <SubscriptionPanel subscription={steps.subscription} />}
      {balance && (
        <section className="balance-grid" aria-label={t('bots.balance.title')} data-testid="bot-balance">
          <strong>{t('bots.balance.title')}</strong>
          {(['free', 'used', 'committed', 'available'] as const).map((k) => (
            <div className="line" key={k}>
              <span>{t(`bots.balance.${k}`)}</span>
              <span data-testid={`bot-balance-${k}`}>
                {balance[k]} {balance.quote}
              </span>
            </div>
          ))}
        </section>
      )}
      <AioPanel account={account} />
      <section className="balance-grid" aria-label={t('bots.myBots')} data-testid="bot-summary">
        <div className="line">
          <span>{t('bots.summary.running')}</span>
          <span data-testid="bots-running">{running}</span>
        </div>
        <div className="line">
          <span>{t('bots.summary.deals')}</span>
          <span>{closed}</span>
        </div>
        <div className="line">
          <span>{t('bots.summary.profit')}</span>
          <span className={signClass(profit.toFixed(2))}>{profit.toFixed(2)} USDT</span>
        </div>
      </section>
      <nav className="tile-links" aria-label={t('bots.myBots')}>
        <Link to="/pages/trade/Botlist" data-testid="bots-link-list">
          {t('bots.myBots')}
        </Link>
        <Link to={`/pages/trade/trade2?account=${encodeURIComponent(account)}`} data-testid="bots-link-new">
          {t('bots.newBot')}
        </Link>
        <Link to="/pages/trade/mytrade">{t('bots.history')}</Link>
        <Link to={`/pages/home/Trade?account=${encodeURIComponent(account)}`}>{t('bots.market')}</Link>
        <Link to="/pages/trade/exchanges">{t('bots.exchanges')}</Link>
        <Link to="/pages/trade/test">{t('demoTitle')}</Link>
        <Link to="/pages/copy/traders" data-testid="bots-link-copy">
          {t('routes:/pages/copy/traders')}
        </Link>
      </nav>
      {open && (
        <div className="bot-buttons">
          <Button
            color="danger"
            fill="outline"
            block
            onClick={() => void closeAll()}
            data-testid="bots-close-all"
          >
            {t('bots.closeAll')}
          </Button>
        </div>
      )}
    </PageLayout>
  );
}
