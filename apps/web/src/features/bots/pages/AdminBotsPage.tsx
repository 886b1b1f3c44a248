import { Button } from 'antd-mobile';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLayout } from '../../../components/PageLayout.tsx';
import { LoadingBlock } from '../../../components/PageStates.tsx';
import { confirmDialog, showToast } from '../../../lib/feedback.ts';
import { adminBotsQuery, botKeys, switchBots } from '../api.ts';
import { signClass } from '../components/BotSummary.tsx';
import '../../trading/trading.css';
import '../bots.css';
import { formatFigure } from '../../../lib/price.ts';

/** `/pages/admin/bots`: running bots and bots in error by exchange; pause every bot, or stop one member's bots. */
export default function AdminBotsPage() {
  const { t } = useTranslation('trading');
  const client = useQueryClient();
  const { data } = useQuery(adminBotsQuery);
  const [member, setMember] = useState('');
  const [fee, setFee] = useState<string | undefined>();
  const [days, setDays] = useState<string | undefined>();
  if (!data) return <LoadingBlock />;

  const run = async (
    input: { enabled?: boolean; stop_member?: string; fee?: string; days?: number },
    confirm?: string,
  ) => {
    if (confirm && !(await confirmDialog(confirm))) return;
    const res = await switchBots(input).catch(() => undefined);
    if (res) showToast(res.msg);
    await client.invalidateQueries({ queryKey: botKeys.all });
  };
  return (
    <PageLayout title={t('routes:/pages/admin/bots')} testId="admin-bots-page">
      <section className="balance-grid">
        <strong data-testid="bots-switch-state">
          {data.enabled ? t('bots.admin.enabled') : t('bots.admin.paused')}
        </strong>
        <span data-testid="bots-running-count">{t('bots.admin.running', { count: data.running })}</span>
        {data.enabled ? (
          <Button
            color="danger"
            onClick={() => void run({ enabled: false }, t('bots.admin.pauseConfirm'))}
            data-testid="bots-pause"
          >
            {t('bots.admin.pause')}
          </Button>
        ) : (
          <Button color="primary" onClick={() => void run({ enabled: true })} data-testid="bots-resume">
            {t('bots.admin.resume')}
          </Button>
        )}
      </section>
      <form
        className="order-form"
        onSubmit={(e) => {
          e.preventDefault();
          const userid = member.trim();
          if (userid) void run({ stop_member: userid }, t('bots.admin.stopConfirm', { userid }));
        }}
      >
        <label>
          {t('bots.admin.stopMember')}
          <input
            id="bots-stop-member"
            value={member}
            placeholder={t('bots.admin.member')}
            onChange={(e) => setMember(e.target.value)}
          />
        </label>
        <Button type="submit" block data-testid="bots-stop-member">
          {t('bots.admin.stop')}
        </Button>
      </form>
      <form
        className="order-form"
        onSubmit={(e) => {
          e.preventDefault();
          void run({ fee: (fee ?? data.fee).trim(), days: Number(days ?? data.days) });
        }}
        data-testid="bots-subscription-form"
      >
        <strong>{t('bots.admin.subscription')}</strong>
        <span className="hint">{t('bots.admin.subscriptionHint')}</span>
        <label>
          {t('bots.admin.fee')}
          <input
            id="bots-fee"
            inputMode="decimal"
            value={fee ?? data.fee}
            onChange={(e) => setFee(e.target.value)}
          />
        </label>
        <label>
          {t('bots.admin.days')}
          <input
            id="bots-days"
            inputMode="numeric"
            value={days ?? String(data.days)}
            onChange={(e) => setDays(e.target.value)}
          />
        </label>
        <Button type="submit" block data-testid="bots-subscription-save">
          {t('bots.admin.save')}
        </Button>
      </form>
      <h2 className="section-title">{t('bots.admin.errors')}</h2>
      {data.errors.length === 0 && <p className="order-row">{t('bots.admin.noErrors')}</p>}
      {data.errors.map((e) => (
        <div className="order-row" key={`${e.venue}-${e.error}`}>
          <div className="top">
            <strong>{e.venue}</strong>
            <span>{e.bots}</span>
          </div>
          <span className="down-text">{e.error}</span>
        </div>
      ))}
      <h2 className="section-title">{t('bots.admin.list')}</h2>
      {data.list.length === 0 && <p className="order-row">{t('bots.admin.none')}</p>}
      {data.list.map((b) => (
        <div className="order-row" key={b.id} data-testid={`admin-bot-${b.id}`}>
          <div className="top">
            <strong>
              {b.userid} · {b.symbol} · {t(`perp.kind.${b.market}`)}
            </strong>
            <span className={`bot-state ${b.state}`}>{t(`bots.state.${b.state}`)}</span>
          </div>
          <span>
            {b.venue} · {t('bots.profit')}{' '}
            <span className={signClass(b.profit)}>{formatFigure(b.profit, 'USDT')}</span>
          </span>
          {b.error && <span className="down-text">{b.error}</span>}
        </div>
      ))}
    </PageLayout>
  );
}
