import { Button, Form } from 'antd-mobile';
import type { ReactNode } from 'react';
import type { useTxSubmit } from '../lib/useTxSubmit.ts';
import { type AppForm, showFieldErrors } from '../lib/validate.ts';
import { Money } from './Money.tsx';
import { OperationResult, type ResultDetail } from './OperationResult.tsx';
import { TxPasswordSheet } from './TxPasswordSheet.tsx';

/** What `useTxSubmit` returns. */
export type TxFlow<R> = ReturnType<typeof useTxSubmit<R>>;

/** A result detail that is an amount of an asset. */
export function moneyDetail(label: string, value: string, asset: string, testId: string): ResultDetail {
  // A result is a detail: every digit, as the server has it.
  return { label, value: <Money value={value} asset={asset} exact />, testId };
}

/** The texts and actions of a money form's result view. */
export type TxResultSpec<R> = {
  successTitle: string;
  successDescription?: string;
  details: (result: R) => ResultDetail[];
  /** "Make another": clears the form and shows it again. */
  againLabel: string;
  /** A main action shown before "again" on success ("again" is then a secondary, unfilled button). */
  leadAction?: ReactNode;
  failedTitle: string;
  /** "Back to edit": shows the form again, keeping what was typed and marking the fields the refusal named. */
  backLabel: string;
  /** Shown after the buttons on success (e.g. a link to the records), and on failure too when `linkOnError`. */
  link?: ReactNode;
  linkOnError?: boolean;
};

type Props<R> = {
  flow: TxFlow<R>;
  form: AppForm;
  /** Prefix of the test ids: `${testId}-result`, `-again`, `-back`, `-sheet`. */
  testId: string;
  result: TxResultSpec<R>;
  /** The transaction-password sheet's summary of what is being confirmed. */
  summary?: ReactNode;
  /** Whether the sheet asks for the authenticator code too. */
  totp?: boolean;
  /** The form and its preview: hidden (kept, with what was typed) while a result is shown. */
  children: ReactNode;
};

/** A money form's review -> transaction-password sheet -> result flow around the form itself. */
export function TxFlowView<R>({ flow, form, testId, result, summary, totp, children }: Props<R>) {
  const { outcome } = flow;
  return (
    <>
      {outcome.state === 'success' ? (
        <OperationResult
          testId={`${testId}-result`}
          status="success"
          title={result.successTitle}
          description={result.successDescription}
          details={result.details(outcome.result)}
          actions={
            <>
              {result.leadAction}
              <Button
                block
                color={result.leadAction ? 'default' : 'primary'}
                fill={result.leadAction ? 'none' : 'solid'}
                onClick={() => {
                  form.resetFields();
                  flow.backToForm();
                }}
                data-testid={`${testId}-again`}
              >
                {result.againLabel}
              </Button>
              {result.link}
            </>
          }
        />
      ) : null}
      {outcome.state === 'error' ? (
        <OperationResult
          testId={`${testId}-result`}
          status="error"
          title={result.failedTitle}
          description={outcome.message}
          actions={
            <>
              <Button
                block
                color="primary"
                onClick={() => {
                  flow.backToForm();
                  showFieldErrors(form, outcome.error);
                }}
                data-testid={`${testId}-back`}
              >
                {result.backLabel}
              </Button>
              {result.linkOnError ? result.link : null}
            </>
          }
        />
      ) : null}
      <div hidden={outcome.state !== 'form'}>{children}</div>
      <TxPasswordSheet {...flow.sheet} totp={totp} testId={`${testId}-sheet`} summary={summary} />
    </>
  );
}

type FormProps<V> = {
  form: AppForm;
  onFinish: (values: V) => void;
  /** Prefix of the test ids: `${testId}-form`, `${testId}-submit`. */
  testId: string;
  submitLabel: string;
  children: ReactNode;
};

/** A money form with its full-width submit button (which opens the review). */
export function TxForm<V>({ form, onFinish, testId, submitLabel, children }: FormProps<V>) {
  return (
    <Form
      form={form}
      onFinish={onFinish}
      data-testid={`${testId}-form`}
      footer={
        <Button block type="submit" color="primary" size="large" data-testid={`${testId}-submit`}>
          {submitLabel}
        </Button>
      }
    >
      {children}
    </Form>
  );
}
