import { useQuery } from '@tanstack/react-query';
import { Button, Input, Popup } from 'antd-mobile';
import { type FormEvent, type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { totpStatusQuery } from '../lib/totp.ts';
import type { TxSecrets } from '../lib/useTxSubmit.ts';

type Props = {
  visible: boolean;
  onClose: () => void;
  /** Runs the operation; the sheet stays open (showing `errors`) until the page closes it. */
  onConfirm: (secrets: TxSecrets) => void | Promise<void>;
  /**
   * Whether to ask for the authenticator code: true or false as the operation's rules say, or 'auto'
   * to ask whenever the member has two-factor on (Member/totpstatus).
   */
  totp?: boolean | 'auto';
  /** 'digits': a 6-digit PIN keypad entry; 'text' (default): any transaction password. */
  variant?: 'text' | 'digits';
  title?: ReactNode;
  /** What is being confirmed (amount, fee, recipient). */
  summary?: ReactNode;
  busy?: boolean;
  /** The server's messages for the sheet's fields, from a refusal. */
  errors?: Partial<Record<keyof TxSecrets, string>>;
  testId?: string;
};

const PIN_RE = /^\d{6}$/;
const TOTP_RE = /^\d{6,8}$/;

/** The bottom sheet that asks for the transaction password (and the authenticator code when two-factor is on). */
export function TxPasswordSheet({
  visible,
  onClose,
  onConfirm,
  totp = false,
  variant = 'text',
  title,
  summary,
  busy = false,
  errors = {},
  testId = 'tx-sheet',
}: Props) {
  const { t } = useTranslation();
  const status = useQuery({ ...totpStatusQuery, enabled: visible && totp === 'auto' });
  const askTotp = totp === 'auto' ? status.data?.enabled === true : totp;
  const form = useSecretsForm({ visible, askTotp, variant, busy, errors, onConfirm });

  return (
    <Popup
      visible={visible}
      onMaskClick={busy ? undefined : onClose}
      bodyClassName="tx-sheet"
      destroyOnClose
      data-testid={testId}
    >
      <form onSubmit={form.submit} data-testid={`${testId}-form`}>
        <div className="tx-sheet-head">
          <h2>{title ?? t('txSheet.title')}</h2>
          <button
            type="button"
            className="link-button"
            onClick={onClose}
            disabled={busy}
            aria-label={t('txSheet.close')}
            data-testid={`${testId}-cancel`}
          >
            {t('cancel')}
          </button>
        </div>
        {summary ? (
          <div className="tx-sheet-summary" data-testid={`${testId}-summary`}>
            {summary}
          </div>
        ) : null}
        <SecretFields form={form} askTotp={askTotp} variant={variant} testId={testId} />
        <Button
          block
          type="submit"
          color="primary"
          size="large"
          loading={busy}
          disabled={busy || (totp === 'auto' && status.isPending)}
          data-testid={`${testId}-confirm`}
        >
          {t('confirm')}
        </Button>
      </form>
    </Popup>
  );
}

type SecretsForm = ReturnType<typeof useSecretsForm>;

/**
 * The sheet's two inputs, their checks and the submit. The inputs empty when the sheet closes; the checks
 * show only after a first submit, and until then the server's messages (`errors`) show instead.
 */
function useSecretsForm({
  visible,
  askTotp,
  variant,
  busy,
  errors,
  onConfirm,
}: {
  visible: boolean;
  askTotp: boolean;
  variant: 'text' | 'digits';
  busy: boolean;
  errors: NonNullable<Props['errors']>;
  onConfirm: Props['onConfirm'];
}) {
  const { t } = useTranslation();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [checked, setChecked] = useState(false);

  useEffect(() => {
    if (!visible) {
      setPassword('');
      setCode('');
      setChecked(false);
    }
  }, [visible]);

  const passwordProblem = !password
    ? t('txSheet.passwordRequired')
    : variant === 'digits' && !PIN_RE.test(password)
      ? t('txSheet.pinInvalid')
      : undefined;
  const totpProblem = !askTotp
    ? undefined
    : !code
      ? t('txSheet.totpRequired')
      : !TOTP_RE.test(code)
        ? t('txSheet.totpInvalid')
        : undefined;
  const passwordError = (checked ? passwordProblem : undefined) ?? errors.tx_password;
  const totpError = (checked ? totpProblem : undefined) ?? errors.totp;

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    setChecked(true);
    if (passwordProblem || totpProblem || busy) return;
    void onConfirm(askTotp ? { tx_password: password, totp: code } : { tx_password: password });
  };

  return { password, setPassword, code, setCode, passwordError, totpError, submit };
}

/** The password input (a 6-digit PIN for 'digits') and, when asked, the authenticator code input. */
function SecretFields({
  form,
  askTotp,
  variant,
  testId,
}: {
  form: SecretsForm;
  askTotp: boolean;
  variant: 'text' | 'digits';
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <>
      <label className="tx-sheet-field" htmlFor={`${testId}-password`}>
        <span>{t('txSheet.password')}</span>
        <Input
          id={`${testId}-password`}
          data-testid={`${testId}-password`}
          type="password"
          autoComplete="off"
          inputMode={variant === 'digits' ? 'numeric' : undefined}
          maxLength={variant === 'digits' ? 6 : 128}
          placeholder={variant === 'digits' ? t('txSheet.pinPlaceholder') : t('txSheet.passwordPlaceholder')}
          value={form.password}
          onChange={form.setPassword}
          onEnterPress={() => form.submit()}
          autoFocus
        />
        <FieldError testId={`${testId}-password-error`} error={form.passwordError} />
      </label>
      {askTotp ? (
        <label className="tx-sheet-field" htmlFor={`${testId}-totp`}>
          <span>{t('txSheet.totp')}</span>
          <Input
            id={`${testId}-totp`}
            data-testid={`${testId}-totp`}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={8}
            placeholder={t('txSheet.totpPlaceholder')}
            value={form.code}
            onChange={(v) => form.setCode(v.replace(/\D/g, ''))}
            onEnterPress={() => form.submit()}
          />
          <FieldError testId={`${testId}-totp-error`} error={form.totpError} />
        </label>
      ) : null}
    </>
  );
}

function FieldError({ testId, error }: { testId: string; error: string | undefined }) {
  return error ? (
    <span className="field-error" data-testid={testId}>
      {error}
    </span>
  ) : null;
}
