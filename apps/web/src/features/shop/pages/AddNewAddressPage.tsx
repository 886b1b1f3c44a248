import { addressSave } from '@mp/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Checkbox, Form, Input } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { PageLayout } from '../../../components/PageLayout.tsx';
import { showToast } from '../../../lib/feedback.ts';
import { showFieldErrors, zodRule } from '../../../lib/validate.ts';
import { addressesQuery, SHOP_PATHS, saveAddress, shopKeys } from '../api.ts';
import '../shop.css';

type Values = {
  name: string;
  phone: string;
  line1: string;
  city: string;
  postcode: string;
  country: string;
  is_default: boolean;
};
const FIELDS = ['name', 'phone', 'line1', 'city', 'postcode', 'country'] as const;

/** Adds or edits a delivery address (`/pages/personal/AddNewAddress?id=`); from checkout it goes back there. */
export default function AddNewAddressPage() {
  const { t } = useTranslation('shop');
  const navigate = useNavigate();
  const client = useQueryClient();
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const existing = useQuery({ ...addressesQuery, enabled: id !== '' }).data?.list.find((a) => a.id === id);
  const shape = addressSave.request.shape;
  useEffect(() => {
    if (existing) form.setFieldsValue(existing);
  }, [existing, form]);

  const submit = async (v: Values) => {
    setBusy(true);
    try {
      const res = await saveAddress({ ...v, ...(id ? { id } : {}) });
      showToast(res.msg);
      await client.invalidateQueries({ queryKey: shopKeys.all });
      navigate(params.get('back') === 'checkout' ? SHOP_PATHS.checkout : SHOP_PATHS.addresses, {
        replace: true,
      });
    } catch (error) {
      showFieldErrors(form, error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <PageLayout
      title={t(id ? 'editAddress' : 'routes:/pages/personal/AddNewAddress')}
      testId="add-address-page"
    >
      <Form
        form={form}
        initialValues={{ country: 'Malaysia', is_default: false }}
        onFinish={submit}
        footer={
          <Button block type="submit" color="primary" size="large" loading={busy} data-testid="address-save">
            {t('save')}
          </Button>
        }
      >
        {FIELDS.map((f) => (
          <Form.Item key={f} name={f} label={t(`address.${f}`)} rules={[zodRule(shape[f], f)]}>
            <Input
              id={`address-${f}`}
              autoComplete={f === 'phone' ? 'tel' : f === 'postcode' ? 'postal-code' : 'off'}
            />
          </Form.Item>
        ))}
        <Form.Item name="is_default" valuePropName="checked">
          <Checkbox data-testid="address-default">{t('makeDefault')}</Checkbox>
        </Form.Item>
      </Form>
    </PageLayout>
  );
}
