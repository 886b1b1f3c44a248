import { Button, CenterPopup, TextArea } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

type Props = {
  /** The withdrawal being rejected, or null when closed. */
  id: string | null;
  busy: boolean;
  onClose: () => void;
  onReject: (reason: string) => void;
};

/** Asks for the reason a withdrawal is rejected; the member sees it on their withdrawals list. */
export function RejectSheet({ id, busy, onClose, onReject }: Props) {
  const { t } = useTranslation('admin');
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  useEffect(() => {
    if (id) {
      setReason('');
      setTouched(false);
    }
  }, [id]);
  const missing = reason.trim().length === 0;
  return (
    <CenterPopup visible={id !== null} onMaskClick={busy ? undefined : onClose} destroyOnClose>
      <form
        className="reject-sheet"
        data-testid="wd-reject-sheet"
        onSubmit={(e) => {
          e.preventDefault();
          setTouched(true);
          if (!missing) onReject(reason.trim());
        }}
      >
        <h2>{t('wd.rejectTitle', { id })}</h2>
        <label htmlFor="wd-reject-reason">{t('wd.reason')}</label>
        <TextArea
          id="wd-reject-reason"
          data-testid="wd-reject-reason"
          value={reason}
          onChange={setReason}
          maxLength={300}
          rows={3}
          placeholder={t('wd.reasonPlaceholder')}
        />
        {touched && missing ? (
          <span className="field-error" data-testid="wd-reject-reason-error">
            {t('wd.reasonRequired')}
          </span>
        ) : null}
        <div className="reject-actions">
          <Button onClick={onClose} disabled={busy} data-testid="wd-reject-cancel">
            {t('common:cancel')}
          </Button>
          <Button type="submit" color="danger" loading={busy} data-testid="wd-reject-confirm">
            {t('wd.reject')}
          </Button>
        </div>
      </form>
    </CenterPopup>
  );
}
