import { KYC_ID_TYPES } from '@mp/contract/web';
import type { KycIdType } from '@mp/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Form, Input } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FilterChips } from '../../../components/FilterChips.tsx';
import { LoadFailed, LoadingBlock } from '../../../components/PageStates.tsx';
import { ApiError } from '../../../lib/api.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { checkIdAvailable, countriesQuery, type KycDetails } from '../api.ts';

type Props = { initial: KycDetails; onNext: (details: KycDetails) => void };
type Values = { country: string; name: string; id_number: string };

/** Step 1: country, ID type, name and number; the number is checked against other members before going on. */
export function DetailsStep({ initial, onNext }: Props) {
  const { t } = useTranslation('kyc');
  const [form] = Form.useForm<Values>();
  const countries = useQuery(countriesQuery(currentLanguage()));
  const [idType, setIdType] = useState<KycIdType>(initial.id_type);
  const [checking, setChecking] = useState(false);

  if (countries.isPending) return <LoadingBlock testId="kyc-countries-loading" />;
  if (countries.isError)
    return <LoadFailed onRetry={() => void countries.refetch()} testId="kyc-countries-error" />;

  const onFinish = async (v: Values) => {
    const details = {
      country: v.country,
      id_type: idType,
      name: v.name.trim(),
      id_number: v.id_number.trim(),
    };
    setChecking(true);
    try {
      const { available } = await checkIdAvailable(details.id_type, details.id_number);
      if (available) onNext(details);
      else form.setFields([{ name: 'id_number', errors: [t('idTaken')] }]);
    } catch (error) {
      const message = error instanceof ApiError ? (error.fieldError('id_number') ?? error.msg) : '';
      if (message) form.setFields([{ name: 'id_number', errors: [message] }]);
    } finally {
      setChecking(false);
    }
  };

  return (
    <Form
      form={form}
      initialValues={{ country: initial.country, name: initial.name, id_number: initial.id_number }}
      onFinish={(v) => void onFinish(v)}
      data-testid="kyc-details-form"
      footer={
        <Button block type="submit" color="primary" size="large" loading={checking} data-testid="kyc-next">
          {t('next')}
        </Button>
      }
    >
      <Form.Item
        name="country"
        label={t('field.country')}
        rules={[{ required: true, message: t('required.country') }]}
      >
        <select
          className="kyc-select"
          id="kyc-country"
          data-testid="kyc-country"
          aria-label={t('field.country')}
        >
          <option value="">{t('placeholder.country')}</option>
          {countries.data.list.map((c) => (
            <option key={c.code} value={c.code}>
              {c.name}
            </option>
          ))}
        </select>
      </Form.Item>
      <Form.Item label={t('field.idType')}>
        <FilterChips
          options={KYC_ID_TYPES.map((k) => ({ key: k, label: t(`idType.${k}`) }))}
          value={idType}
          onChange={setIdType}
          label={t('field.idType')}
          testId="kyc-id-type"
        />
      </Form.Item>
      <Form.Item
        name="name"
        label={t('field.name')}
        rules={[{ required: true, whitespace: true, message: t('required.name') }]}
      >
        <Input id="kyc-name" data-testid="kyc-name" placeholder={t('placeholder.name')} maxLength={100} />
      </Form.Item>
      <Form.Item
        name="id_number"
        label={t('field.idNumber')}
        rules={[{ required: true, whitespace: true, message: t('required.idNumber') }]}
      >
        <Input
          id="kyc-id-number"
          data-testid="kyc-id-number"
          placeholder={t('placeholder.idNumber')}
          maxLength={40}
          autoComplete="off"
        />
      </Form.Item>
    </Form>
  );
}
