import { ProgressBar, Tag } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { Money } from '../../../components/Money.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import type { AirdropCampaign } from '../api.ts';

const STATUS_COLOR = { running: 'warning', done: 'success', failed: 'danger' } as const;

/** Whole percent of recipients paid (counts of members, not money: plain numbers are exact here). */
export function progressPercent(done: number, total: number): number {
  if (total <= 0) return 0;
  return Math.min(100, Math.floor((done * 100) / total));
}

/** One airdrop campaign: what each member gets, how many are paid so far, and its state. */
export function CampaignRow({ c }: { c: AirdropCampaign }) {
  const { t } = useTranslation('admin');
  const id = `campaign-${c.id}`;
  const percent = progressPercent(c.done, c.total);
  return (
    <article className="record-row" data-testid={id} data-status={c.status}>
      <div className="record-main">
        <strong data-testid={`${id}-name`}>{c.name}</strong>
        <Tag color={STATUS_COLOR[c.status]} data-testid={`${id}-status`} data-state={c.status}>
          {t(`airdrop.status.${c.status}`)}
        </Tag>
      </div>
      <div className="record-sub">
        <span>
          {t('airdrop.amountEach')} <Money value={c.amount_each} asset={c.asset} testId={`${id}-amount`} />
        </span>
        <span data-testid={`${id}-progress`} data-done={c.done} data-total={c.total}>
          {t('airdrop.progress', { done: c.done, total: c.total, percent })}
        </span>
      </div>
      <div
        role="progressbar"
        aria-label={t('airdrop.progressLabel', { name: c.name })}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        data-testid={`${id}-bar`}
      >
        <ProgressBar percent={percent} />
      </div>
      <div className="record-sub">
        <span data-testid={`${id}-time`}>{formatDateTime(c.created_at)}</span>
        <span>{t('airdrop.createdBy', { by: c.created_by })}</span>
      </div>
    </article>
  );
}
