import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Form, Input, List, Popup, Radio, Tabs } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DailyJobRunner, JobRunSummary, utcDate } from '../../../components/DailyJobRunner.tsx';
import { PageLayout } from '../../../components/PageLayout.tsx';
import { PagedList } from '../../../components/PagedList.tsx';
import { showToast } from '../../../lib/feedback.ts';
import { showFieldErrors } from '../../../lib/validate.ts';
import { adminPackagesQuery, fetchJobRuns, issueVoucher, miningKeys } from '../api.ts';
import { type AdminPackage, PackageEditor } from '../components/PackageEditor.tsx';

function PackagesTab() {
  const { t } = useTranslation('mining');
  const queryClient = useQueryClient();
  const packages = useQuery(adminPackagesQuery);
  const [editing, setEditing] = useState<AdminPackage | null | undefined>(undefined);
  return (
    <>
      <div className="page-section">
        <Button color="primary" onClick={() => setEditing(null)} data-testid="package-new">
          {t('admin:mining.newPackage')}
        </Button>
      </div>
      <List data-testid="admin-package-list">
        {(packages.data?.list ?? []).map((p) => (
          <List.Item
            key={p.id}
            onClick={() => setEditing(p)}
            description={`${p.coin} · ${t('days', { count: p.term_days })} · ${t('stock')} ${p.stock} · ${p.active ? t('admin:mining.onSale') : t('admin:mining.offSale')}`}
            data-testid={`admin-package-${p.id}`}
          >
            {p.name}
          </List.Item>
        ))}
      </List>
      <Popup
        visible={editing !== undefined}
        onMaskClick={() => setEditing(undefined)}
        destroyOnClose
        bodyStyle={{ maxHeight: '85vh', overflow: 'auto' }}
      >
        {editing !== undefined ? (
          <PackageEditor
            p={editing}
            onSaved={() => {
              setEditing(undefined);
              showToast(t('admin:mining.saved'));
              void queryClient.invalidateQueries({ queryKey: miningKeys.all });
            }}
          />
        ) : null}
      </Popup>
    </>
  );
}

function VouchersTab() {
  const { t } = useTranslation('mining');
  const [form] = Form.useForm<Record<string, string>>();
  const onFinish = async (v: Record<string, string>) => {
    try {
      await issueVoucher({
        userid: v.userid ?? '',
        discount_percent: v.discount_percent ?? '',
        expires_on: v.expires_on ?? '',
        ...(v.scope === 'shop'
          ? { scope: 'shop' as const }
          : v.package_id
            ? { package_id: v.package_id }
            : {}),
        ...(v.note ? { note: v.note } : {}),
      });
      showToast(t('admin:mining.voucherIssued'));
      form.resetFields();
    } catch (error) {
      showFieldErrors(form, error);
    }
  };
  return (
    <Form
      form={form}
      onFinish={onFinish}
      data-testid="voucher-issue-form"
      footer={
        <Button block type="submit" color="primary" data-testid="voucher-issue">
          {t('admin:mining.issue')}
        </Button>
      }
    >
      <Form.Item name="scope" label={t('admin:mining.fields.scope')} initialValue="mining">
        <Radio.Group>
          <Radio value="mining" data-testid="voucher-scope-mining">
            {t('admin:mining.scopes.mining')}
          </Radio>{' '}
          <Radio value="shop" data-testid="voucher-scope-shop">
            {t('admin:mining.scopes.shop')}
          </Radio>
        </Radio.Group>
      </Form.Item>
      {(['userid', 'discount_percent', 'expires_on', 'package_id', 'note'] as const).map((f) => (
        <Form.Item key={f} name={f} label={t(`admin:mining.fields.${f}`)}>
          <Input data-testid={`voucher-${f}`} placeholder={f === 'expires_on' ? 'YYYY-MM-DD' : undefined} />
        </Form.Item>
      ))}
    </Form>
  );
}

function JobsTab() {
  const queryClient = useQueryClient();
  return (
    <>
      <DailyJobRunner
        job="mining_income"
        defaultDate={utcDate()}
        testId="run-job"
        onDone={() => void queryClient.invalidateQueries({ queryKey: miningKeys.jobRuns })}
      />
      <PagedList
        queryKey={miningKeys.jobRuns}
        fetchPage={fetchJobRuns}
        itemKey={(r) => `${r.job}-${r.date}`}
        testId="job-runs"
        renderItem={(r) => <JobRunSummary run={r} testId={`job-run-${r.job}-${r.date}`} />}
      />
    </>
  );
}

/** Admin: the mining package editor, voucher issuing and the daily income job. */
export default function AdminMiningPage() {
  const { t } = useTranslation('mining');
  const [tab, setTab] = useState('packages');
  return (
    <PageLayout title={t('routes:/pages/admin/mining')} testId="admin-mining-page">
      <Tabs activeKey={tab} onChange={setTab}>
        <Tabs.Tab
          key="packages"
          title={<span data-testid="admin-mining-tab-packages">{t('packages')}</span>}
        />
        <Tabs.Tab
          key="vouchers"
          title={<span data-testid="admin-mining-tab-vouchers">{t('voucher')}</span>}
        />
        <Tabs.Tab
          key="jobs"
          title={<span data-testid="admin-mining-tab-jobs">{t('admin:mining.jobs')}</span>}
        />
      </Tabs>
      {tab === 'packages' ? <PackagesTab /> : tab === 'vouchers' ? <VouchersTab /> : <JobsTab />}
    </PageLayout>
  );
}
