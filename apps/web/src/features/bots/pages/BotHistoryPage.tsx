import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageLayout } from '../../../components/PageLayout.tsx';
import { EmptyBlock } from '../../../components/PageStates.tsx';
import { PagedList } from '../../../components/PagedList.tsx';
import { botKeys, fetchBotHistory } from '../api.ts';
import { signClass } from '../components/BotSummary.tsx';
import '../../trading/trading.css';
import '../bots.css';

/** `/pages/trade/mytrade`: the closed deals of the member's bots (or of one, `?bot=`), newest first, with profit. */
export default function BotHistoryPage() {
  const { t } = useTranslation('trading');
  const [params] = useSearchParams();
  const botId = params.get('bot') ?? '';
  return (
    <PageLayout title={t('routes:/pages/trade/mytrade')} testId="bot-history-page">
      <PagedList
        queryKey={botKeys.history(botId)}
        fetchPage={fetchBotHistory(botId)}
        itemKey={(d) => d.id}
        empty={<EmptyBlock text={t('bots.historyEmpty')} testId="bot-history-empty" />}
        testId="bot-history-list"
        renderItem={(d) => (
          <div className="order-row bot-row" data-testid={`deal-${d.id}`}>
            <div className="top">
              <strong>
                {d.bot_name} · {d.symbol}
              </strong>
              <span data-testid={`deal-reason-${d.id}`}>
                {t(`bots.kind.${d.close_reason}`, { defaultValue: d.close_reason })}
              </span>
            </div>
            <span>
              <span className={d.direction === 'long' ? 'up-text' : 'down-text'}>
                {t(`bots.direction.${d.direction}`)}
              </span>{' '}
              · {t('bots.safetyUsed', { count: d.safety_filled })} · {t('bots.deal.size')} {d.size} ·{' '}
              {t('bots.deal.cost')} {d.cost}
            </span>
            <span>
              {t('bots.closedAt', { at: new Date(d.closed_at).toLocaleString(), price: d.close_price })} ·{' '}
              {t('fees')} {d.fees}
            </span>
            <span>
              {t('pnl')}{' '}
              <strong className={signClass(d.pnl)} data-testid={`deal-pnl-${d.id}`}>
                {d.pnl} USDT
              </strong>
            </span>
          </div>
        )}
      />
    </PageLayout>
  );
}
