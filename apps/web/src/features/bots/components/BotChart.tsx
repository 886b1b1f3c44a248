import { CANDLE_SECONDS } from '@mp/contract/web';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { CandleChart } from '../../trading/components/CandleChart.tsx';
import { botChartQuery } from '../api.ts';

/** The bot's market in 5-minute candles, with its orders marked and its open deal's levels drawn. */
export function BotChart({ id }: { id: string }) {
  const { t } = useTranslation('trading');
  const { data } = useQuery(botChartQuery(id));
  const marks = useMemo(
    () => data?.marks.map((m) => ({ at: m.at, side: m.side, text: t(`bots.mark.${m.kind}`) })) ?? [],
    [data, t],
  );
  const lines = useMemo(() => {
    if (!data) return [];
    const l = data.levels;
    return [
      { price: l.average, title: t('bots.mark.average'), color: '#1677ff' },
      { price: l.take_profit, title: t('bots.mark.take_profit'), color: '#0b7a3e' },
      { price: l.next_safety, title: t('bots.mark.safety'), color: '#d48806' },
      { price: l.stop_loss, title: t('bots.mark.stop_loss'), color: '#c62828' },
    ];
  }, [data, t]);
  if (!data || data.candles.length === 0) return null;
  return (
    <section aria-label={t('bots.chart')} data-testid="bot-chart">
      <CandleChart rows={data.candles} span={CANDLE_SECONDS['5m']} marks={marks} lines={lines} />
    </section>
  );
}
