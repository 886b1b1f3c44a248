import { type ExchangeId, tradingAccountSave } from '@mp/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Form, Input } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageLayout } from '../../../components/PageLayout.tsx';
import { confirmDialog, showToast } from '../../../lib/feedback.ts';
import { showFieldErrors, zodRule } from '../../../lib/validate.ts';
import { accountsQuery, connectExchange, disconnectExchange, tradingKeys } from '../api.ts';
import '../trading.css';
import { formatDate } from '../../../lib/format.ts';

/** Exchanges whose API keys come with a passphrase. */
const WITH_PASSPHRASE = new Set<string>(['okx', 'bitget', 'kucoin']);

type Values = {
  exchange: ExchangeId;
  label?: string;
  api_key: string;
  api_secret: string;
  passphrase?: string;
};

/**
 * The member's exchange accounts (`/pages/trade/exchanges`): connect one with an API key (checked on the exchange
 * before it is kept, stored encrypted, shown afterwards only as a hint), trade on it, or disconnect it.
 */
export default function ExchangeAccountsPage() {
  const { t } = useTranslation('trading');
  const client = useQueryClient();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const { data } = useQuery(accountsQuery);
  const connected = data?.list.filter((a) => a.kind === 'exchange') ?? [];
  const exchanges = data?.exchanges ?? [];
  const exchange = Form.useWatch('exchange', form) ?? exchanges[0];
  const shape = tradingAccountSave.request.shape;

  const submit = async (v: Values) => {
    setBusy(true);
    try {
      const res = await connectExchange({
        exchange: v.exchange,
        api_key: v.api_key.trim(),
        api_secret: v.api_secret,
        label: v.label?.trim() || undefined,
        passphrase: WITH_PASSPHRASE.has(v.exchange) ? v.passphrase || undefined : undefined,
      });
      showToast(res.msg);
      form.resetFields();
      await client.invalidateQueries({ queryKey: tradingKeys.accounts });
    } catch (error) {
      showFieldErrors(form, error);
    } finally {
      setBusy(false);
    }
  };

  const disconnect = async (id: string, name: string) => {
    if (!(await confirmDialog(t('exchanges.disconnectConfirm', { name })))) return;
    const res = await disconnectExchange(id).catch(() => undefined);
    if (res) showToast(res.msg);
    await client.invalidateQueries({ queryKey: tradingKeys.accounts });
  };

  return (
    <PageLayout title={t('routes:/pages/trade/exchanges')} testId="exchange-accounts-page">
      <p className="trade-note">{t('exchanges.intro')}</p>
      <section aria-label={t('exchanges.connected')} data-testid="exchange-accounts">
        <h2 className="section-title">{t('exchanges.connected')}</h2>
        {data && connected.length === 0 && <p className="order-row">{t('exchanges.none')}</p>}
        {connected.map((a) => {
          const name = a.label || a.venue;
          return (
            <div className="order-row" key={a.id} data-testid={`exchange-account-${a.id}`}>
              <div className="top">
                <strong>
                  {name} <span className="venue-hint">({a.venue})</span>
                </strong>
                <Button
                  size="mini"
                  color="danger"
                  fill="outline"
                  onClick={() => void disconnect(a.id, name)}
                  data-testid={`disconnect-${a.id}`}
                >
                  {t('exchanges.disconnect')}
                </Button>
              </div>
              <span>
                {t('exchanges.key')} {a.key_hint} · {formatDate(a.created_at)} ·{' '}
                <Link to={`/pages/trade/onlinec?account=${a.id}`}>{t('trade')}</Link>
              </span>
            </div>
          );
        })}
      </section>
      <h2 className="section-title">{t('exchanges.connect')}</h2>
      <Form
        form={form}
        initialValues={{ exchange: 'binance' }}
        onFinish={submit}
        footer={
          <Button
            block
            type="submit"
            color="primary"
            size="large"
            loading={busy}
            data-testid="exchange-connect"
          >
            {t('exchanges.check')}
          </Button>
        }
      >
        <Form.Item name="exchange" label={t('exchanges.exchange')}>
          <select id="exchange-venue" data-testid="exchange-venue">
            {exchanges.map((x) => (
              <option key={x} value={x}>
                {t(`exchanges.names.${x}`, { defaultValue: x })}
              </option>
            ))}
          </select>
        </Form.Item>
        <Form.Item name="label" label={t('exchanges.label')} rules={[zodRule(shape.label, 'label')]}>
          <Input id="exchange-label" placeholder={t('exchanges.labelHint')} maxLength={40} />
        </Form.Item>
        <Form.Item name="api_key" label={t('exchanges.apiKey')} rules={[zodRule(shape.api_key, 'api_key')]}>
          <Input id="exchange-key" autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="api_secret"
          label={t('exchanges.apiSecret')}
          rules={[zodRule(shape.api_secret, 'api_secret')]}
        >
          <Input id="exchange-secret" type="password" autoComplete="off" />
        </Form.Item>
        {exchange && WITH_PASSPHRASE.has(exchange) && (
          <Form.Item
            name="passphrase"
            label={t('exchanges.passphrase')}
            rules={[zodRule(shape.passphrase, 'passphrase')]}
          >
            <Input id="exchange-passphrase" type="password" autoComplete="off" />
          </Form.Item>
        )}
      </Form>
      <p className="trade-note">{t('exchanges.safety')}</p>
    </PageLayout>
  );
}
