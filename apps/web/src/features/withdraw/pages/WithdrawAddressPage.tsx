import type { ResponseOf } from '@mp/contract';
import type { withdrawAddressType } from '@mp/contract/web';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Form, Input, List, NoticeBar } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FilterChips } from '../../../components/FilterChips.tsx';
import { PageLayout } from '../../../components/PageLayout.tsx';
import { SecurityHoldBanner } from '../../../components/SecurityHoldBanner.tsx';
import { EmptyBlock, LoadFailed, LoadingBlock } from '../../../components/PageStates.tsx';
import { TxPasswordSheet } from '../../../components/TxPasswordSheet.tsx';
import { ApiError } from '../../../lib/api.ts';
import { showToast } from '../../../lib/feedback.ts';
import { securityStateKeys } from '../../../lib/security-state.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useTxSubmit } from '../../../lib/useTxSubmit.ts';
import { showFieldErrors } from '../../../lib/validate.ts';
import { addressTypesQuery, bindAddress, boundAddressQuery, withdrawKeys } from '../api.ts';
import { WITHDRAW_PATH } from '../paths.ts';

type Values = { address: string; password?: string };
type AddressType = ResponseOf<typeof withdrawAddressType>['list'][number];

function BindForm() {
  const { t } = useTranslation('withdraw');
  const [form] = Form.useForm<Values>();
  const queryClient = useQueryClient();
  const types = useQuery(addressTypesQuery);
  const [picked, setPicked] = useState<string | undefined>();
  // Binding again after customer service unbound an address is a change: the server asks for the login password.
  const [askPassword, setAskPassword] = useState(false);
  const flow = useTxSubmit({
    onSuccess: () => {
      showToast(t('address.bound'));
      void queryClient.invalidateQueries({ queryKey: withdrawKeys.all });
      void queryClient.invalidateQueries({ queryKey: securityStateKeys.state });
    },
    onError: (error) => {
      if (error instanceof ApiError && error.fieldError('password')) setAskPassword(true);
      showFieldErrors(form, error);
    },
  });

  if (types.isPending) return <LoadingBlock testId="address-types-loading" />;
  if (types.isError) return <LoadFailed onRetry={() => void types.refetch()} testId="address-types-error" />;
  const list = types.data.list;
  if (list.length === 0) return <EmptyBlock text={t('address.noTypes')} testId="address-types-empty" />;
  const type = list.find((x) => x.code === picked) ?? list[0];
  if (!type) return null;
  const refusal = flow.outcome.state === 'error' ? flow.outcome : null;

  const onFinish = (v: Values) => {
    const request = { address: v.address.trim(), address_type: type.code };
    const password = askPassword && v.password ? { password: v.password } : {};
    flow.review(request, (secrets) =>
      bindAddress({
        ...request,
        ...password,
        tx_password: secrets.tx_password,
        ...(secrets.totp ? { totp: secrets.totp } : {}),
      }),
    );
  };

  return (
    <>
      <SecurityHoldBanner />
      <NoticeBar content={t('address.onceWarning')} color="alert" wrap data-testid="address-once-warning" />
      {refusal ? (
        <p className="field-error page-section" role="alert" data-testid="address-error">
          {refusal.message}
        </p>
      ) : null}
      <Form
        form={form}
        onFinish={onFinish}
        onValuesChange={() => {
          if (refusal) flow.backToForm();
        }}
        data-testid="address-form"
        footer={
          <Button block type="submit" color="primary" size="large" data-testid="address-submit">
            {t('address.submit')}
          </Button>
        }
      >
        <AddressTypeField
          list={list}
          value={type.code}
          onChange={(code) => {
            setPicked(code);
            if (refusal) flow.backToForm();
          }}
        />
        <Form.Item
          name="address"
          label={t('address.label')}
          rules={[{ required: true, whitespace: true, message: t('address.required') }]}
        >
          <Input
            id="address-input"
            data-testid="address-input"
            placeholder={t('address.placeholder')}
            autoComplete="off"
          />
        </Form.Item>
        {askPassword ? <PasswordField /> : null}
      </Form>
      <TxPasswordSheet
        {...flow.sheet}
        totp="auto"
        testId="address-sheet"
        summary={<p>{t('address.confirmText', { type: type.name })}</p>}
      />
    </>
  );
}

/** The address types to choose from (the chain and format of the address). */
function AddressTypeField({
  list,
  value,
  onChange,
}: {
  list: AddressType[];
  value: string;
  onChange: (code: string) => void;
}) {
  const { t } = useTranslation('withdraw');
  return (
    <Form.Item label={t('address.type')}>
      <FilterChips
        options={list.map((x) => ({ key: x.code, label: x.name }))}
        value={value}
        onChange={onChange}
        label={t('address.type')}
        testId="address-type"
      />
    </Form.Item>
  );
}

/** The login password, asked when binding again after customer service unbound an address. */
function PasswordField() {
  const { t } = useTranslation('withdraw');
  return (
    <Form.Item
      name="password"
      label={t('address.password')}
      description={<span className="field-hint">{t('address.passwordWhy')}</span>}
      rules={[{ required: true, message: t('address.passwordRequired') }]}
    >
      <Input
        id="address-password"
        data-testid="address-password"
        type="password"
        autoComplete="current-password"
      />
    </Form.Item>
  );
}

/** Binds the withdrawal address once; afterwards it is shown read-only with the customer-service message. */
export default function WithdrawAddressPage() {
  const { t } = useTranslation('withdraw');
  const bound = useQuery(boundAddressQuery);
  const navigate = useNavigate();
  let body = null;
  if (bound.isPending) body = <LoadingBlock testId="address-loading" />;
  else if (bound.isError)
    body = <LoadFailed onRetry={() => void bound.refetch()} testId="address-load-error" />;
  else if (bound.data.bound) {
    body = (
      <section data-testid="address-bound">
        <List>
          <List.Item description={t('address.type')} data-testid="address-bound-type">
            {bound.data.address_type}
          </List.Item>
          <List.Item description={t('address.label')}>
            <span className="address-text" data-testid="address-bound-value">
              {bound.data.address}
            </span>
          </List.Item>
          <List.Item description={t('address.boundAt')} data-testid="address-bound-at">
            {formatDateTime(bound.data.bound_at)}
          </List.Item>
        </List>
        <p className="page-section field-hint" data-testid="address-locked-message">
          {t('address.locked')}
        </p>
        {/* Most members bind the address on their way to a withdrawal: the way on. */}
        <div className="page-section">
          <Button
            block
            color="primary"
            onClick={() => navigate(WITHDRAW_PATH)}
            data-testid="address-withdraw"
          >
            {t('routes:/pages/Wallet/menuWithdraw')}
          </Button>
        </div>
      </section>
    );
  } else body = <BindForm />;
  return (
    <PageLayout title={t('routes:/pages/personal/WithdrawAdress')} testId="withdraw-address-page">
      {body}
    </PageLayout>
  );
}
