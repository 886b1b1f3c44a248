import {
  ASSET_CODES,
  impliedDailyOutput,
  type MiningEconomicsWire,
  miningEconomics,
  miningEconomicsWire,
  parseAmount,
  WALLET_KINDS,
} from '@mp/contract/web';
import { Button, Form, Input, Selector, Switch } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type TranslatedField,
  TranslationFields,
  translationsOf,
  translationValues,
} from '../../../components/TranslationFields.tsx';
import { confirmDialog } from '../../../lib/feedback.ts';
import { decimalsOf, formatAsset } from '../../../lib/money.ts';
import { showFieldErrors } from '../../../lib/validate.ts';
import { savePackage } from '../api.ts';
import { EconomicsSummary, useBelowPriceText } from './EconomicsSummary.tsx';
import type { MiningPackage } from './PackageCard.tsx';

type Values = Record<string, string | boolean | string[]>;

/** A package as the admin's list gives it: with its texts in the other languages. */
export type AdminPackage = MiningPackage & {
  translations: { lang: string; name: string; description: string; assumptions_note: string }[];
};

/** The texts a package has in each of the members' other languages. */
const TRANSLATED = ['name', 'description', 'assumptions_note'] as const;

const TEXT_FIELDS = [
  'name',
  'coin',
  'capacity_unit',
  'unit_price',
  'term_days',
  'daily_profit',
  'daily_fee',
  'min_quantity',
  'stock',
  'start_date',
  'start_delay_days',
  'coin_price',
  'output_per_unit',
  'assumptions_set_at',
  'assumptions_note',
] as const;

const first = (v: unknown) => (Array.isArray(v) ? String(v[0] ?? '') : String(v ?? ''));

/** The figures of one unit as the form stands, from the same function the server uses; null until they parse. */
function liveEconomics(v: Values, priceAsset: string): MiningEconomicsWire | null {
  const settle = first(v.settle_asset) || 'USDT';
  const decimals = decimalsOf(settle);
  const price = parseAmount(String(v.unit_price ?? ''), decimalsOf(priceAsset));
  const profit = parseAmount(String(v.daily_profit ?? ''), decimals);
  const fee = parseAmount(String(v.daily_fee ?? '') || '0', decimals);
  const term = Number(v.term_days);
  if (!price.ok || !profit.ok || !fee.ok || price.value <= 0n || !Number.isInteger(term) || term < 1)
    return null;
  const e = miningEconomics({
    dailyOutputPerUnit: profit.value,
    dailyFeePerUnit: fee.value,
    quantity: 1,
    termDays: term,
    paid: price.value,
    sameAsset: settle === priceAsset,
  });
  return miningEconomicsWire(
    e,
    { asset: settle, decimals },
    { asset: priceAsset, decimals: decimalsOf(priceAsset) },
  );
}

/** What the assumptions give a unit a day, and whether the daily profit claims more. */
function impliedOf(v: Values) {
  const settle = first(v.settle_asset) || 'USDT';
  const coinPrice = parseAmount(String(v.coin_price ?? ''), decimalsOf(settle));
  const implied = impliedDailyOutput(String(v.output_per_unit ?? ''), coinPrice.ok ? coinPrice.value : null);
  if (implied === null) return null;
  const profit = parseAmount(String(v.daily_profit ?? ''), decimalsOf(settle));
  return { amount: implied, settle, above: profit.ok && profit.value > implied };
}

function initialValues(p: AdminPackage | null): Values {
  if (!p) {
    return {
      settle_asset: ['USDT'],
      settle_wallet: ['funds'],
      active: true,
      min_quantity: '1',
      start_delay_days: '1',
      daily_fee: '0',
      start_date: new Date().toISOString().slice(0, 10),
    };
  }
  return {
    ...Object.fromEntries(TEXT_FIELDS.map((f) => [f, String(p[f] ?? '')])),
    settle_asset: [p.settle_asset],
    settle_wallet: [p.settle_wallet],
    active: p.active,
    description: p.description,
    ...translationValues(p.translations, TRANSLATED),
  };
}

/** The translated fields' labels: "Name in 中文 (optional)". */
function useTranslatedFields(): TranslatedField[] {
  const { t } = useTranslation('admin');
  return TRANSLATED.map((field) => ({
    field,
    label: (language: string) => t('mining.fieldIn', { field: t(`mining.fields.${field}`), language }),
    long: field !== 'name',
  }));
}

