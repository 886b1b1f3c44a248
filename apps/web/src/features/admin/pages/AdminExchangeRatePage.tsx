import { PLATFORM_TOKEN } from '@mp/contract/web';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Form, Input, List } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLayout } from '../../../components/PageLayout.tsx';
import { EmptyBlock, LoadFailed, LoadingBlock } from '../../../components/PageStates.tsx';
import { showToast } from '../../../lib/feedback.ts';
import { showFieldErrors } from '../../../lib/validate.ts';
import { adminKeys, exchangeRateQuery, setExchangeRate } from '../api.ts';
import { type Checked, checkPrice, checkSpread } from '../rateRules.ts';
import { decimalsOf, formatAsset, formatMoney } from '../../../lib/money.ts';

type Values = { price_usdt: string; spread_percent: string };

const ruleOf = (check: (text: string) => Checked) => ({
  validator: async (_rule: unknown, value: unknown) => {
    const result = check(typeof value === 'string' ? value : '');
    if (!result.ok) throw new Error(result.problem);
  },
});

/** The platform token's price in USDT and the spread members pay when they exchange. */
export default function AdminExchangeRatePage() {
  const { t } = useTranslation('admin');
  const current = useQuery(exchangeRateQuery);

  let body = null;
  if (current.isPending) body = <LoadingBlock testId="rate-loading" />;
  else if (current.isError) body = <LoadFailed onRetry={() => void current.refetch()} testId="rate-error" />;
  else {
    const { price_usdt, spread_percent, pairs } = current.data;
    body = (
      <>
        <List header={t('rate.current')} data-testid="rate-current">
          <List.Item
            extra={
              <span data-testid="rate-current-price" data-exact>
                {price_usdt ? formatAsset(price_usdt, 'USDT') : '-'}
              </span>
            }
          >
            {t('rate.price', { token: PLATFORM_TOKEN })}
          </List.Item>
          <List.Item
            extra={
              <span data-testid="rate-current-spread">{spread_percent ? `${spread_percent}%` : '-'}</span>
            }
          >
            {t('rate.spread')}
          </List.Item>
        </List>
        {pairs.length === 0 ? (
          <EmptyBlock text={t('rate.noPairs')} testId="rate-pairs-empty" />
        ) : (
          <List header={t('rate.memberRates')} data-testid="rate-pairs">
            {pairs.map((p) => (
              <List.Item
                key={`${p.from}-${p.to}`}
                extra={
                  // What one unit buys: every digit, on purpose.
                  <span data-testid={`rate-pair-${p.from}-${p.to}`} data-exact>
                    {formatMoney(p.rate, { decimals: decimalsOf(p.to) })}
                  </span>
                }
              >
                {t('rate.pair', { from: p.from, to: p.to })}
              </List.Item>
            ))}
          </List>
        )}
        <RateForm key={`${price_usdt}/${spread_percent}`} initial={{ price_usdt, spread_percent }} />
      </>
    );
  }
  return (
    <PageLayout title={t('routes:/pages/admin/rate')} testId="admin-rate-page">
      {body}
    </PageLayout>
  );
}

function RateForm({ initial }: { initial: Values }) {
  const { t } = useTranslation('admin');
  const [form] = Form.useForm<Values>();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);

  const save = async (v: Values) => {
    const price = checkPrice(v.price_usdt);
    const spread = checkSpread(v.spread_percent);
    if (!price.ok || !spread.ok) return;
    setBusy(true);
    try {
      const { msg } = await setExchangeRate({ price_usdt: price.wire, spread_percent: spread.wire });
      showToast(msg);
      await queryClient.invalidateQueries({ queryKey: adminKeys.rate });
    } catch (error) {
      showFieldErrors(form, error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form
      form={form}
      initialValues={initial}
      onFinish={save}
      data-testid="rate-form"
      footer={
        <Button block type="submit" color="primary" size="large" loading={busy} data-testid="rate-submit">
          {t('rate.save')}
        </Button>
      }
    >
      <Form.Header>{t('rate.set')}</Form.Header>
      <Form.Item
        name="price_usdt"
        label={t('rate.price', { token: PLATFORM_TOKEN })}
        rules={[ruleOf(checkPrice)]}
      >
        <Input id="rate-price" data-testid="rate-price" inputMode="decimal" />
      </Form.Item>
      <Form.Item name="spread_percent" label={t('rate.spread')} rules={[ruleOf(checkSpread)]}>
        <Input id="rate-spread" data-testid="rate-spread" inputMode="decimal" />
      </Form.Item>
    </Form>
  );
}
