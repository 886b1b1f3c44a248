import { EXCHANGE_IDS } from '@mp/contract/web';
import { Button } from 'antd-mobile';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLayout } from '../../../components/PageLayout.tsx';
import { LoadingBlock } from '../../../components/PageStates.tsx';
import { showToast } from '../../../lib/feedback.ts';
import { adminMarketQuery, saveMarketSettings, tradingKeys } from '../api.ts';
import '../trading.css';
import { formatDateTime } from '../../../lib/format.ts';

const NUMBER_FIELDS = {
  fee_bps: 'feeBps',
  spread_bps: 'spreadBps',
  slippage_bps: 'slippageBps',
  funding_bps: 'fundingBps',
  start_balance: 'startBalance',
} as const;

/** The operator's market settings: price source and exchange, listed markets, paper fees and starting balance. */
export default function AdminMarketPage() {
  const { t } = useTranslation('trading');
  const client = useQueryClient();
  const { data } = useQuery(adminMarketQuery);
  const [form, setForm] = useState<Record<string, string>>({});
  useEffect(() => {
    if (data)
      setForm({
        source: data.source,
        exchange: data.exchange,
        symbols: data.symbols.join(','),
        fee_bps: String(data.fee_bps),
        spread_bps: String(data.spread_bps),
        slippage_bps: String(data.slippage_bps),
        funding_bps: String(data.funding_bps),
        start_balance: data.start_balance,
      });
  }, [data]);
  if (!data) return <LoadingBlock />;
  const set = (k: string) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [k]: e.target.value }));
  const save = async () => {
    const res = await saveMarketSettings({
      source: form.source as 'simulated' | 'live',
      exchange: form.exchange as 'binance',
      symbols: form.symbols,
      fee_bps: Number(form.fee_bps),
      spread_bps: Number(form.spread_bps),
      slippage_bps: Number(form.slippage_bps),
      funding_bps: Number(form.funding_bps),
      start_balance: form.start_balance,
    }).catch(() => undefined);
    if (res) showToast(res.msg);
    await client.invalidateQueries({ queryKey: tradingKeys.all });
  };
  return (
    <PageLayout title={t('admin.title')} testId="admin-market-page">
      <form
        className="order-form"
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <p className="hint" data-testid="feed-status">
          {t('admin.feedLive', { state: data.feed.live ? t('admin.yes') : t('admin.no') })} ·{' '}
          {t('admin.lastTick', {
            at: data.feed.last_tick_at ? formatDateTime(data.feed.last_tick_at) : '-',
          })}
          {data.feed.error ? ` · ${t('admin.feedError', { error: data.feed.error })}` : ''}
        </p>
        <label>
          {t('admin.source')}
          <select id="market-source" value={form.source} onChange={set('source')}>
            <option value="simulated">{t('admin.simulated')}</option>
            <option value="live">{t('admin.live')}</option>
          </select>
        </label>
        <label>
          {t('admin.exchange')}
          <select id="market-exchange" value={form.exchange} onChange={set('exchange')}>
            {EXCHANGE_IDS.map((x) => (
              <option key={x}>{x}</option>
            ))}
          </select>
        </label>
        <label>
          {t('admin.symbols')}
          <input id="market-symbols" value={form.symbols ?? ''} onChange={set('symbols')} />
          <span className="hint">{data.known_symbols.join(', ')}</span>
        </label>
        {Object.entries(NUMBER_FIELDS).map(([k, label]) => (
          <label key={k}>
            {t(`admin.${label}`)}
            <input id={`market-${k}`} inputMode="decimal" value={form[k] ?? ''} onChange={set(k)} />
          </label>
        ))}
        <Button type="submit" color="primary" block data-testid="market-save">
          {t('admin.save')}
        </Button>
      </form>
    </PageLayout>
  );
}