/**
 * Creates or edits a package (Admin/packagesave); the server's refusals mark the fields. While editing it shows the
 * figures members will see (one unit over the term) and, before saving a package whose estimate returns less than its
 * price, asks to confirm: the operator may save it, and members then see the warning.
 */
export function PackageEditor({ p, onSaved }: { p: AdminPackage | null; onSaved: () => void }) {
  const { t } = useTranslation('mining');
  const translated = useTranslatedFields();
  const [form] = Form.useForm<Values>();
  const [values, setValues] = useState<Values>(() => initialValues(p));
  const belowPriceText = useBelowPriceText();
  const priceAsset = p?.price_asset ?? 'USDT';
  const economics = liveEconomics(values, priceAsset);
  const implied = impliedOf(values);
  const onFinish = async (v: Values) => {
    const live = liveEconomics(v, priceAsset);
    if (
      live?.below_price &&
      !(await confirmDialog(t('admin:mining.economics.confirmBelow', { sentence: belowPriceText(live) })))
    )
      return;
    try {
      await savePackage({
        ...(p ? { id: p.id } : {}),
        ...Object.fromEntries(TEXT_FIELDS.map((f) => [f, String(v[f] ?? '')])),
        settle_asset: first(v.settle_asset),
        settle_wallet: first(v.settle_wallet),
        active: v.active === true,
        description: String(v.description ?? ''),
        translations: translationsOf(v, TRANSLATED),
      } as Parameters<typeof savePackage>[0]);
      onSaved();
    } catch (error) {
      showFieldErrors(form, error);
    }
  };
  return (
    <Form
      form={form}
      initialValues={initialValues(p)}
      onValuesChange={(_changed, all) => setValues(all)}
      onFinish={onFinish}
      data-testid="package-editor"
      footer={
        <Button block type="submit" color="primary" data-testid="package-save">
          {t('admin:mining.save')}
        </Button>
      }
    >
      {TEXT_FIELDS.map((f) => (
        <Form.Item key={f} name={f} label={t(`admin:mining.fields.${f}`)}>
          <Input data-testid={`package-${f}`} />
        </Form.Item>
      ))}
      <Form.Item name="settle_asset" label={t('admin:mining.fields.settle_asset')}>
        <Selector options={ASSET_CODES.map((a) => ({ label: a, value: a }))} />
      </Form.Item>
      <Form.Item name="settle_wallet" label={t('admin:mining.fields.settle_wallet')}>
        <Selector options={WALLET_KINDS.map((w) => ({ label: t(`common:wallets.${w}`), value: w }))} />
      </Form.Item>
      <Form.Item name="description" label={t('admin:mining.fields.description')}>
        <Input data-testid="package-description" />
      </Form.Item>
      <TranslationFields fields={translated} idPrefix="package" />
      <Form.Item name="active" label={t('admin:mining.fields.active')} valuePropName="checked">
        <Switch data-testid="package-active" />
      </Form.Item>
      <Form.Header>{t('admin:mining.economics.figures')}</Form.Header>
      <div className="page-section" data-testid="package-live">
        {implied ? (
          <p className="mining-estimate" data-testid="package-implied">
            {t('admin:mining.economics.implied', { amount: formatAsset(implied.amount, implied.settle) })}
            {implied.above ? (
              <span className="mining-warning" data-testid="package-above-assumptions">
                {' '}
                {t('admin:mining.economics.aboveAssumptions')}
              </span>
            ) : null}
          </p>
        ) : null}
        {economics ? (
          <EconomicsSummary
            e={economics}
            assumptions={{
              coin: String(values.coin ?? ''),
              capacity_unit: String(values.capacity_unit ?? ''),
              coin_price: String(values.coin_price ?? ''),
              output_per_unit: String(values.output_per_unit ?? ''),
              assumptions_set_at: String(values.assumptions_set_at ?? ''),
              assumptions_note: String(values.assumptions_note ?? ''),
            }}
            testId="package-economics"
          />
        ) : (
          <p className="mining-estimate">{t('admin:mining.economics.incomplete')}</p>
        )}
      </div>
    </Form>
  );
}
