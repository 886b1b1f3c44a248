import { useTranslation } from 'react-i18next';
import type { Bot } from '../api.ts';
import { Money } from '../../../components/Money.tsx';

export const signClass = (v: string) => (v.startsWith('-') ? 'down-text' : 'up-text');

/** A bot's one-line identity: pair, market (with leverage), direction and state. */
export function BotTitle({ bot }: { bot: Bot }) {
  const { t } = useTranslation('trading');
  return (
    <div className="top">
      <strong>
        {bot.name} · {bot.symbol}
      </strong>
      <span className={`bot-state ${bot.state}`} data-testid={`bot-state-${bot.id}`}>
        {t(`bots.state.${bot.state}`)}
      </span>
    </div>
  );
}

/** The bot's market and result: spot or perpetual (leverage), direction, closed deals and profit. */
export function BotFigures({ bot }: { bot: Bot }) {
  const { t } = useTranslation('trading');
  return (
    <span>
      {t(`perp.kind.${bot.market}`)}
      {bot.market === 'perp' && ` ${bot.leverage}x`} ·{' '}
      <span className={bot.direction === 'long' ? 'up-text' : 'down-text'}>
        {t(`bots.direction.${bot.direction}`)}
      </span>{' '}
      · {t('bots.dealsClosed', { count: bot.deals_closed })} · {t('bots.profit')}{' '}
      <span className={signClass(bot.profit)} data-testid={`bot-profit-${bot.id}`}>
        <Money value={bot.profit} asset={bot.quote} />
      </span>
    </span>
  );
}
