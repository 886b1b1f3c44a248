import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Form, Input, Switch } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FilterChips } from '../../../components/FilterChips.tsx';
import { Money } from '../../../components/Money.tsx';
import { PageLayout } from '../../../components/PageLayout.tsx';
import { EmptyBlock, LoadingBlock } from '../../../components/PageStates.tsx';
import { PagedList } from '../../../components/PagedList.tsx';
import { confirmDialog, showToast } from '../../../lib/feedback.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { showFieldErrors } from '../../../lib/validate.ts';
import {
  adminPackagesQuery,
  adminTotalsQuery,
  type CopyPackage,
  copyKeys,
  fetchAdminInvestments,
  makeCompany,
  runSettlement,
  runsQuery,
  savePackage,
} from '../api.ts';
import { InvestmentRow } from '../components/InvestmentRow.tsx';
import '../../trading/trading.css';
import '../copy.css';

type PackageValues = {
  trader_id?: string;
  name: string;
  min_amount: string;
  term_days: string;
  share_percent: string;
  fee_percent: string;
  active: boolean;
};
type Row = Awaited<ReturnType<ReturnType<typeof fetchAdminInvestments>>>['list'][number];
const STATES = ['all', 'active', 'stopped', 'closed'] as const;

/**
 * `/pages/admin/copy`: copy trading for operators: what custody holds and what was paid, the daily settlement runs
 * (and running today's now), the traders' packages and the company's managed strategy, and every investment.
 */
