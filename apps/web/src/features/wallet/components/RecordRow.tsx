import type { walletRecordSchema } from '@mp/contract';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { Money } from '../../../components/Money.tsx';
import { When } from '../../../components/When.tsx';

export type WalletRecord = z.infer<typeof walletRecordSchema>;

/** One history row: type, signed amount (green in, red out), balance after, status, time, counterparty. */
export function RecordRow({ record }: { record: WalletRecord }) {
  const { t } = useTranslation('wallet');
  const id = `record-${record.id}`;
  return (
    <article className="record-row" data-testid={id} data-type={record.type} data-status={record.status}>
      <div className="record-main">
        <span className="record-type" data-testid={`${id}-type`}>
          {t(`types.${record.type}`, { defaultValue: record.type })}
        </span>
        <Money value={record.amount} asset={record.asset} signed testId={`${id}-amount`} />
      </div>
      <div className="record-sub">
        <When at={record.created_at} kind="relative" testId={`${id}-time`} />
        <span className={`record-status status-${record.status}`} data-testid={`${id}-status`}>
          {t(`status.${record.status}`)}
        </span>
      </div>
      <div className="record-sub">
        <span>
          {t(`common:wallets.${record.wallet}`, { defaultValue: record.wallet })}
          {record.counterparty ? (
            <span data-testid={`${id}-counterparty`}>
              {' '}
              · {t('counterparty', { userid: record.counterparty })}
            </span>
          ) : null}
        </span>
        <span>
          {t('balanceAfter')}
          {t('common:colon')}
          <Money value={record.balance_after} asset={record.asset} testId={`${id}-balance`} />
        </span>
      </div>
    </article>
  );
}
