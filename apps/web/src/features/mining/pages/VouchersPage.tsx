import type { voucherSchema } from '@mp/contract';
import { Tag } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { PageLayout } from '../../../components/PageLayout.tsx';
import { EmptyBlock } from '../../../components/PageStates.tsx';
import { PagedList } from '../../../components/PagedList.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { fetchVouchers, miningKeys } from '../api.ts';

type Voucher = z.infer<typeof voucherSchema>;

function VoucherRow({ v }: { v: Voucher }) {
  const { t } = useTranslation('mining');
  const id = `voucher-${v.id}`;
  return (
    <article className="record-row" data-testid={id} data-state={v.state}>
      <div className="record-main">
        <span>{t('voucherOff', { percent: v.discount_percent })}</span>
        <Tag color={v.state === 'available' ? 'success' : 'default'} data-testid={`${id}-state`}>
          {t(`voucherStates.${v.state}`)}
        </Tag>
      </div>
      <div className="record-sub">
        <span>{t('expires', { date: formatDateTime(v.expires_at) })}</span>
        <span>{v.package_name || t('anyPackage')}</span>
        {v.order_no ? <span>{t('usedOn', { order: v.order_no })}</span> : null}
      </div>
    </article>
  );
}

/** The member's vouchers: discount, expiry, usage, available or used (Member/getVouchers). */
export default function VouchersPage() {
  const { t } = useTranslation('mining');
  return (
    <PageLayout title={t('links.vouchers')} testId="mining-vouchers-page">
      <PagedList
        queryKey={miningKeys.vouchers}
        fetchPage={fetchVouchers}
        itemKey={(v) => v.id}
        renderItem={(v) => <VoucherRow v={v} />}
        empty={<EmptyBlock text={t('noVouchers')} testId="vouchers-empty" />}
        testId="voucher-list"
      />
    </PageLayout>
  );
}
