import { Button } from 'antd-mobile';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { PageLayout } from '../../../components/PageLayout.tsx';
import { EmptyBlock, LoadFailed, LoadingBlock } from '../../../components/PageStates.tsx';
import { ApiError } from '../../../lib/api.ts';
import { confirmDialog, showToast } from '../../../lib/feedback.ts';
import {
  addEntry,
  type Bot,
  botKeys,
  botQuery,
  closeDeal,
  previewAction,
  reverseBot,
  startBot,
  stopBot,
} from '../api.ts';
import { BotChart } from '../components/BotChart.tsx';
import { BotForm } from '../components/BotForm.tsx';
import {
  type BotAct,
  BotDeal,
  type BotOrder,
  BotOrders,
  BotSettingsSection,
} from '../components/BotSections.tsx';
import { BotFigures, BotTitle } from '../components/BotSummary.tsx';
import '../../trading/trading.css';
import '../bots.css';
import { formatPrice } from '../../../lib/price.ts';

/**
 * `/pages/trade/trade2`: without `id`, the form creating a DCA bot; with `id`, the bot: its open deal's prices,
 * start, stop, close the deal, add a safety order, its settings and orders; `edit=1` changes a stopped bot.
 */
export default function BotPage() {
  const { t } = useTranslation('trading');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const id = params.get('id');
  const title = t('routes:/pages/trade/trade2');
  const opened = (bot: Bot) => navigate(`/pages/trade/trade2?id=${bot.id}`, { replace: true });
  if (!id)
    return (
      <PageLayout title={t('bots.newBot')} testId="bot-create-page">
        <p className="trade-note">{t('bots.intro')}</p>
        <BotForm account={params.get('account') ?? undefined} onSaved={opened} />
      </PageLayout>
    );
  return (
    <PageLayout title={title} testId="bot-page">
      <BotDetail id={id} edit={params.get('edit') === '1'} onSaved={opened} />
    </PageLayout>
  );
}

function BotDetail({ id, edit, onSaved }: { id: string; edit: boolean; onSaved: (bot: Bot) => void }) {
  const { data, error, refetch } = useQuery(botQuery(id));
  if (!data) {
    if (error instanceof ApiError && error.code === 404)
      return <EmptyBlock text={error.msg} testId="bot-unknown" />;
    return error ? <LoadFailed onRetry={() => void refetch()} /> : <LoadingBlock />;
  }
  const { bot, orders } = data;
  if (edit && bot.state !== 'running') return <BotForm bot={bot} onSaved={onSaved} />;
  return <BotView bot={bot} orders={orders} />;
}

function BotView({ bot, orders }: { bot: Bot; orders: BotOrder[] }) {
  const act = useBotAct(bot);
  return (
    <>
      <div className="order-row bot-row" data-testid="bot-head">
        <BotTitle bot={bot} />
        <BotFigures bot={bot} />
        {bot.error && (
          <span className="down-text" data-testid="bot-error">
            {bot.error}
          </span>
        )}
      </div>
      <BotButtons bot={bot} act={act} />
      <BotChart id={bot.id} />
      <BotDeal bot={bot} />
      <BotSettingsSection bot={bot} act={act} />
      <BotOrders orders={orders} />
    </>
  );
}

function useBotAct(bot: Bot): BotAct {
  const { t } = useTranslation('trading');
  const client = useQueryClient();
  return async (run, confirm, preview) => {
    if (confirm) {
      // The dialog says what the action would do at the last price (the server's figures).
      const p = preview ? await previewAction(bot.id, preview).catch(() => undefined) : undefined;
      const detail = p
        ? ` ${t('bots.preview', { side: t(p.side), amount: formatPrice(p.amount), price: formatPrice(p.price), value: formatPrice(p.value), quote: bot.quote })}` +
          (p.pnl ? ` ${t('bots.previewPnl', { pnl: formatPrice(p.pnl), quote: bot.quote })}` : '') +
          (p.average_after ? ` ${t('bots.previewAverage', { price: formatPrice(p.average_after) })}` : '')
        : '';
      if (!(await confirmDialog(confirm + detail))) return;
    }
    const res = await run().catch(() => undefined);
    if (res) showToast(res.msg);
    await client.invalidateQueries({ queryKey: botKeys.all });
  };
}

/** Start or stop, and what the deal allows: add a safety order, close it, reverse a perpetual; edit; history. */
function BotButtons({ bot, act }: { bot: Bot; act: BotAct }) {
  const { t } = useTranslation('trading');
  const navigate = useNavigate();
  const deal = bot.deal;
  return (
    <div className="bot-buttons">
      {bot.state === 'running' ? (
        <Button onClick={() => void act(() => stopBot(bot))} data-testid="bot-stop">
          {t('bots.stop')}
        </Button>
      ) : (
        <Button color="primary" onClick={() => void act(() => startBot(bot.id))} data-testid="bot-start">
          {t('bots.start')}
        </Button>
      )}
      {deal && deal.safety_filled < bot.max_safety && (
        <Button
          onClick={() => void act(() => addEntry(bot.id), t('bots.addEntryConfirm'), 'entry')}
          data-testid="bot-add-entry"
        >
          {t('bots.addEntry')}
        </Button>
      )}
      {deal && (
        <Button
          color="danger"
          fill="outline"
          onClick={() => void act(() => closeDeal(bot.id), t('bots.closeDealConfirm'), 'close')}
          data-testid="bot-close-deal"
        >
          {t('bots.closeDeal')}
        </Button>
      )}
      {deal && bot.market === 'perp' && (
        <Button
          onClick={() => void act(() => reverseBot(bot.id), t('bots.reverseConfirm'), 'reverse')}
          data-testid="bot-reverse"
        >
          {t('bots.reverse')}
        </Button>
      )}
      {bot.state !== 'running' && (
        <Button onClick={() => navigate(`/pages/trade/trade2?id=${bot.id}&edit=1`)} data-testid="bot-edit">
          {t('bots.edit')}
        </Button>
      )}
      <Button onClick={() => navigate(`/pages/trade/mytrade?bot=${bot.id}`)} data-testid="bot-history-link">
        {t('bots.history')}
      </Button>
    </div>
  );
}
