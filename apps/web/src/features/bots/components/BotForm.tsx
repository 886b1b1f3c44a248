import {
  botSave,
  MARKET_KINDS,
  type MarketKind,
  PERP,
  POSITION_SIDES,
  type PositionSide,
} from '@mp/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Form, Input } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../lib/feedback.ts';
import { showFieldErrors, zodRule } from '../../../lib/validate.ts';
import { marketsQuery } from '../../trading/api.ts';
import { type Bot, botKeys, saveBot } from '../api.ts';
import { AccountPicker } from './AccountPicker.tsx';
import { formatPrice } from '../../../lib/price.ts';

/** The form's fields as typed: every value is text until it is sent. */
type Values = {
  name: string;
  account: string;
  symbol: string;
  market: MarketKind;
  direction: PositionSide;
  leverage: string;
  base_order: string;
  safety_order: string;
  max_safety: string;
  deviation_percent: string;
  step_scale: string;
  volume_scale: string;
  take_profit_percent: string;
  stop_loss_percent: string;
};

/** The form's number fields in order: field, input id (the e2e types into it), label key, keyboard. */
const NUMBER_FIELDS = [
  ['base_order', 'bot-base', 'baseOrder', 'decimal'],
  ['safety_order', 'bot-safety', 'safetyOrder', 'decimal'],
  ['max_safety', 'bot-max-safety', 'maxSafety', 'numeric'],
  ['deviation_percent', 'bot-deviation', 'deviation', 'decimal'],
  ['step_scale', 'bot-step-scale', 'stepScale', 'decimal'],
  ['volume_scale', 'bot-volume-scale', 'volumeScale', 'decimal'],
  ['take_profit_percent', 'bot-take-profit', 'takeProfit', 'decimal'],
  ['stop_loss_percent', 'bot-stop-loss', 'stopLoss', 'decimal'],
] as const;

const DEFAULTS: Values = {
  name: '',
  account: 'demo',
  symbol: 'BTC/USDT',
  market: 'spot',
  direction: 'long',
  leverage: '1',
  base_order: '20',
  safety_order: '20',
  max_safety: '5',
  deviation_percent: '1',
  step_scale: '1',
  volume_scale: '1.5',
  take_profit_percent: '1.5',
  stop_loss_percent: '',
};

function valuesOf(bot: Bot): Values {
  return {
    name: bot.name,
    account: bot.account,
    symbol: bot.symbol,
    market: bot.market,
    direction: bot.direction,
    leverage: String(bot.leverage),
    base_order: bot.base_order,
    safety_order: bot.safety_order,
    max_safety: String(bot.max_safety),
    deviation_percent: bot.deviation_percent,
    step_scale: bot.step_scale,
    volume_scale: bot.volume_scale,
    take_profit_percent: bot.take_profit_percent,
    stop_loss_percent:
      bot.stop_loss_percent === '0' || bot.stop_loss_percent === '0.00' ? '' : bot.stop_loss_percent,
  };
}

/** The most one deal may spend (the first order and every safety order, each `volume scale` times the last), as shown before saving; the server's figure is exact. */
export function budgetPreview(
  v: Pick<Values, 'base_order' | 'safety_order' | 'max_safety' | 'volume_scale'>,
): string {
  const base = Number(v.base_order);
  const safety = Number(v.safety_order);
  const n = Number(v.max_safety);
  const scale = Number(v.volume_scale);
  if (![base, safety, n, scale].every(Number.isFinite) || n < 0) return '-';
  let total = base;
  for (let i = 0; i < n; i++) total += safety * scale ** i;
  return total.toFixed(2);
}

