import { LineSeries, createChart, type UTCTimestamp } from 'lightweight-charts';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageLayout } from '../../../components/PageLayout.tsx';
import { LoadingBlock } from '../../../components/PageStates.tsx';
import { boardQuery } from '../api.ts';
import '../trading.css';
import { formatFigure } from '../../../lib/price.ts';

function EquityChart({ curve }: { curve: { at: string; equity: string }[] }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!box.current) return;
    const c = createChart(box.current, { autoSize: true, layout: { attributionLogo: false } });
    const line = c.addSeries(LineSeries, { color: '#ffaa00', lineWidth: 2 });
    const points = new Map<number, number>();
    for (const p of curve) points.set(Math.floor(Date.parse(p.at) / 1000), Number(p.equity));
    line.setData(
      [...points].sort((a, b) => a[0] - b[0]).map(([time, value]) => ({ time: time as UTCTimestamp, value })),
    );
    c.timeScale().fitContent();
    return () => c.remove();
  }, [curve]);
  return <div className="equity-chart" ref={box} data-testid="equity-chart" />;
}

/** Results of an account (`/pages/trade/tradeboard`): equity, profit, fees, trades and the equity curve. */
export default function BoardPage() {
  const { t } = useTranslation('trading');
  const [params] = useSearchParams();
  const account = params.get('account') ?? 'demo';
  const { data } = useQuery(boardQuery(account));
  return (
    <PageLayout title={t('routes:/pages/trade/tradeboard')} testId="board-page">
      {!data ? (
        <LoadingBlock />
      ) : (
        <>
          <section className="balance-grid">
            <span>{t('equity')} (USDT)</span>
            <span className="big-figure" data-testid="board-equity">
              {formatFigure(data.equity, 'USDT')}
            </span>
            <div className="line">
              <span>{t('pnl')}</span>
              <span className={data.pnl.startsWith('-') ? 'down-text' : 'up-text'} data-testid="board-pnl">
                {formatFigure(data.pnl, 'USDT')} ({data.pnl_percent}%)
              </span>
            </div>
            <div className="line">
              <span>{t('realized')}</span>
              <span>{formatFigure(data.realized, 'USDT')}</span>
            </div>
            <div className="line">
              <span>{t('fees')}</span>
              <span>{formatFigure(data.fees, 'USDT', 'up')}</span>
            </div>
            <div className="line">
              <span>{t('trades')}</span>
              <span data-testid="board-trades">{data.trades}</span>
            </div>
            <div className="line">
              <span>{t('winRate')}</span>
              <span>
                {data.wins}/{data.sells}
              </span>
            </div>
          </section>
          <h2 className="section-title">{t('equityCurve')}</h2>
          <EquityChart curve={data.curve} />
        </>
      )}
    </PageLayout>
  );
}
