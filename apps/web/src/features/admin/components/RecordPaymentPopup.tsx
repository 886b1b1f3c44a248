import { useQueryClient } from '@tanstack/react-query';
import { Input } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api.ts';
import { showToast } from '../../../lib/feedback.ts';
import { formatAsset } from '../../../lib/money.ts';
import { adminKeys, recordManualPayment } from '../api.ts';
import { useStepUp } from '../stepUp.tsx';
import type { AdminWithdrawal } from '../types.ts';
import { ConfirmPopup } from './ConfirmPopup.tsx';

type Props = {
  /** The withdrawal paid by hand whose transaction is recorded; null when the popup is closed. */
  w: AdminWithdrawal | null;
  onClose: () => void;
};

/**
 * Records the transaction an admin sent by hand for a withdrawal (with a step-up code): the server checks the hash
 * and posts the held money. A refusal (wrong format, hash already used, not found on chain) shows under the field.
 */
export function RecordPaymentPopup({ w, onClose }: Props) {
  const { t } = useTranslation('admin');
  const queryClient = useQueryClient();
  const stepUp = useStepUp();
  const [hash, setHash] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  const close = () => {
    setHash('');
    setError('');
    onClose();
  };

  const record = async () => {
    if (!w) return;
    const txHash = hash.trim();
    if (!txHash) {
      setError(t('wd.record.hashRequired'));
      return;
    }
    const totp = await stepUp();
    if (totp === null) return;
    setBusy(true);
    try {
      const { msg } = await recordManualPayment(w.id, txHash, totp);
      showToast(msg);
      close();
      await queryClient.invalidateQueries({ queryKey: adminKeys.wd });
    } catch (err) {
      if (err instanceof ApiError) setError(err.fieldError('tx_hash') ?? err.msg);
    } finally {
      setBusy(false);
    }
  };

  return (
    <ConfirmPopup
      visible={w !== null}
      title={t('wd.record.title', { userid: w?.userid ?? '' })}
      busy={busy}
      onConfirm={() => void record()}
      onCancel={close}
      testId="wd-record"
    >
      {w ? (
        <>
          <p>
            {t('wd.record.what', {
              amount: formatAsset(w.receive, w.asset),
              address: w.address,
              network: w.address_type,
            })}
          </p>
          <Input
            id="wd-record-hash"
            data-testid="wd-record-hash"
            aria-label={t('wd.record.hash')}
            placeholder={t('wd.record.hash')}
            value={hash}
            onChange={(v) => {
              setHash(v);
              setError('');
            }}
            autoComplete="off"
          />
          {error ? (
            <p className="field-error" role="alert" data-testid="wd-record-error">
              {error}
            </p>
          ) : null}
        </>
      ) : null}
    </ConfirmPopup>
  );
}