/** Creates a DCA bot, or changes a stopped one (`bot`). */
export function BotForm({
  bot,
  account,
  onSaved,
}: {
  bot?: Bot;
  account?: string;
  onSaved: (bot: Bot) => void;
}) {
  const { t } = useTranslation('trading');
  const client = useQueryClient();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const symbols = useQuery(marketsQuery).data?.list.map((m) => m.symbol) ?? [];
  const watched = Form.useWatch([], form) as Values | undefined;
  const v = { ...DEFAULTS, ...(bot ? valuesOf(bot) : {}), ...(watched ?? {}) };
  const shape = botSave.request.shape;
  const rule = (field: keyof typeof shape) => [zodRule(shape[field], field)];

  const submit = async (values: Values) => {
    setBusy(true);
    try {
      const res = await saveBot({
        ...values,
        id: bot?.id,
        name: values.name?.trim() || undefined,
        direction: values.market === 'spot' ? 'long' : values.direction,
        leverage: values.market === 'spot' ? 1 : Number(values.leverage),
        max_safety: Number(values.max_safety),
        stop_loss_percent: values.stop_loss_percent?.trim() || undefined,
      });
      showToast(res.msg);
      await client.invalidateQueries({ queryKey: botKeys.all });
      onSaved(res.data.bot);
    } catch (error) {
      showFieldErrors(form, error);
    } finally {
      setBusy(false);
    }
  };

  const budget = budgetPreview(v);
  const lev = Number(v.leverage) || 1;
  return (
    <Form
      form={form}
      initialValues={bot ? valuesOf(bot) : { ...DEFAULTS, account: account ?? DEFAULTS.account }}
      onFinish={submit}
      footer={
        <Button block type="submit" color="primary" size="large" loading={busy} data-testid="bot-save">
          {bot ? t('bots.form.save') : t('bots.form.create')}
        </Button>
      }
    >
      <Form.Item name="name" label={t('bots.form.name')} rules={rule('name')}>
        <Input id="bot-name" placeholder={t('bots.form.nameHint')} maxLength={40} />
      </Form.Item>
      <Form.Item name="account" label={t('bots.account')}>
        <AccountPicker value={v.account} onChange={(a) => form.setFieldValue('account', a)} />
      </Form.Item>
      <Form.Item name="symbol" label={t('bots.form.symbol')}>
        <select id="bot-symbol" data-testid="bot-symbol">
          {(symbols.length ? symbols : [v.symbol]).map((s) => (
            <option key={s}>{s}</option>
          ))}
        </select>
      </Form.Item>
      <Form.Item name="market" label={t('bots.form.market')}>
        <select id="bot-market" data-testid="bot-market">
          {MARKET_KINDS.map((m) => (
            <option key={m} value={m}>
              {t(`perp.kind.${m}`)}
            </option>
          ))}
        </select>
      </Form.Item>
      {v.market === 'perp' ? (
        <>
          <Form.Item name="direction" label={t('bots.form.direction')}>
            <select id="bot-direction" data-testid="bot-direction">
              {POSITION_SIDES.map((d) => (
                <option key={d} value={d}>
                  {t(`bots.direction.${d}`)}
                </option>
              ))}
            </select>
          </Form.Item>
          <Form.Item
            name="leverage"
            label={`${t('bots.form.leverage')} (1–${PERP.maxLeverage})`}
            rules={rule('leverage')}
          >
            <Input id="bot-leverage" inputMode="numeric" />
          </Form.Item>
        </>
      ) : (
        <p className="hint bot-hint">{t('bots.form.spotLongOnly')}</p>
      )}
      {NUMBER_FIELDS.map(([name, id, label, mode]) => (
        <Form.Item key={name} name={name} label={t(`bots.form.${label}`)} rules={rule(name)}>
          <Input id={id} inputMode={mode} />
        </Form.Item>
      ))}
      <p className="hint bot-hint" data-testid="bot-budget">
        {v.market === 'perp' && lev > 1
          ? t('bots.form.budgetMargin', {
              budget: formatPrice(budget),
              leverage: lev,
              margin: budget === '-' ? '-' : formatPrice((Number(budget) / lev).toFixed(2)),
            })
          : t('bots.form.budget', { budget: formatPrice(budget) })}
      </p>
    </Form>
  );
}
