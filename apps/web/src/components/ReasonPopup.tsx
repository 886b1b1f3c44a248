import { Button, CenterPopup, TextArea } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

type Props = {
  open: boolean;
  busy: boolean;
  title: string;
  label: string;
  placeholder: string;
  /** Shown when confirmed without a reason. */
  requiredText: string;
  confirmText: string;
  /** Test ids: `<testId>-sheet`, `-reason`, `-reason-error`, `-cancel` and `-confirm`. */
  testId: string;
  onClose: () => void;
  onConfirm: (reason: string) => void;
};

/** Asks for the reason of a refusal (required; at most 300 characters) before it is sent. Opens empty. */
export function ReasonPopup(props: Props) {
  const { open, busy, testId, onClose, onConfirm } = props;
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  useEffect(() => {
    if (open) {
      setReason('');
      setTouched(false);
    }
  }, [open]);
  const missing = reason.trim().length === 0;
  return (
    <CenterPopup visible={open} onMaskClick={busy ? undefined : onClose} destroyOnClose>
      <form
        className="reject-sheet"
        data-testid={`${testId}-sheet`}
        onSubmit={(e) => {
          e.preventDefault();
          setTouched(true);
          if (!missing) onConfirm(reason.trim());
        }}
      >
        <h2>{props.title}</h2>
        <label htmlFor={`${testId}-reason`}>{props.label}</label>
        <TextArea
          id={`${testId}-reason`}
          data-testid={`${testId}-reason`}
          value={reason}
          onChange={setReason}
          maxLength={300}
          rows={3}
          placeholder={props.placeholder}
        />
        {touched && missing ? (
          <span className="field-error" data-testid={`${testId}-reason-error`}>
            {props.requiredText}
          </span>
        ) : null}
        <div className="reject-actions">
          <Button onClick={onClose} disabled={busy} data-testid={`${testId}-cancel`}>
            {t('common:cancel')}
          </Button>
          <Button type="submit" color="danger" loading={busy} data-testid={`${testId}-confirm`}>
            {props.confirmText}
          </Button>
        </div>
      </form>
    </CenterPopup>
  );
}
