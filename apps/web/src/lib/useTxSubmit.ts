import { useRef, useState } from 'react';
import { ApiError } from './api.ts';
import { i18n } from './i18n.ts';
import { useSubmissionKey } from './submissionKey.ts';

/** What the transaction-password sheet collects. */
export type TxSecrets = { tx_password: string; totp?: string };

export type TxOutcome<R> =
  | { state: 'form' }
  | { state: 'success'; result: R }
  | { state: 'error'; message: string; error: unknown };

type Pending<R> = {
  /** The request without secrets: it decides whether a confirmation is a retry of the same submission. */
  request: Record<string, unknown>;
  send: (secrets: TxSecrets, idempotencyKey: string) => Promise<R>;
};

const SHEET_FIELDS = ['tx_password', 'totp'] as const;

/**
 * The flow every money form shares: review -> transaction-password sheet -> send with an idempotency key
 * (kept for retries of the same request) -> a result view. Refusals about the password or code stay in
 * the sheet; any other refusal closes it and shows its message.
 */
export function useTxSubmit<R>(
  handlers: { onSuccess?: (result: R) => void; onError?: (error: unknown) => void } = {},
) {
  const keys = useSubmissionKey();
  const pending = useRef<Pending<R> | null>(null);
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<keyof TxSecrets, string>>>({});
  const [outcome, setOutcome] = useState<TxOutcome<R>>({ state: 'form' });

  const review = (request: Record<string, unknown>, send: Pending<R>['send']) => {
    pending.current = { request, send };
    setErrors({});
    setOpen(true);
  };

  const confirm = async (secrets: TxSecrets) => {
    const p = pending.current;
    if (!p) return;
    setBusy(true);
    try {
      const result = await p.send(secrets, keys.keyFor(p.request));
      keys.settled();
      setOpen(false);
      setOutcome({ state: 'success', result });
      handlers.onSuccess?.(result);
    } catch (error) {
      const sheetErrors: Partial<Record<keyof TxSecrets, string>> = {};
      if (error instanceof ApiError) {
        for (const field of SHEET_FIELDS) {
          const message = error.fieldError(field);
          if (message) sheetErrors[field] = message;
        }
      }
      if (Object.keys(sheetErrors).length > 0) {
        setErrors(sheetErrors);
        return;
      }
      setOpen(false);
      const message = error instanceof ApiError ? error.msg : i18n.t('common:errors.generic');
      setOutcome({ state: 'error', message, error });
      handlers.onError?.(error);
    } finally {
      setBusy(false);
    }
  };

  return {
    outcome,
    review,
    /** Back to the form (after a result), keeping what was typed. */
    backToForm: () => setOutcome({ state: 'form' }),
    sheet: { visible: open, onClose: () => setOpen(false), onConfirm: confirm, busy, errors },
  };
}
