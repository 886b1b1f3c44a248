import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageLayout } from '../../../components/PageLayout.tsx';
import { EmptyBlock } from '../../../components/PageStates.tsx';
import { PagedList } from '../../../components/PagedList.tsx';
import { botKeys, fetchBotHistory } from '../api.ts';
import { signClass } from '../components/BotSummary.tsx';
import '../../trading/trading.css';
import '../bots.css';
import { formatDateTime } from '../../../lib/format.ts';
import { Money } from '../../../components/Money.tsx';
import { formatPrice } from '../../../lib/price.ts';

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
              · {t('bots.safetyUsed', { count: d.safety_filled })} · {t('bots.deal.size')}{' '}
              {/* The coin's quantity at its market's step: every digit (data-exact: the figures check passes it). */}
              <span data-exact>{formatPrice(d.size)}</span> · {t('bots.deal.cost')}{' '}
              <Money value={d.cost} asset="USDT" />
            </span>
            <span>
              {t('bots.closedAt', { at: formatDateTime(d.closed_at), price: formatPrice(d.close_price) })} ·{' '}
              {t('fees')} <Money value={d.fees} asset="USDT" round="up" />
            </span>
            <span>
              {t('pnl')}{' '}
              <strong className={signClass(d.pnl)} data-testid={`deal-pnl-${d.id}`}>
                <Money value={d.pnl} asset="USDT" />
              </strong>
            </span>
          </div>
        )}
      />
    </PageLayout>
  );
}
