import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router';
import { Money } from '../../../components/Money.tsx';
import { PageLayout } from '../../../components/PageLayout.tsx';
import { formatPrice } from '../../../lib/price.ts';
import { EmptyBlock } from '../../../components/PageStates.tsx';
import { PagedList } from '../../../components/PagedList.tsx';
import { fetchFills, fetchOrderHistory, tradingKeys } from '../api.ts';
import '../trading.css';
import { When } from '../../../components/When.tsx';

/** Fills (`/pages/trade/Recordtx`, the demo's `demo4`) or ended orders with profit (`/pages/trade/History`). */
export default function RecordsPage() {
  const { t } = useTranslation('trading');
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const account = params.get('account') ?? 'demo';
  const orders = pathname.endsWith('/History');
  const title = t(`routes:${pathname}`);
  if (orders)
    return (
      <PageLayout title={title} testId="trade-history-page">
        <PagedList
          queryKey={tradingKeys.orders(account)}
          fetchPage={fetchOrderHistory(account)}
          itemKey={(o) => o.order_id}
          empty={<EmptyBlock text={t('noRecords')} testId="trade-history-empty" />}
          testId="trade-history-list"
          renderItem={(o) => (
            <div className="order-row" data-testid={`history-${o.order_id}`}>
              <div className="top">
                <span className={o.side === 'buy' ? 'up-text' : 'down-text'}>
                  {t(`side.${o.side}`)} {o.symbol} · {t(o.type)}
                  {o.market === 'perp' && ` · ${t('perp.tag')} ${o.leverage}x`}
                </span>
                <span>{o.reason === 'liquidation' ? t('perp.liquidated') : t(`state.${o.state}`)}</span>
              </div>
              <span>
                {/* Quantity and price at the market's steps, every digit (data-exact: the figures check passes it). */}
                <span data-exact>
                  {formatPrice(o.filled)}/{formatPrice(o.amount)} @ {formatPrice(o.avg_price || o.price)}
                </span>{' '}
                · {t('fees')} <Money value={o.fee} asset={o.fee_asset} round="up" />
              </span>
              {o.pnl && (
                <span className={o.pnl.startsWith('-') ? 'down-text' : 'up-text'}>
                  {t('pnl')} <Money value={o.pnl} asset={o.fee_asset} />
                </span>
              )}
              <When at={o.updated_at} kind="relative" />
            </div>
          )}
        />
      </PageLayout>
    );
  return (
    <PageLayout title={title} testId="trade-records-page">
      <PagedList
        queryKey={tradingKeys.fills(account)}
        fetchPage={fetchFills(account)}
        itemKey={(f) => `${f.order_id}-${f.at}`}
        empty={<EmptyBlock text={t('noRecords')} testId="trade-records-empty" />}
        testId="trade-records-list"
        renderItem={(f) => (
          <div className="order-row" data-testid={`fill-${f.order_id}`}>
            <div className="top">
              <span className={f.side === 'buy' ? 'up-text' : 'down-text'}>
                {t(`side.${f.side}`)} {f.symbol}
                {f.market === 'perp' && ` · ${t('perp.tag')}`}
                {f.reason === 'liquidation' && ` · ${t('perp.liquidated')}`}
              </span>
              <When at={f.at} kind="relative" />
            </div>
            <span>
              {/* Quantity and price at the market's steps, every digit. */}
              <span data-exact>
                {formatPrice(f.amount)} @ {formatPrice(f.price)}
              </span>{' '}
              · {t('fees')} <Money value={f.fee} asset={f.fee_asset} round="up" />
            </span>
            {f.pnl && (
              <span className={f.pnl.startsWith('-') ? 'down-text' : 'up-text'}>
                {t('pnl')} <Money value={f.pnl} asset={f.fee_asset} />
              </span>
            )}
          </div>
        )}
      />
    </PageLayout>
  );
}
