import type { ResponseOf } from '@mp/contract';
import type { checkBot } from '@mp/contract/web';
import { useTranslation } from 'react-i18next';
import { type Bot, setOrderType } from '../api.ts';
import { signClass } from './BotSummary.tsx';
import { When } from '../../../components/When.tsx';
import { Money } from '../../../components/Money.tsx';
import { formatPrice } from '../../../lib/price.ts';

export type BotOrder = ResponseOf<typeof checkBot>['orders'][number];
/** Runs a bot action (asking first when `confirm` is given, with the server's `preview` figures), then refreshes. */
export type BotAct = (
  run: () => Promise<{ msg: string }>,
  confirm?: string,
  preview?: 'close' | 'entry' | 'reverse',
) => Promise<void>;

/** The open deal's prices, safety orders, size and result (or a line saying there is none). */
export function BotDeal({ bot }: { bot: Bot }) {
  const { t } = useTranslation('trading');
  const deal = bot.deal;
  return (
    <section aria-label={t('bots.deal.title')} data-testid="bot-deal">
      <h2 className="section-title">{t('bots.deal.title')}</h2>
      {deal ? (
        <dl className="bot-grid">
          <dt>{t('bots.deal.average')}</dt>
          <dd data-testid="deal-average">{formatPrice(deal.average_price)}</dd>
          <dt>{t('bots.deal.last')}</dt>
          <dd>{formatPrice(deal.last_price)}</dd>
          <dt>{t('bots.deal.takeProfit')}</dt>
          <dd data-testid="deal-take-profit">{formatPrice(deal.take_profit_price)}</dd>
          <dt>{deal.next_safety_price ? t('bots.deal.nextSafety') : t('bots.deal.allSafety')}</dt>
          <dd data-testid="deal-next-safety">
            {deal.next_safety_price ? formatPrice(deal.next_safety_price) : '-'}
          </dd>
          {deal.stop_loss_price && (
            <>
              <dt>{t('bots.deal.stopLoss')}</dt>
              <dd>{formatPrice(deal.stop_loss_price)}</dd>
            </>
          )}
          <dt>{t('bots.deal.safety')}</dt>
          <dd data-testid="deal-safety">
            {deal.safety_filled}/{bot.max_safety}
          </dd>
          <dt>{t('bots.deal.size')}</dt>
          <dd data-exact>{formatPrice(deal.size)}</dd>
          <dt>{t('bots.deal.cost')}</dt>
          <dd>
            <Money value={deal.cost} asset={bot.quote} />
          </dd>
          <dt>{t('bots.deal.unrealized')}</dt>
          <dd className={signClass(deal.unrealized_pnl)} data-testid="deal-unrealized">
            <Money value={deal.unrealized_pnl} asset={bot.quote} />
          </dd>
          <dt>{t('bots.deal.opened')}</dt>
          <dd>
            <When at={deal.opened_at} />
          </dd>
        </dl>
      ) : (
        <p className="order-row">{t('bots.noDeal')}</p>
      )}
    </section>
  );
}

/** The bot's settings, its budget, and the market / limit choice for its orders (changeable here). */
export function BotSettingsSection({ bot, act }: { bot: Bot; act: BotAct }) {
  const { t } = useTranslation('trading');
  return (
    <section aria-label={t('bots.settings')}>
      <h2 className="section-title">{t('bots.settings')}</h2>
      <dl className="bot-grid" data-testid="bot-settings">
        <dt>{t('bots.account')}</dt>
        <dd>{t(`accounts.${bot.account}`, { defaultValue: bot.account })}</dd>
        <dt>{t('bots.form.baseOrder')}</dt>
        <dd>{formatPrice(bot.base_order)}</dd>
        <dt>{t('bots.form.safetyOrder')}</dt>
        <dd>{formatPrice(bot.safety_order)}</dd>
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
      <p className="hint bot-hint">{t('bots.form.budget', { budget: formatPrice(bot.budget) })}</p>
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
  );
}

/** The orders of the bot's recent deals. */
export function BotOrders({ orders }: { orders: BotOrder[] }) {
  const { t } = useTranslation('trading');
  return (
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
            <When at={o.at} kind="relative" />
          </div>
          <span>
            {formatPrice(o.amount)} @ {formatPrice(o.price)} ·{' '}
            {t('bots.orderFee', { fee: formatPrice(o.fee) })}
          </span>
        </div>
      ))}
    </section>
  );
}
