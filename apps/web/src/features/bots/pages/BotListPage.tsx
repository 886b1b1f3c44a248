import { Button } from 'antd-mobile';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Money } from '../../../components/Money.tsx';
import { PageLayout } from '../../../components/PageLayout.tsx';
import { EmptyBlock, LoadingBlock } from '../../../components/PageStates.tsx';
import { formatPrice } from '../../../lib/price.ts';
import { botsQuery } from '../api.ts';
import { BotFigures, BotTitle, signClass } from '../components/BotSummary.tsx';
import '../../trading/trading.css';
import '../bots.css';

/** The member's bots (`/pages/trade/Botlist`): state, open deal and profit of each; create one; open one. */
export default function BotListPage() {
  const { t } = useTranslation('trading');
  const navigate = useNavigate();
  const { data } = useQuery(botsQuery);
  return (
    <PageLayout title={t('routes:/pages/trade/Botlist')} testId="bot-list-page">
      <div className="bot-actions">
        <Button color="primary" onClick={() => navigate('/pages/trade/trade2')} data-testid="bot-new">
          {t('bots.newBot')}
        </Button>
        <Link to="/pages/trade/mytrade">{t('bots.history')}</Link>
      </div>
      {!data && <LoadingBlock />}
      {data && data.list.length === 0 && <EmptyBlock text={t('bots.none')} testId="bot-list-empty" />}
      {data?.list.map((bot) => (
        <Link
          to={`/pages/trade/trade2?id=${bot.id}`}
          className="order-row bot-row"
          key={bot.id}
          data-testid={`bot-${bot.id}`}
        >
          <BotTitle bot={bot} />
          <BotFigures bot={bot} />
          {bot.error && <span className="down-text">{bot.error}</span>}
          {bot.deal ? (
            <span>
              {t('bots.deal.average')} {formatPrice(bot.deal.average_price)} · {t('bots.deal.takeProfit')}{' '}
              {formatPrice(bot.deal.take_profit_price)} · {t('bots.deal.safety')} {bot.deal.safety_filled}/
              {bot.max_safety} · {t('pnl')}{' '}
              <span className={signClass(bot.deal.unrealized_pnl)}>
                <Money value={bot.deal.unrealized_pnl} asset={bot.quote} />
              </span>
            </span>
          ) : (
            <span className="hint">{t('bots.noDeal')}</span>
          )}
        </Link>
      ))}
    </PageLayout>
  );
}
