import { ASSET_CODES, WALLET_KINDS } from '@mp/contract/web';
import { Button, Form, Input, Selector, Switch } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { showFieldErrors } from '../../../lib/validate.ts';
import { savePackage } from '../api.ts';
import type { MiningPackage } from './PackageCard.tsx';

type Values = Record<string, string | boolean | string[]>;

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
] as const;

function initialValues(p: MiningPackage | null): Values {
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
    ...Object.fromEntries(TEXT_FIELDS.map((f) => [f, String(p[f])])),
    settle_asset: [p.settle_asset],
    settle_wallet: [p.settle_wallet],
    active: p.active,
    description: p.description,
  };
}

/** Creates or edits a package (Admin/packagesave); the server's refusals mark the fields. */
export function PackageEditor({ p, onSaved }: { p: MiningPackage | null; onSaved: () => void }) {
  const { t } = useTranslation('mining');
  const [form] = Form.useForm<Values>();
  const first = (v: unknown) => (Array.isArray(v) ? String(v[0] ?? '') : String(v ?? ''));
  const onFinish = async (v: Values) => {
    try {
      await savePackage({
        ...(p ? { id: p.id } : {}),
        ...Object.fromEntries(TEXT_FIELDS.map((f) => [f, String(v[f] ?? '')])),
        settle_asset: first(v.settle_asset),
        settle_wallet: first(v.settle_wallet),
        active: v.active === true,
        description: String(v.description ?? ''),
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
      onFinish={onFinish}
      data-testid="package-editor"
      footer={
        <Button block type="submit" color="primary" data-testid="package-save">
          {t('admin.save')}
        </Button>
      }
    >
      {TEXT_FIELDS.map((f) => (
        <Form.Item key={f} name={f} label={t(`admin.fields.${f}`)}>
          <Input data-testid={`package-${f}`} />
        </Form.Item>
      ))}
      <Form.Item name="settle_asset" label={t('admin.fields.settle_asset')}>
        <Selector options={ASSET_CODES.map((a) => ({ label: a, value: a }))} />
      </Form.Item>
      <Form.Item name="settle_wallet" label={t('admin.fields.settle_wallet')}>
        <Selector options={WALLET_KINDS.map((w) => ({ label: t(`common:wallets.${w}`), value: w }))} />
      </Form.Item>
      <Form.Item name="description" label={t('admin.fields.description')}>
        <Input data-testid="package-description" />
      </Form.Item>
      <Form.Item name="active" label={t('admin.fields.active')} valuePropName="checked">
        <Switch data-testid="package-active" />
      </Form.Item>
    </Form>
  );
}
