import type { ResponseOf } from '@mp/contract';
import type { botBalance, botCheckApi, botSteps } from '@mp/contract/web';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadingBlock } from '../../../components/PageStates.tsx';
import type { Bot } from '../api.ts';
import { signClass } from './BotSummary.tsx';
import { sumAmounts } from '../../../lib/money.ts';
import { Money } from '../../../components/Money.tsx';

const STEP_LINKS = {
  kyc: '/pages/home/NameVerification',
  subscription: '',
  account: '/pages/trade/exchanges',
  funds: '/pages/trade/test',
} as const;

/**
 * What is left to do before a bot can run, each with a link to do it; for an exchange account, whether its
 * stored key still works.
 */
export function BotSteps({
  steps,
  apiKey,
}: {
  steps: ResponseOf<typeof botSteps> | undefined;
  /** The key check, for an exchange account only. */
  apiKey: ResponseOf<typeof botCheckApi> | undefined;
}) {
  const { t } = useTranslation('trading');
  return (
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
          {apiKey && (
            <li data-testid="bot-key-check">
              <span className={apiKey.valid ? 'done' : 'down-text'}>
                {apiKey.valid ? `✓ ${t('bots.keyValid', { venue: apiKey.venue })}` : `✗ ${apiKey.message}`}
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
  );
}

/** The chosen account's funds beside what running bots keep. */
export function BotBalance({ balance }: { balance: ResponseOf<typeof botBalance> }) {
  const { t } = useTranslation('trading');
  return (
    <section className="balance-grid" aria-label={t('bots.balance.title')} data-testid="bot-balance">
      <strong>{t('bots.balance.title')}</strong>
      {(['free', 'used', 'committed', 'available'] as const).map((k) => (
        <div className="line" key={k}>
          <span>{t(`bots.balance.${k}`)}</span>
          <Money value={balance[k]} asset={balance.quote} testId={`bot-balance-${k}`} />
        </div>
      ))}
    </section>
  );
}

/** The member's bots together: how many run, the deals they closed and their profit. */
export function BotsSummary({ bots }: { bots: Bot[] | undefined }) {
  const { t } = useTranslation('trading');
  const running = bots?.filter((b) => b.state === 'running').length ?? 0;
  // Exact, at an exchange's 12 decimals; the list shows it in cents.
  const profit = sumAmounts(
    (bots ?? []).map((b) => b.profit),
    12,
  );
  const closed = (bots ?? []).reduce((sum, b) => sum + b.deals_closed, 0);
  return (
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
        <span className={signClass(profit)}>
          <Money value={profit} asset="USDT" />
        </span>
      </div>
    </section>
  );
}

/** The ways into bots, the market, exchange accounts, the demo account and copy trading. */
export function BotsLinks({ account }: { account: string }) {
  const { t } = useTranslation('trading');
  return (
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
  );
}
