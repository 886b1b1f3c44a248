import type { ResponseOf } from '@mp/contract';
import type { adminCopyPackages } from '@mp/contract/web';
import { Button, Form, Input, Switch } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FilterChips } from '../../../components/FilterChips.tsx';
import { Money } from '../../../components/Money.tsx';
import { showToast } from '../../../lib/feedback.ts';
import { showFieldErrors } from '../../../lib/validate.ts';
import { type CopyPackage, savePackage } from '../api.ts';

type PackageValues = {
  trader_id?: string;
  name: string;
  min_amount: string;
  term_days: string;
  share_percent: string;
  fee_percent: string;
  active: boolean;
};
type Packages = ResponseOf<typeof adminCopyPackages>;
type PackageEditor = ReturnType<typeof usePackageEditor>;

const NEW_PACKAGE: PackageValues = {
  name: '',
  min_amount: '100',
  term_days: '30',
  share_percent: '10',
  fee_percent: '2',
  active: true,
};

/**
 * The package being edited (`'new'` for a new one, of the chosen `trader`: the first trader until one is
 * picked), and saving it; `busy` is the page's, shared with the settlement run.
 */
export function usePackageEditor(
  packages: Packages | undefined,
  setBusy: (busy: boolean) => void,
  refresh: () => void,
) {
  const [editing, setEditing] = useState<CopyPackage | 'new' | null>(null);
  const [form] = Form.useForm<PackageValues>();
  const [trader, setTrader] = useState('');

  const save = async (v: PackageValues) => {
    const traderId =
      editing && editing !== 'new' ? editing.trader_id : trader || packages?.traders[0]?.id || '';
    setBusy(true);
    try {
      const r = await savePackage({
        ...(editing && editing !== 'new' ? { id: editing.id } : {}),
        trader_id: traderId,
        name: v.name,
        min_amount: v.min_amount,
        term_days: Number(v.term_days),
        share_percent: v.share_percent,
        fee_percent: v.fee_percent,
        active: Boolean(v.active),
      });
      showToast(r.msg);
      setEditing(null);
      refresh();
    } catch (error) {
      showFieldErrors(form, error);
    } finally {
      setBusy(false);
    }
  };

  return { editing, setEditing, form, trader, setTrader, save };
}

/** The traders' packages, each with its terms and an Edit button. */
export function PackageRows({ list, onEdit }: { list: CopyPackage[]; onEdit: (p: CopyPackage) => void }) {
  const { t } = useTranslation('trading');
  return list.map((p) => (
    <article key={p.id} className="record-row" data-testid={`admin-copy-package-${p.id}`}>
      <div className="record-main">
        <span>
          {p.trader_name} · {p.name}
        </span>
        <span>{p.active ? t('copy.admin.onSale') : t('copy.admin.offSale')}</span>
      </div>
      <div className="record-sub">
        <span>
          {t('copy.minimum')}
          {t('common:colon')}
          <Money value={p.min_amount} asset="USDT" /> · {t('copy.termDays', { count: p.term_days })}
        </span>
        <span>
          {t('copy.share')} {p.share_percent}% · {t('copy.fee')} {p.fee_percent}%
        </span>
      </div>
      <Button size="small" onClick={() => onEdit(p)} data-testid={`admin-copy-package-${p.id}-edit`}>
        {t('copy.admin.edit')}
      </Button>
    </article>
  ));
}

/** The form of the package being edited: its trader (chosen for a new one), name and terms, and on sale or not. */
export function PackageForm({
  editor,
  editing,
  packages,
  busy,
}: {
  editor: PackageEditor;
  editing: CopyPackage | 'new';
  packages: Packages;
  busy: boolean;
}) {
  const { t } = useTranslation('trading');
  return (
    <Form
      key={editing === 'new' ? 'new' : editing.id}
      form={editor.form}
      mode="card"
      onFinish={editor.save}
      data-testid="admin-copy-package-form"
      initialValues={editing === 'new' ? NEW_PACKAGE : valuesOf(editing)}
      footer={
        <div className="copy-actions">
          <Button block type="submit" color="primary" loading={busy} data-testid="admin-copy-package-save">
            {t('copy.admin.save')}
          </Button>
          <Button block onClick={() => editor.setEditing(null)}>
            {t('copy.admin.cancel')}
          </Button>
        </div>
      }
    >
      {editing === 'new' ? (
        <Form.Item label={t('copy.admin.trader')}>
          <FilterChips
            options={packages.traders.map((x) => ({ key: x.id, label: x.display_name }))}
            value={editor.trader || packages.traders[0]!.id}
            onChange={editor.setTrader}
            label={t('copy.admin.trader')}
            testId="admin-copy-package-trader"
          />
        </Form.Item>
      ) : (
        <Form.Item label={t('copy.admin.trader')}>{editing.trader_name}</Form.Item>
      )}
      <Form.Item
        name="name"
        label={t('copy.admin.name')}
        rules={[{ required: true, message: t('copy.admin.required') }]}
      >
        <Input id="admin-copy-package-name" data-testid="admin-copy-package-name" maxLength={40} />
      </Form.Item>
      <Form.Item name="min_amount" label={t('copy.minimum')}>
        <Input id="admin-copy-package-min" data-testid="admin-copy-package-min" inputMode="decimal" />
      </Form.Item>
      <Form.Item name="term_days" label={t('copy.admin.termDays')}>
        <Input id="admin-copy-package-term" data-testid="admin-copy-package-term" inputMode="numeric" />
      </Form.Item>
      <Form.Item name="share_percent" label={t('copy.admin.sharePercent')}>
        <Input id="admin-copy-package-share" data-testid="admin-copy-package-share" inputMode="decimal" />
      </Form.Item>
      <Form.Item name="fee_percent" label={t('copy.admin.feePercent')}>
        <Input id="admin-copy-package-fee" data-testid="admin-copy-package-fee" inputMode="decimal" />
      </Form.Item>
      <Form.Item name="active" label={t('copy.admin.onSale')} valuePropName="checked">
        <Switch data-testid="admin-copy-package-active" />
      </Form.Item>
    </Form>
  );
}

function valuesOf(p: CopyPackage): PackageValues {
  return {
    name: p.name,
    min_amount: p.min_amount,
    term_days: String(p.term_days),
    share_percent: p.share_percent,
    fee_percent: p.fee_percent,
    active: p.active,
  };
}
