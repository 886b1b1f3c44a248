import { Button } from 'antd-mobile';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { TxPasswordSheet } from '../../../components/TxPasswordSheet.tsx';
import { showAlert, showToast } from '../../../lib/feedback.ts';
import { useTxSubmit } from '../../../lib/useTxSubmit.ts';
import { botKeys, subscribe } from '../api.ts';
import { formatDate } from '../../../lib/format.ts';
import { formatFigure, formatPrice } from '../../../lib/price.ts';

type Subscription = { fee: string; days: number; paid_until: string; active: boolean };

/** The bot subscription, while the operator charges for bots: its state, and paying it from the trading wallet. */
export function SubscriptionPanel({ subscription }: { subscription: Subscription }) {
  const { t } = useTranslation('trading');
  const client = useQueryClient();
  const flow = useTxSubmit<Awaited<ReturnType<typeof subscribe>>>({
    onSuccess: (res) => {
      showToast(res.msg);
      void client.invalidateQueries({ queryKey: botKeys.all });
    },
  });
  const { outcome, backToForm } = flow;
  useEffect(() => {
    if (outcome.state === 'error') void showAlert(outcome.message).then(backToForm);
  }, [outcome, backToForm]);
  if (subscription.fee === '0') return null;
  const until = subscription.paid_until ? formatDate(subscription.paid_until) : '';
  return (
    <section
      className="balance-grid"
      aria-label={t('bots.subscription.title')}
      data-testid="bot-subscription"
    >
      <strong>{t('bots.subscription.title')}</strong>
      <span data-testid="bot-subscription-state" className={subscription.active ? 'up-text' : 'down-text'}>
        {subscription.active
          ? t('bots.subscription.activeUntil', { date: until })
          : until
            ? t('bots.subscription.ended', { date: until })
            : t('bots.subscription.none')}
      </span>
      <Button
        color="primary"
        size="small"
        onClick={() =>
          flow.review({ fee: subscription.fee }, (secrets, key) => subscribe(secrets.tx_password, key))
        }
        data-testid="bot-subscribe"
      >
        {subscription.active
          ? t('bots.subscription.renew', {
              fee: formatFigure(subscription.fee, 'USDT', 'up'),
              days: subscription.days,
            })
          : t('bots.subscription.pay', {
              fee: formatFigure(subscription.fee, 'USDT', 'up'),
              days: subscription.days,
            })}
      </Button>
      <TxPasswordSheet
        {...flow.sheet}
        testId="bot-subscribe-sheet"
        summary={
          <p>
            {t('bots.subscription.confirm', { fee: formatPrice(subscription.fee), days: subscription.days })}
          </p>
        }
      />
    </section>
  );
}
