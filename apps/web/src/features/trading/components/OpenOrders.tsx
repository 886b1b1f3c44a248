import { Button } from 'antd-mobile';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { confirmDialog, showToast } from '../../../lib/feedback.ts';
import { cancelOrder, openOrdersQuery, tradingKeys } from '../api.ts';
import { When } from '../../../components/When.tsx';
import { formatPrice } from '../../../lib/price.ts';

export function OpenOrders({ account }: { account: string }) {
  const { t } = useTranslation('trading');
  const client = useQueryClient();
  const { data } = useQuery({ ...openOrdersQuery(account), refetchInterval: 5000 });
  const list = data?.list ?? [];
  const cancel = async (id: string) => {
    if (!(await confirmDialog(t('cancelConfirm')))) return;
    const res = await cancelOrder(id).catch(() => undefined);
    if (res) showToast(res.msg);
    await client.invalidateQueries({ queryKey: tradingKeys.all });
  };
  return (
    <section aria-label={t('openOrders')} data-testid="open-orders">
      <h2 className="section-title">{t('openOrders')}</h2>
      {list.length === 0 && <p className="order-row">{t('noOpenOrders')}</p>}
      {list.map((o) => (
        <div
          className="order-row"
          key={o.order_id || `${o.symbol}-${o.created_at}`}
          data-testid={`open-order-${o.order_id}`}
        >
          <div className="top">
            <span className={o.side === 'buy' ? 'up-text' : 'down-text'}>
              {t(`side.${o.side}`)} {o.symbol} · {t(o.type)}
            </span>
            {o.order_id && (
              <Button
                size="mini"
                onClick={() => void cancel(o.order_id)}
                data-testid={`cancel-${o.order_id}`}
              >
                {t('cancel')}
              </Button>
            )}
          </div>
          <span>
            {/* Quantity and price at the market's steps, every digit (data-exact: the figures check passes it). */}
            <span data-exact>
              {formatPrice(o.amount)} @ {formatPrice(o.price)}
            </span>{' '}
            · <When at={o.created_at} kind="relative" />
          </span>
        </div>
      ))}
    </section>
  );
}
