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
  setOrderType,
  startBot,
  stopBot,
} from '../api.ts';
import { BotChart } from '../components/BotChart.tsx';
import { BotForm } from '../components/BotForm.tsx';
import { BotFigures, BotTitle, signClass } from '../components/BotSummary.tsx';
import '../../trading/trading.css';
import '../bots.css';

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
  const { t } = useTranslation('trading');
  const client = useQueryClient();
  const navigate = useNavigate();
  const { data, error, refetch } = useQuery(botQuery(id));
  if (!data) {
    if (error instanceof ApiError && error.code === 404)
      return <EmptyBlock text={error.msg} testId="bot-unknown" />;
    return error ? <LoadFailed onRetry={() => void refetch()} /> : <LoadingBlock />;
  }
  const { bot, orders } = data;
  if (edit && bot.state !== 'running') return <BotForm bot={bot} onSaved={onSaved} />;

  const act = async (
    run: () => Promise<{ msg: string }>,
    confirm?: string,
    preview?: 'close' | 'entry' | 'reverse',
  ) => {
    if (confirm) {
      // The dialog says what the action would do at the last price (the server's figures).
      const p = preview ? await previewAction(bot.id, preview).catch(() => undefined) : undefined;
      const detail = p
        ? ` ${t('bots.preview', { side: t(p.side), amount: p.amount, price: p.price, value: p.value, quote: bot.quote })}` +
          (p.pnl ? ` ${t('bots.previewPnl', { pnl: p.pnl, quote: bot.quote })}` : '') +
          (p.average_after ? ` ${t('bots.previewAverage', { price: p.average_after })}` : '')
        : '';
      if (!(await confirmDialog(confirm + detail))) return;
    }
    const res = await run().catch(() => undefined);
    if (res) showToast(res.msg);
    await client.invalidateQueries({ queryKey: botKeys.all });
  };
  const deal = bot.deal;
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
      <BotChart id={bot.id} />
      <section aria-label={t('bots.deal.title')} data-testid="bot-deal">
        <h2 className="section-title">{t('bots.deal.title')}</h2>
        {deal ? (
          <dl className="bot-grid">
            <dt>{t('bots.deal.average')}</dt>
            <dd data-testid="deal-average">{deal.average_price}</dd>
            <dt>{t('bots.deal.last')}</dt>
            <dd>{deal.last_price}</dd>
            <dt>{t('bots.deal.takeProfit')}</dt>
            <dd data-testid="deal-take-profit">{deal.take_profit_price}</dd>
            <dt>{deal.next_safety_price ? t('bots.deal.nextSafety') : t('bots.deal.allSafety')}</dt>
            <dd data-testid="deal-next-safety">{deal.next_safety_price || '-'}</dd>
            {deal.stop_loss_price && (
              <>
                <dt>{t('bots.deal.stopLoss')}</dt>
                <dd>{deal.stop_loss_price}</dd>
              </>
            )}
            <dt>{t('bots.deal.safety')}</dt>
            <dd data-testid="deal-safety">
              {deal.safety_filled}/{bot.max_safety}
            </dd>
            <dt>{t('bots.deal.size')}</dt>
            <dd>{deal.size}</dd>
            <dt>{t('bots.deal.cost')}</dt>
            <dd>
              {deal.cost} {bot.quote}
            </dd>
            <dt>{t('bots.deal.unrealized')}</dt>
            <dd className={signClass(deal.unrealized_pnl)} data-testid="deal-unrealized">
              {deal.unrealized_pnl} {bot.quote}
            </dd>
            <dt>{t('bots.deal.opened')}</dt>
            <dd>{new Date(deal.opened_at).toLocaleString()}</dd>
          </dl>
        ) : (
          <p className="order-row">{t('bots.noDeal')}</p>
        )}
      </section>
      <section aria-label={t('bots.settings')}>
        <h2 className="section-title">{t('bots.settings')}</h2>
        <dl className="bot-grid" data-testid="bot-settings">
          <dt>{t('bots.account')}</dt>
          <dd>{t(`accounts.${bot.account}`, { defaultValue: bot.account })}</dd>
          <dt>{t('bots.form.baseOrder')}</dt>
          <dd>{bot.base_order}</dd>
          <dt>{t('bots.form.safetyOrder')}</dt>
          <dd>{bot.safety_order}</dd>
          <dt>{t('bots.form.maxSafety')}</dt>
          <dd>{bot.max_safety}</dd>
          <dt>{t('bots.form.deviation')}</dt>
          <dd>{bot.deviation_percent}</dd>
          <dt>{t('bots.form.stepScale')}</dt>
          <dd>{bot.step_scale}</dd>
          <dt>{t('bots.form.volumeScale')}</dt>
          <dd>{bot.volume_scale}</dd>
          <dt>{t('bots.form.takeProfit')}</dt>
          <dd>{bot.take_profit_percent}</dd>
          <dt>{t('bots.form.stopLoss')}</dt>
          <dd>{Number(bot.stop_loss_percent) > 0 ? bot.stop_loss_percent : '-'}</dd>
        </dl>
        <p className="hint bot-hint">{t('bots.form.budget', { budget: bot.budget })}</p>
        <fieldset
          className="tf-picker bot-order-type"
          aria-label={t('bots.orderType.label')}
          data-testid="bot-order-type"
        >
          <span>{t('bots.orderType.label')}</span>
          {(['market', 'limit'] as const).map((o) => (
            <button
              type="button"
              key={o}
              aria-pressed={bot.order_type === o}
              onClick={() => void act(() => setOrderType(bot.id, o))}
              data-testid={`bot-order-type-${o}`}
            >
              {t(`bots.orderType.${o}`)}
            </button>
          ))}
        </fieldset>
        <p className="hint bot-hint">{t(`bots.orderType.hint.${bot.order_type}`)}</p>
      </section>
      <section aria-label={t('bots.orders')} data-testid="bot-orders">
        <h2 className="section-title">{t('bots.orders')}</h2>
        {orders.length === 0 && <p className="order-row">{t('bots.noOrders')}</p>}
        {orders.map((o) => (
          <div
            className="order-row"
            key={`${o.deal_id}-${o.kind}-${o.at}-${o.amount}`}
            data-testid={`bot-order-${o.kind}`}
          >
            <div className="top">
              <span className={o.side === 'buy' ? 'up-text' : 'down-text'}>
                {t(`bots.kind.${o.kind}`)} · {t(o.side)}
              </span>
              <span>{new Date(o.at).toLocaleString()}</span>
            </div>
            <span>
              {o.amount} @ {o.price} · {t('bots.orderFee', { fee: o.fee })}
            </span>
          </div>
        ))}
      </section>
    </>
  );
}
