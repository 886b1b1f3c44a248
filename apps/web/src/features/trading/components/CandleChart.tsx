import {
  CandlestickSeries,
  createChart,
  createSeriesMarkers,
  type IChartApi,
  type IPriceLine,
  type ISeriesApi,
  type ISeriesMarkersPluginApi,
  type Time,
  type UTCTimestamp,
} from 'lightweight-charts';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

type Row = [number, string, string, string, string, string];
/** A point on the chart: a buy (below the candle) or a sell (above), with its label. */
export type ChartMark = { at: number; side: 'buy' | 'sell'; text: string };
/** A horizontal price line with its title. */
export type ChartLine = { price: string; title: string; color: string };

/**
 * Candles of one market (lightweight-charts); `last` moves the forming candle as ticks arrive. `marks` (orders)
 * and `lines` (levels such as a take profit) are drawn over the candles.
 */
export function CandleChart({
  rows,
  last,
  span,
  marks,
  lines,
}: {
  rows: Row[];
  last?: string;
  span: number;
  marks?: ChartMark[];
  lines?: ChartLine[];
}) {
  const { t } = useTranslation('trading');
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<IChartApi | null>(null);
  const series = useRef<ISeriesApi<'Candlestick'> | null>(null);
  const tail = useRef<{ time: number; open: number; high: number; low: number; close: number } | null>(null);
  const markers = useRef<ISeriesMarkersPluginApi<Time> | null>(null);

  useEffect(() => {
    if (!box.current) return;
    const c = createChart(box.current, {
      autoSize: true,
      layout: { background: { color: '#ffffff' }, textColor: '#333', attributionLogo: false },
      grid: { vertLines: { color: '#f0f0f0' }, horzLines: { color: '#f0f0f0' } },
      timeScale: { timeVisible: true, secondsVisible: false },
    });
    chart.current = c;
    series.current = c.addSeries(CandlestickSeries, {
      upColor: '#0b7a3e',
      downColor: '#c62828',
      borderVisible: false,
      wickUpColor: '#0b7a3e',
      wickDownColor: '#c62828',
    });
    return () => {
      c.remove();
      chart.current = null;
      series.current = null;
      markers.current = null;
    };
  }, []);

  useEffect(() => {
    const s = series.current;
    if (!s || !marks) return;
    // Each mark at the candle it falls in, in time order (the library wants them sorted).
    const list = marks
      .map((m) => ({
        time: (m.at - (m.at % span)) as UTCTimestamp,
        position: m.side === 'buy' ? ('belowBar' as const) : ('aboveBar' as const),
        color: m.side === 'buy' ? '#0b7a3e' : '#c62828',
        shape: m.side === 'buy' ? ('arrowUp' as const) : ('arrowDown' as const),
        text: m.text,
      }))
      .sort((a, b) => a.time - b.time);
    markers.current ??= createSeriesMarkers(s, []);
    markers.current.setMarkers(list);
  }, [marks, span]);

  useEffect(() => {
    const s = series.current;
    if (!s || !lines) return;
    const made: IPriceLine[] = lines
      .filter((l) => l.price !== '')
      .map((l) =>
        s.createPriceLine({ price: Number(l.price), color: l.color, title: l.title, lineWidth: 1 }),
      );
    return () => {
      for (const line of made) s.removePriceLine(line);
    };
  }, [lines]);

  useEffect(() => {
    const bars = rows.map((r) => ({
      time: r[0] as UTCTimestamp,
      open: +r[1],
      high: +r[2],
      low: +r[3],
      close: +r[4],
    }));
    series.current?.setData(bars);
    tail.current = bars.at(-1) ?? null;
    chart.current?.timeScale().scrollToRealTime();
  }, [rows]);

  useEffect(() => {
    if (!last || !series.current || !tail.current) return;
    const price = Number(last);
    const now = Math.floor(Date.now() / 1000);
    const time = now - (now % span);
    const bar =
      time > tail.current.time
        ? { time, open: tail.current.close, high: price, low: price, close: price }
        : {
            ...tail.current,
            high: Math.max(tail.current.high, price),
            low: Math.min(tail.current.low, price),
            close: price,
          };
    if (bar.time < tail.current.time) return;
    tail.current = bar;
    series.current.update({ ...bar, time: bar.time as UTCTimestamp });
  }, [last, span]);

  return (
    <>
      <div
        className="chart-box"
        ref={box}
        data-testid="candle-chart"
        role="img"
        aria-label={t('timeframe')}
      />
      <p className="chart-credit">
        <a href="https://www.tradingview.com/" target="_blank" rel="noreferrer">
          {t('chartAttribution')}
        </a>
      </p>
    </>
  );
}
