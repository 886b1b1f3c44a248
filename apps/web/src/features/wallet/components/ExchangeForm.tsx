import type { ResponseOf } from '@mp/contract';
import type { exchangeMenu, exchangeQuote } from '@mp/contract/web';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Form, List } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AmountField, useTypedAmount } from '../../../components/AmountField.tsx';
import { FilterChips } from '../../../components/FilterChips.tsx';
import { Money } from '../../../components/Money.tsx';
import { EmptyBlock, LoadFailed, LoadingBlock } from '../../../components/PageStates.tsx';
import { moneyDetail, TxFlowView, TxForm } from '../../../components/TxFlowView.tsx';
import { decimalsOf, formatMoney, toWireAmount } from '../../../lib/money.ts';
import { refreshAfterAction } from '../../../lib/refreshAfterAction.ts';
import { useTxSubmit } from '../../../lib/useTxSubmit.ts';
import { exchangeMenuQuery, quoteQuery, sendExchange, walletKeys } from '../api.ts';
import { historyPath } from '../paths.ts';
import { WalletSourceNote } from './WalletSourceNote.tsx';

type Values = { amount: string };
type Pair = ResponseOf<typeof exchangeMenu>['list'][number];
type Quote = ResponseOf<typeof exchangeQuote>;

const pairKey = (p: { from: string; to: string }) => `${p.from}-${p.to}`;

/** Exchange between USDT and the platform token at the quoted rate, with a live quote as the amount is typed. */
export function ExchangeForm() {
  const { t } = useTranslation('wallet');
  const [form] = Form.useForm<Values>();
  const queryClient = useQueryClient();
  const menu = useQuery(exchangeMenuQuery);
  const [picked, setPicked] = useState<string | undefined>();
  const flow = useTxSubmit<Awaited<ReturnType<typeof sendExchange>>>({
    onSuccess: () => refreshAfterAction(queryClient, [walletKeys.all], [walletKeys.quotes]),
  });
  const pair = menu.data?.list.find((p) => pairKey(p) === picked) ?? menu.data?.list[0];
  const decimals = decimalsOf(pair?.from ?? 'USDT');
  const limits = { decimals, asset: pair?.from ?? '', min: pair?.min_amount, available: pair?.available };
  const { wire, settled: quoteAmount } = useTypedAmount(form, limits, pair !== undefined);
  const quote = useQuery(quoteQuery(pair?.from ?? '', pair?.to ?? '', quoteAmount));

  if (menu.isPending) return <LoadingBlock testId="exchange-loading" />;
  if (menu.isError) return <LoadFailed onRetry={() => void menu.refetch()} testId="exchange-error" />;
  if (!pair) return <EmptyBlock text={t('exchange.unavailable')} testId="exchange-empty" />;

  const quoted = quote.data && quote.data.amount === wire && quoteAmount === wire ? quote.data : undefined;

  const onFinish = (v: Values) => {
    const request = { from: pair.from, to: pair.to, amount: toWireAmount(v.amount, decimals) ?? '' };
    flow.review(request, (secrets, idempotency_key) =>
      sendExchange({ ...request, tx_password: secrets.tx_password, idempotency_key }),
    );
  };

  return (
    <TxFlowView
      flow={flow}
      form={form}
      testId="exchange"
      result={{
        successTitle: t('exchange.success'),
        details: (r) => [
          moneyDetail(t('exchange.pay'), r.amount, r.asset, 'exchange-result-amount'),
          moneyDetail(t('exchange.receive'), r.receive, r.to, 'exchange-result-receive'),
          moneyDetail(t('common:money.fee'), r.fee, r.asset, 'exchange-result-fee'),
          { label: t('reference'), value: r.id, testId: 'exchange-result-id' },
        ],
        againLabel: t('exchange.again'),
        failedTitle: t('exchange.failed'),
        backLabel: t('backToEdit'),
        link: (
          <Link to={historyPath({ view: 'movements' })} data-testid="exchange-history-link">
            {t('viewHistory')}
          </Link>
        ),
      }}
      summary={
        <p>
          {t('exchange.confirmText')} <Money value={wire || '0'} asset={pair.from} /> →{' '}
          {quoted ? <Money value={quoted.receive} asset={pair.to} /> : pair.to}
        </p>
      }
    >
      <WalletSourceNote action="exchange" />
      <TxForm form={form} onFinish={onFinish} testId="exchange" submitLabel={t('exchange.submit')}>
        <PairField
          pairs={menu.data.list}
          value={pairKey(pair)}
          onChange={(key) => {
            setPicked(key);
            form.resetFields(['amount']);
          }}
        />
        <AmountField
          form={form}
          testId="exchange"
          label={t('exchange.pay')}
          limits={{ ...limits, min: pair.min_amount, available: pair.available }}
          allLabel={t('all')}
        />
      </TxForm>
      <ExchangePreview pair={pair} quoted={quoted} fetching={quote.isFetching} />
      {quote.error && wire ? (
        <p className="field-error page-section" data-testid="exchange-quote-error">
          {quote.error.message}
        </p>
      ) : null}
    </TxFlowView>
  );
}

/** The pairs to exchange between. */
function PairField({
  pairs,
  value,
  onChange,
}: {
  pairs: Pair[];
  value: string;
  onChange: (key: string) => void;
}) {
  const { t } = useTranslation('wallet');
  return (
    <Form.Item label={t('exchange.pair')}>
      <FilterChips
        options={pairs.map((p) => ({ key: pairKey(p), label: `${p.from} → ${p.to}` }))}
        value={value}
        onChange={onChange}
        label={t('exchange.pair')}
        testId="exchange-pair"
      />
    </Form.Item>
  );
}

/** The rate (the quote's once it answers), the spread, and what the typed amount receives. */
function ExchangePreview({
  pair,
  quoted,
  fetching,
}: {
  pair: Pair;
  quoted: Quote | undefined;
  /** Whether a quote is on its way (the receive line says so). */
  fetching: boolean;
}) {
  const { t } = useTranslation('wallet');
  return (
    <List header={t('preview')} data-testid="exchange-preview">
      <List.Item
        extra={
          // The rate is what one unit buys: every digit, on purpose.
          <span data-testid="exchange-rate" data-exact>
            {t('exchange.rateText', {
              from: pair.from,
              to: pair.to,
              rate: formatMoney(quoted?.rate ?? pair.rate, { decimals: decimalsOf(pair.to) }),
            })}
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
            <span data-testid="exchange-receive" data-state={fetching ? 'loading' : 'none'}>
              {fetching ? t('quoting') : '—'}
            </span>
          )
        }
      >
        {t('exchange.receive')}
      </List.Item>
    </List>
  );
}
