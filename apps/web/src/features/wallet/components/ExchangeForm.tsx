import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Form, Input, List } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FilterChips } from '../../../components/FilterChips.tsx';
import { Money } from '../../../components/Money.tsx';
import { OperationResult } from '../../../components/OperationResult.tsx';
import { EmptyBlock, LoadFailed, LoadingBlock } from '../../../components/PageStates.tsx';
import { TxPasswordSheet } from '../../../components/TxPasswordSheet.tsx';
import { decimalsOf, toWireAmount } from '../../../lib/money.ts';
import { useDebounced } from '../../../lib/useDebounced.ts';
import { useTxSubmit } from '../../../lib/useTxSubmit.ts';
import { amountProblem, amountRule, showFieldErrors } from '../../../lib/validate.ts';
import { exchangeMenuQuery, quoteQuery, sendExchange, walletKeys } from '../api.ts';
import { historyPath } from '../paths.ts';

type Values = { amount: string };

const pairKey = (p: { from: string; to: string }) => `${p.from}-${p.to}`;

/** Exchange between USDT and the platform token at the quoted rate, with a live quote as the amount is typed. */
export function ExchangeForm() {
  const { t } = useTranslation('wallet');
  const [form] = Form.useForm<Values>();
  const queryClient = useQueryClient();
  const menu = useQuery(exchangeMenuQuery);
  const [picked, setPicked] = useState<string | undefined>();
  const flow = useTxSubmit<Awaited<ReturnType<typeof sendExchange>>>({
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: walletKeys.all }),
  });
  const typed: unknown = Form.useWatch('amount', form);
  const pair = menu.data?.list.find((p) => pairKey(p) === picked) ?? menu.data?.list[0];
  const decimals = decimalsOf(pair?.from ?? 'USDT');
  const typedText = typeof typed === 'string' ? typed : '';
  const limits = { decimals, asset: pair?.from ?? '', min: pair?.min_amount, available: pair?.available };
  const wire = pair && !amountProblem(typedText, limits) ? (toWireAmount(typedText, decimals) ?? '') : '';
  const quoteAmount = useDebounced(wire, 300);
  const quote = useQuery(quoteQuery(pair?.from ?? '', pair?.to ?? '', quoteAmount));

  if (menu.isPending) return <LoadingBlock testId="exchange-loading" />;
  if (menu.isError) return <LoadFailed onRetry={() => void menu.refetch()} testId="exchange-error" />;
  if (!pair) return <EmptyBlock text={t('exchange.unavailable')} testId="exchange-empty" />;

  let result = null;
  if (flow.outcome.state === 'success') {
    const r = flow.outcome.result;
    result = (
      <OperationResult
        testId="exchange-result"
        status="success"
        title={t('exchange.success')}
        details={[
          {
            label: t('exchange.pay'),
            value: <Money value={r.amount} asset={r.asset} />,
            testId: 'exchange-result-amount',
          },
          {
            label: t('exchange.receive'),
            value: <Money value={r.receive} asset={r.to} />,
            testId: 'exchange-result-receive',
          },
          {
            label: t('common:money.fee'),
            value: <Money value={r.fee} asset={r.asset} />,
            testId: 'exchange-result-fee',
          },
          { label: t('reference'), value: r.id, testId: 'exchange-result-id' },
        ]}
        actions={
          <>
            <Button
              block
              color="primary"
              onClick={() => {
                form.resetFields();
                flow.backToForm();
              }}
              data-testid="exchange-again"
            >
              {t('exchange.again')}
            </Button>
            <Link to={historyPath({ view: 'movements' })} data-testid="exchange-history-link">
              {t('viewHistory')}
            </Link>
          </>
        }
      />
    );
  } else if (flow.outcome.state === 'error') {
    const { error, message } = flow.outcome;
    result = (
      <OperationResult
        testId="exchange-result"
        status="error"
        title={t('exchange.failed')}
        description={message}
        actions={
          <Button
            block
            color="primary"
            onClick={() => {
              flow.backToForm();
              showFieldErrors(form, error);
            }}
            data-testid="exchange-back"
          >
            {t('backToEdit')}
          </Button>
        }
      />
    );
  }

  const quoted = quote.data && quote.data.amount === wire && quoteAmount === wire ? quote.data : undefined;

  const onFinish = (v: Values) => {
    const request = { from: pair.from, to: pair.to, amount: toWireAmount(v.amount, decimals) ?? '' };
    flow.review(request, (secrets, idempotency_key) =>
      sendExchange({ ...request, tx_password: secrets.tx_password, idempotency_key }),
    );
  };

  return (
    <>
      {result}
      <div hidden={result !== null}>
        <Form
          form={form}
          onFinish={onFinish}
          data-testid="exchange-form"
          footer={
            <Button block type="submit" color="primary" size="large" data-testid="exchange-submit">
              {t('exchange.submit')}
            </Button>
          }
        >
          <Form.Item label={t('exchange.pair')}>
            <FilterChips
              options={menu.data.list.map((p) => ({ key: pairKey(p), label: `${p.from} → ${p.to}` }))}
              value={pairKey(pair)}
              onChange={(key) => {
                setPicked(key);
                form.resetFields(['amount']);
              }}
              label={t('exchange.pair')}
              testId="exchange-pair"
            />
          </Form.Item>
          <Form.Item
            name="amount"
            label={t('exchange.pay')}
            rules={[amountRule(limits)]}
            description={
              <span className="field-hint">
                {t('common:money.available')}:{' '}
                <Money value={pair.available} asset={pair.from} testId="exchange-available" />
                {' · '}
                {t('common:money.minimum')}:{' '}
                <Money value={pair.min_amount} asset={pair.from} testId="exchange-min" />
              </span>
            }
            extra={
              <button
                type="button"
                className="link-button"
                onClick={() => form.setFieldsValue({ amount: pair.available })}
                data-testid="exchange-all"
              >
                {t('all')}
              </button>
            }
          >
            <Input
              id="exchange-amount"
              data-testid="exchange-amount"
              inputMode="decimal"
              placeholder="0.00"
            />
          </Form.Item>
        </Form>
        <List header={t('preview')} data-testid="exchange-preview">
          <List.Item
            extra={
              <span data-testid="exchange-rate">
                {t('exchange.rateText', { from: pair.from, to: pair.to, rate: quoted?.rate ?? pair.rate })}
              </span>
            }
          >
            {t('exchange.rate')}
          </List.Item>
          <List.Item extra={<span data-testid="exchange-spread">{pair.spread_percent}%</span>}>
            {t('exchange.spread')}
          </List.Item>
          <List.Item
            extra={
              quoted ? (
                <Money value={quoted.receive} asset={pair.to} testId="exchange-receive" />
              ) : (
                <span data-testid="exchange-receive" data-state={quote.isFetching ? 'loading' : 'none'}>
                  {quote.isFetching ? t('quoting') : '—'}
                </span>
              )
            }
          >
            {t('exchange.receive')}
          </List.Item>
        </List>
        {quote.error && wire ? (
          <p className="field-error page-section" data-testid="exchange-quote-error">
            {quote.error.message}
          </p>
        ) : null}
      </div>
      <TxPasswordSheet
        {...flow.sheet}
        testId="exchange-sheet"
        summary={
          <p>
            {t('exchange.confirmText')} <Money value={wire || '0'} asset={pair.from} /> →{' '}
            {quoted ? <Money value={quoted.receive} asset={pair.to} /> : pair.to}
          </p>
        }
      />
    </>
  );
}
