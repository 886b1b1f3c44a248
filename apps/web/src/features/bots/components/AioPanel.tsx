import { Button } from 'antd-mobile';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmDialog, showToast } from '../../../lib/feedback.ts';
import { aioOff, aioQuery, botKeys, saveAio } from '../api.ts';
import { formatFigure } from '../../../lib/price.ts';
import { Money } from '../../../components/Money.tsx';

/**
 * The all-in-one mode of an account: one budget over all its running bots (several pairs under one budget). A bot
 * whose deal would not fit in what is left does not start; turning the mode off stops the account's bots.
 */
export function AioPanel({ account }: { account: string }) {
  const { t } = useTranslation('trading');
  const client = useQueryClient();
  const { data } = useQuery(aioQuery(account));
  const [budget, setBudget] = useState('');
  useEffect(() => setBudget(data?.budget ?? ''), [data?.budget]);
  if (!data) return null;
  const refresh = () => client.invalidateQueries({ queryKey: botKeys.all });
  const save = async () => {
    const res = await saveAio(account, budget.trim()).catch(() => undefined);
    if (res) showToast(res.msg);
    await refresh();
  };
  const off = async () => {
    if (!(await confirmDialog(t('bots.aio.offConfirm')))) return;
    const res = await aioOff(account).catch(() => undefined);
    if (res) showToast(res.msg);
    await refresh();
  };
  return (
    <section className="balance-grid" aria-label={t('bots.aio.title')} data-testid="bot-aio">
      <strong>{t('bots.aio.title')}</strong>
      <span className="hint">{t('bots.aio.intro')}</span>
      {data.enabled && (
        <>
          <div className="line">
            <span>{t('bots.aio.committed')}</span>
            <span data-testid="aio-committed">
              {formatFigure(data.committed, 'USDT')} / {formatFigure(data.budget, 'USDT')} USDT
            </span>
          </div>
          <div className="line">
            <span>{t('bots.aio.left')}</span>
            <Money value={data.left} asset="USDT" testId="aio-left" />
          </div>
        </>
      )}
      <form
        className="bot-aio-form"
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <label htmlFor="aio-budget">{t('bots.aio.budget')}</label>
        <input
          id="aio-budget"
          inputMode="decimal"
          value={budget}
          placeholder={t('bots.aio.none')}
          onChange={(e) => setBudget(e.target.value)}
        />
        <Button size="small" type="submit" data-testid="aio-save">
          {t('bots.aio.save')}
        </Button>
      </form>
      {data.enabled && (
        <Button size="small" color="danger" fill="outline" onClick={() => void off()} data-testid="aio-off">
          {t('bots.aio.off')}
        </Button>
      )}
    </section>
  );
}
