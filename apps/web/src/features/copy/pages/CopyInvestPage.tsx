import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Checkbox, Form, List, Switch } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { AmountField } from '../../../components/AmountField.tsx';
import { Money } from '../../../components/Money.tsx';
import { PageLayout } from '../../../components/PageLayout.tsx';
import { EmptyBlock, LoadFailed, LoadingBlock } from '../../../components/PageStates.tsx';
import { moneyDetail, TxFlowView, TxForm } from '../../../components/TxFlowView.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { decimalsOf, toWireAmount } from '../../../lib/money.ts';
import { useTxSubmit } from '../../../lib/useTxSubmit.ts';
import { type CopyPackage, copyKeys, invest, packagesQuery } from '../api.ts';
import { StopLossField } from '../components/StopLossField.tsx';
import '../../trading/trading.css';
import '../copy.css';

type Values = { amount: string; stop_loss_percent?: string; auto_renew?: boolean; agree?: boolean };
type FormInstance<V> = ReturnType<typeof Form.useForm<V>>[0];
const DECIMALS = decimalsOf('USDT');

/**
 * `/pages/copy/invest?package=&trader=`: investing in a package from the trading wallet (the company strategy's
 * when there is no trader): the amount, a stop-copy loss limit, auto-renew and the agreement, confirmed with the
 * transaction password.
 */
export default function CopyInvestPage() {
  const { t } = useTranslation('trading');
  const [params] = useSearchParams();
  const trader = params.get('trader') ?? '';
  const packageId = params.get('package') ?? '';
  const client = useQueryClient();
  const [form] = Form.useForm<Values>();
  const q = useQuery(packagesQuery(trader));
  const flow = useTxSubmit<Awaited<ReturnType<typeof invest>>['data']>({
    onSuccess: () => void client.invalidateQueries({ queryKey: copyKeys.all }),
  });
  const p = q.data?.list.find((x) => x.id === packageId);

  const onFinish = (v: Values) => {
    if (!p) return;
    const request = {
      package_id: p.id,
      amount: toWireAmount(v.amount, DECIMALS) ?? '',
      agree: Boolean(v.agree),
      stop_loss_percent: Number(v.stop_loss_percent || 0),
      auto_renew: Boolean(v.auto_renew),
    };
    flow.review(
      request,
      async (secrets, idempotency_key) =>
        (await invest({ ...request, tx_password: secrets.tx_password, idempotency_key }, trader === '')).data,
    );
  };

  return (
    <PageLayout title={t('routes:/pages/copy/invest')} testId="copy-invest-page">
      {q.isPending && <LoadingBlock />}
      {q.isError && <LoadFailed onRetry={() => void q.refetch()} />}
      {q.data && !p && <EmptyBlock text={t('copy.noPackage')} />}
      {p && (
        <>
          <PackageTerms p={p} />
          <p className="trade-note">{t('copy.investNote')}</p>
          <TxFlowView
            flow={flow}
            form={form}
            testId="copy-invest"
            result={{
              successTitle: t('copy.invested'),
              details: (r) => [
                moneyDetail(t('copy.amount'), r.principal, 'USDT', 'copy-invest-result-amount'),
                {
                  label: t('copy.ends'),
                  value: formatDateTime(r.ends_at),
                  testId: 'copy-invest-result-ends',
                },
              ],
              leadAction: (
                <Link
                  to={`/pages/copy/investment?id=${flow.outcome.state === 'success' ? flow.outcome.result.id : ''}`}
                  className="adm-button adm-button-primary adm-button-block"
                  data-testid="copy-invest-view"
                >
                  {t('copy.viewInvestment')}
                </Link>
              ),
              againLabel: t('copy.investAgain'),
              failedTitle: t('copy.investFailed'),
              backLabel: t('copy.backToEdit'),
            }}
            summary={
              <p>
                {t('copy.confirmInvest', { trader: p.trader_name, package: p.name })}{' '}
                <Money
                  value={toWireAmount(form.getFieldValue('amount') ?? '', DECIMALS) ?? '0'}
                  asset="USDT"
                />
              </p>
            }
          >
            <TxForm form={form} onFinish={onFinish} testId="copy-invest" submitLabel={t('copy.investSubmit')}>
              <InvestFields form={form} p={p} available={q.data?.trading_available ?? '0'} />
            </TxForm>
            <p className="page-section">
              <Link to="/pages/copy/fund" data-testid="copy-invest-fund">
                {t('copy.fundTrading')}
              </Link>
            </p>
          </TxFlowView>
        </>
      )}
    </PageLayout>
  );
}

/** The package's trader, name and terms. */
function PackageTerms({ p }: { p: CopyPackage }) {
  const { t } = useTranslation('trading');
  return (
    <List header={p.trader_name} data-testid="copy-invest-package">
      <List.Item extra={p.name}>{t('copy.package')}</List.Item>
      <List.Item extra={t('copy.termDays', { count: p.term_days })}>{t('copy.term')}</List.Item>
      <List.Item extra={`${p.share_percent}%`}>{t('copy.share')}</List.Item>
      <List.Item extra={`${p.fee_percent}%`}>{t('copy.fee')}</List.Item>
    </List>
  );
}

/** The amount (from the package's minimum to what the trading wallet holds), the loss limit, auto-renew and the agreement. */
function InvestFields({
  form,
  p,
  available,
}: {
  form: FormInstance<Values>;
  p: CopyPackage;
  available: string;
}) {
  const { t } = useTranslation('trading');
  return (
    <>
      <AmountField
        form={form}
        testId="copy-invest"
        label={t('copy.amount')}
        limits={{
          decimals: DECIMALS,
          asset: 'USDT',
          min: p.min_amount,
          available,
        }}
        allLabel={t('copy.all')}
      />
      <StopLossField id="copy-invest-stop" />
      <Form.Item name="auto_renew" label={t('copy.autoRenew')} valuePropName="checked">
        <Switch data-testid="copy-invest-renew" />
      </Form.Item>
      <Form.Item
        name="agree"
        valuePropName="checked"
        rules={[
          {
            validator: (_r, v) =>
              v ? Promise.resolve() : Promise.reject(new Error(t('copy.investAgreeRequired'))),
          },
        ]}
      >
        <Checkbox data-testid="copy-invest-agree">{t('copy.investAgree')}</Checkbox>
      </Form.Item>
    </>
  );
}
