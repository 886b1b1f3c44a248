import { Button } from 'antd-mobile';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmDialog, showToast } from '../../../lib/feedback.ts';
import { newIdempotencyKey } from '../../../lib/submissionKey.ts';
import { closePositionAt, positionsQuery, tradingKeys } from '../api.ts';
import { formatFigure, formatPrice } from '../../../lib/price.ts';

const signClass = (v: string) => (v.startsWith('-') ? 'down-text' : 'up-text');

/** The account's open perpetual positions: size, entry, mark, liquidation price, margin and profit; close at market. */
export function Positions({ account }: { account: string }) {
  const { t } = useTranslation('trading');
  const client = useQueryClient();
  const { data } = useQuery({ ...positionsQuery(account), refetchInterval: 3000 });
  // One key per position close, kept across a retry of the same close.
  const keys = useRef(new Map<string, string>());
  const list = data?.list ?? [];
  const close = async (symbol: string) => {
    if (!(await confirmDialog(t('perp.closeConfirm', { symbol })))) return;
    const key = keys.current.get(symbol) ?? newIdempotencyKey();
    keys.current.set(symbol, key);
    const res = await closePositionAt(account, symbol, key).catch(() => undefined);
    if (res) {
      keys.current.delete(symbol);
      showToast(res.msg);
    }
    await client.invalidateQueries({ queryKey: tradingKeys.all });
  };
  return (
    <section aria-label={t('perp.positions')} data-testid="positions">
      <h2 className="section-title">{t('perp.positions')}</h2>
      {list.length === 0 && <p className="order-row">{t('perp.noPositions')}</p>}
      {list.map((p) => (
        <div className="order-row" key={p.symbol} data-testid={`position-${p.symbol}`}>
          <div className="top">
            <span className={p.side === 'long' ? 'up-text' : 'down-text'}>
              {t(`perp.${p.side}`)} {p.symbol} · {p.leverage}x
            </span>
            <Button size="mini" onClick={() => void close(p.symbol)} data-testid={`close-${p.symbol}`}>
              {t('perp.close')}
            </Button>
          </div>
          <dl className="position-grid">
            <dt>{t('perp.size')}</dt>
            <dd>{formatPrice(p.contracts)}</dd>
            <dt>{t('perp.entry')}</dt>
            <dd>{formatPrice(p.entry_price)}</dd>
            <dt>{t('perp.mark')}</dt>
            <dd>{formatPrice(p.mark_price)}</dd>
            <dt>{t('perp.liquidation')}</dt>
            <dd data-testid={`liq-${p.symbol}`}>
              {p.liquidation_price ? formatPrice(p.liquidation_price) : '-'}
            </dd>
            <dt>{t('perp.margin')}</dt>
            <dd>{formatFigure(p.margin, 'USDT')}</dd>
            <dt>{t('perp.unrealized')}</dt>
            <dd className={signClass(p.unrealized_pnl)} data-testid={`upnl-${p.symbol}`}>
              {formatFigure(p.unrealized_pnl, 'USDT')} ({p.roe_percent}%)
            </dd>
            {p.funding !== '' && (
              <>
                <dt>{t('perp.funding')}</dt>
                <dd className={signClass(p.funding)}>{formatFigure(p.funding, 'USDT')}</dd>
              </>
            )}
          </dl>
        </div>
      ))}
    </section>
  );
}
