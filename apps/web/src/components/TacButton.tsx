import { TAC_RESEND_SECONDS } from '@mp/contract/web';
import { Button } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../lib/feedback.ts';

export type TacSent = { msg: string; resendIn?: number };

type Props = {
  /** Requests the code; rejects when refused (the API client has told the user why). */
  send: () => Promise<TacSent>;
  /** Called with the server's message, e.g. 'The TAC number will send to your email'. */
  onSent?: (msg: string) => void;
  disabled?: boolean;
  testId?: string;
};

/** "Send TAC" with a countdown (60 s by default) before another code can be requested. */
export function TacButton({ send, onSent, disabled, testId = 'tac-send' }: Props) {
  const { t } = useTranslation();
  const [left, setLeft] = useState(0);
  const [sending, setSending] = useState(false);

  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setLeft((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);

  const onClick = async () => {
    setSending(true);
    try {
      const { msg, resendIn } = await send();
      showToast(msg);
      onSent?.(msg);
      setLeft(resendIn && resendIn > 0 ? resendIn : TAC_RESEND_SECONDS);
    } catch {
      // Already shown by the API client.
    } finally {
      setSending(false);
    }
  };

  return (
    <Button
      size="small"
      color="primary"
      fill="outline"
      disabled={disabled || left > 0}
      loading={sending}
      onClick={onClick}
      data-testid={testId}
      data-countdown={left}
    >
      {left > 0 ? t('tac.resendIn', { seconds: left }) : t('tac.send')}
    </Button>
  );
}
