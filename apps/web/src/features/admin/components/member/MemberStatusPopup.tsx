import { TextArea } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmPopup } from '../ConfirmPopup.tsx';

export type StatusAction = 'freeze' | 'unfreeze';

type Props = {
  userid: string;
  /** The action to confirm; null when closed. */
  action: StatusAction | null;
  busy: boolean;
  /** The server's word on the reason, if it refused it. */
  reasonError?: string;
  onCancel: () => void;
  onConfirm: (reason: string) => void;
};

/** Confirms freezing or unfreezing a member, with the reason the audit log keeps (required). */
export function MemberStatusPopup({ userid, action, busy, reasonError, onCancel, onConfirm }: Props) {
  const { t } = useTranslation('admin');
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const missing = reason.trim().length === 0;
  const error = touched && missing ? t('member.reasonRequired') : reasonError;
  const freeze = action === 'freeze';
  return (
    <ConfirmPopup
      visible={action !== null}
      title={t(freeze ? 'member.freezeTitle' : 'member.unfreezeTitle', { userid })}
      busy={busy}
      danger={freeze}
      onCancel={onCancel}
      onConfirm={() => {
        setTouched(true);
        if (!missing) onConfirm(reason.trim());
      }}
      testId="member-status-confirm"
    >
      <p data-testid="member-status-effect">{t(freeze ? 'member.freezeEffect' : 'member.unfreezeEffect')}</p>
      <label htmlFor="member-status-reason">{t('member.reason')}</label>
      <div className="reason-box">
        <TextArea
          id="member-status-reason"
          data-testid="member-status-reason"
          value={reason}
          onChange={setReason}
          rows={3}
          maxLength={300}
          placeholder={t('member.reasonPlaceholder')}
        />
      </div>
      {error ? (
        <span className="field-error" data-testid="member-status-reason-error">
          {error}
        </span>
      ) : null}
    </ConfirmPopup>
  );
}