export default function AdminCopyPage() {
  const { t } = useTranslation('trading');
  const client = useQueryClient();
  const totals = useQuery(adminTotalsQuery).data;
  const runs = useQuery(runsQuery).data;
  const packages = useQuery(adminPackagesQuery).data;
  const [state, setState] = useState<(typeof STATES)[number]>('all');
  const [editing, setEditing] = useState<CopyPackage | 'new' | null>(null);
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<PackageValues>();
  const [trader, setTrader] = useState('');
  const refresh = () => void client.invalidateQueries({ queryKey: copyKeys.all });

  const run = async () => {
    if (!(await confirmDialog(t('copy.admin.runConfirm')))) return;
    setBusy(true);
    try {
      showToast((await runSettlement()).msg);
    } catch {
      // Shown by the API client.
    } finally {
      setBusy(false);
      refresh();
    }
  };

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

  const company = async (id: string, name: string) => {
    if (!(await confirmDialog(t('copy.admin.companyConfirm', { name })))) return;
    try {
      showToast((await makeCompany(id)).msg);
    } catch {
      // Shown by the API client.
    }
    refresh();
  };

  return (
    <PageLayout title={t('routes:/pages/admin/copy')} testId="admin-copy-page">
      {totals && (
        <section className="balance-grid" data-testid="admin-copy-totals">
          <div className="line">
            <span>{t('copy.admin.custody')}</span>
            <Money value={totals.custody} asset="USDT" testId="admin-copy-custody" />
          </div>
          <div className="line">
            <span>{t('copy.admin.activeValue')}</span>
            <Money value={totals.active_value} asset="USDT" testId="admin-copy-active-value" />
          </div>
          <div className="line">
            <span>{t('copy.admin.shared')}</span>
            <Money value={totals.shared} asset="USDT" testId="admin-copy-shared" />
          </div>
          <div className="line">
            <span>{t('copy.admin.fees')}</span>
            <Money value={totals.fees} asset="USDT" testId="admin-copy-fees" />
          </div>
        </section>
      )}

      <h2 className="section-title">{t('copy.admin.runs')}</h2>
      <div className="copy-actions">
        <Button color="primary" block loading={busy} onClick={() => void run()} data-testid="admin-copy-run">
          {t('copy.admin.run')}
        </Button>
      </div>
      {runs?.list.length === 0 && <EmptyBlock text={t('copy.admin.noRuns')} />}
      {runs?.list.map((r) => (
        <article key={r.date} className="record-row" data-testid={`admin-copy-run-${r.date}`}>
          <div className="record-main">
            <span>{r.date}</span>
            <span>{t('copy.admin.runCount', { count: r.investments })}</span>
          </div>
          <div className="record-sub">
            <span>
              {t('copy.admin.shared')}: <Money value={r.shared} asset="USDT" /> · {t('copy.admin.fees')}:{' '}
              <Money value={r.fees} asset="USDT" />
            </span>
            <span>
              {r.started_by.replace('schedule', t('copy.admin.scheduled'))} · {formatDateTime(r.at)}
            </span>
          </div>
        </article>
      ))}

      <h2 className="section-title">{t('copy.admin.packages')}</h2>
      {!packages && <LoadingBlock lines={2} />}
      {packages?.list.map((p) => (
        <article key={p.id} className="record-row" data-testid={`admin-copy-package-${p.id}`}>
          <div className="record-main">
            <span>
              {p.trader_name} · {p.name}
            </span>
            <span>{p.active ? t('copy.admin.onSale') : t('copy.admin.offSale')}</span>
          </div>
          <div className="record-sub">
            <span>
              {t('copy.minimum')}: <Money value={p.min_amount} asset="USDT" /> ·{' '}
              {t('copy.termDays', { count: p.term_days })}
            </span>
            <span>
              {t('copy.share')} {p.share_percent}% · {t('copy.fee')} {p.fee_percent}%
            </span>
          </div>
          <Button size="small" onClick={() => setEditing(p)} data-testid={`admin-copy-package-${p.id}-edit`}>
            {t('copy.admin.edit')}
          </Button>
        </article>
      ))}
      {packages && packages.traders.length > 0 && editing === null && (
        <div className="copy-actions">
          <Button block onClick={() => setEditing('new')} data-testid="admin-copy-package-new">
            {t('copy.admin.newPackage')}
          </Button>
        </div>
      )}
      {packages && editing !== null && (
        <Form
          key={editing === 'new' ? 'new' : editing.id}
          form={form}
          mode="card"
          onFinish={save}
          data-testid="admin-copy-package-form"
          initialValues={
            editing === 'new'
              ? {
                  name: '',
                  min_amount: '100',
                  term_days: '30',
                  share_percent: '10',
                  fee_percent: '2',
                  active: true,
                }
              : {
                  name: editing.name,
                  min_amount: editing.min_amount,
                  term_days: String(editing.term_days),
                  share_percent: editing.share_percent,
                  fee_percent: editing.fee_percent,
                  active: editing.active,
                }
          }
          footer={
            <div className="copy-actions">
              <Button
                block
                type="submit"
                color="primary"
                loading={busy}
                data-testid="admin-copy-package-save"
              >
                {t('copy.admin.save')}
              </Button>
              <Button block onClick={() => setEditing(null)}>
                {t('copy.admin.cancel')}
              </Button>
            </div>
          }
        >
          {editing === 'new' ? (
            <Form.Item label={t('copy.admin.trader')}>
              <FilterChips
                options={packages.traders.map((x) => ({ key: x.id, label: x.display_name }))}
                value={trader || packages.traders[0]!.id}
                onChange={setTrader}
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
      )}

      <h2 className="section-title">{t('copy.admin.companyTitle')}</h2>
      <p className="trade-note">{t('copy.admin.companyText')}</p>
      {packages?.traders.map((x) => (
        <article key={x.id} className="record-row" data-testid={`admin-copy-trader-${x.id}`}>
          <div className="record-main">
            <span>{x.display_name}</span>
            {x.company ? (
              <span className="copy-badge">{t('copy.company')}</span>
            ) : (
              <Button
                size="small"
                onClick={() => void company(x.id, x.display_name)}
                data-testid={`admin-copy-trader-${x.id}-company`}
              >
                {t('copy.admin.makeCompany')}
              </Button>
            )}
          </div>
        </article>
      ))}

      <h2 className="section-title">{t('copy.admin.investments')}</h2>
      <FilterChips
        options={STATES.map((k) => ({
          key: k,
          label: t(k === 'all' ? 'copy.admin.all' : `copy.state.${k}`),
        }))}
        value={state}
        onChange={setState}
        label={t('copy.stateFilter')}
        testId="admin-copy-filter"
      />
      <PagedList<Row>
        key={state}
        testId="admin-copy-investments"
        queryKey={copyKeys.adminInvestments(state)}
        fetchPage={fetchAdminInvestments(state)}
        itemKey={(x) => x.id}
        empty={<EmptyBlock text={t('copy.admin.noInvestments')} />}
        renderItem={(x) => <InvestmentRow x={x} who={x.userid} />}
      />
    </PageLayout>
  );
}
