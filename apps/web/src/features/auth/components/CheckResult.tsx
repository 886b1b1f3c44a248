import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api.ts';

type Props = {
  checking: boolean;
  ok?: string;
  error?: unknown;
  testId: string;
};

/** The outcome of an as-you-type check, shown under its field. */
export function CheckResult({ checking, ok, error, testId }: Props) {
  const { t } = useTranslation('auth');
  if (checking) {
    return (
      <span className="field-hint" data-testid={testId} data-state="checking">
        {t('register.checking')}
      </span>
    );
  }
  if (error) {
    const text = error instanceof ApiError ? error.msg : t('register.checkFailed');
    return (
      <span className="field-error" data-testid={testId} data-state="error">
        {text}
      </span>
    );
  }
  if (ok) {
    return (
      <span className="field-ok" data-testid={testId} data-state="ok">
        {ok}
      </span>
    );
  }
  return null;
}
