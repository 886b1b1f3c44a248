import { Button } from 'antd-mobile';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageLayout } from '../../../components/PageLayout.tsx';
import { confirmDialog, showToast } from '../../../lib/feedback.ts';
import { apiKeyQuery, botBalanceQuery, botKeys, botStepsQuery, botsQuery, closeAllDeals } from '../api.ts';
import { AccountPicker } from '../components/AccountPicker.tsx';
import { AioPanel } from '../components/AioPanel.tsx';
import { SubscriptionPanel } from '../components/SubscriptionPanel.tsx';
import { BotBalance, BotSteps, BotsLinks, BotsSummary } from '../components/BotsHomeSections.tsx';
import '../../trading/trading.css';
import '../bots.css';

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
      <BotSteps steps={steps} apiKey={exchange ? key : undefined} />
      {steps && <SubscriptionPanel subscription={steps.subscription} />}
      {balance && <BotBalance balance={balance} />}
      <AioPanel account={account} />
      <BotsSummary bots={bots} />
      <BotsLinks account={account} />
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
