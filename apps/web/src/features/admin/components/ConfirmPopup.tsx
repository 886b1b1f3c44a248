import { Button, CenterPopup } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

type Props = {
  visible: boolean;
  title: string;
  /** What will happen, in words the admin checks before confirming. */
  children: ReactNode;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  /** The popup is `<testId>`, its buttons `<testId>-ok` and `<testId>-cancel`. */
  testId: string;
  danger?: boolean;
};

/** Asks an admin to confirm an action that changes a member's money or account; stays open while it runs. */
export function ConfirmPopup({ visible, title, children, busy, onConfirm, onCancel, testId, danger }: Props) {
  const { t } = useTranslation();
  return (
    <CenterPopup visible={visible} onMaskClick={busy ? undefined : onCancel} destroyOnClose>
      <section className="reject-sheet" data-testid={testId} role="dialog" aria-label={title}>
        <h2>{title}</h2>
        <div className="confirm-text" data-testid={`${testId}-text`}>
          {children}
        </div>
        <div className="reject-actions">
          <Button onClick={onCancel} disabled={busy} data-testid={`${testId}-cancel`}>
            {t('cancel')}
          </Button>
          <Button
            color={danger ? 'danger' : 'primary'}
            loading={busy}
            onClick={onConfirm}
            data-testid={`${testId}-ok`}
          >
            {t('confirm')}
          </Button>
        </div>
      </section>
    </CenterPopup>
  );
}
