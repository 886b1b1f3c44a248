import { Button, CenterPopup, TextArea } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

type Props = {
  id: string;
  open: boolean;
  busy: boolean;
  onClose: () => void;
  onReject: (reason: string) => void;
};

/** Asks for the reason a verification is rejected; the member reads it on their verification screen. */
export function RejectPopup({ id, open, busy, onClose, onReject }: Props) {
  const { t } = useTranslation('kyc');
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const missing = reason.trim().length === 0;
  return (
    <CenterPopup visible={open} onMaskClick={busy ? undefined : onClose} destroyOnClose>
      <form
        className="reject-sheet"
        data-testid="kyc-reject-sheet"
        onSubmit={(e) => {
          e.preventDefault();
          setTouched(true);
          if (!missing) onReject(reason.trim());
        }}
      >
        <h2>{t('admin.rejectTitle', { id })}</h2>
        <label htmlFor="kyc-reject-reason">{t('admin.reason')}</label>
        <TextArea
          id="kyc-reject-reason"
          data-testid="kyc-reject-reason"
          value={reason}
          onChange={setReason}
          maxLength={300}
          rows={3}
          placeholder={t('admin.reasonPlaceholder')}
        />
        {touched && missing ? (
          <span className="field-error" data-testid="kyc-reject-reason-error">
            {t('admin.reasonRequired')}
          </span>
        ) : null}
        <div className="reject-actions">
          <Button onClick={onClose} disabled={busy} data-testid="kyc-reject-cancel">
            {t('common:cancel')}
          </Button>
          <Button type="submit" color="danger" loading={busy} data-testid="kyc-reject-confirm">
            {t('admin.reject')}
          </Button>
        </div>
      </form>
    </CenterPopup>
  );
}
