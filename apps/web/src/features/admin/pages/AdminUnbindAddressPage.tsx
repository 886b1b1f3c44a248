import { adminUnbindAddress } from '@mp/contract';
import { Button, Form, Input, TextArea } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLayout } from '../../../components/PageLayout.tsx';
import { showToast } from '../../../lib/feedback.ts';
import { showFieldErrors, zodRule } from '../../../lib/validate.ts';
import { unbindAddress } from '../api.ts';
import { ConfirmPopup } from '../components/ConfirmPopup.tsx';

type Values = { userid: string; reason: string };

const shape = adminUnbindAddress.request.shape;

/** Customer service: removes a member's bound withdrawal address so they can bind a new one. */
export default function AdminUnbindAddressPage() {
  const { t } = useTranslation('admin');
  const [form] = Form.useForm<Values>();
  const [pending, setPending] = useState<Values | null>(null);
  const [busy, setBusy] = useState(false);
  const [last, setLast] = useState('');

  const send = async () => {
    if (!pending) return;
    setBusy(true);
    try {
      const { msg } = await unbindAddress(pending);
      showToast(msg);
      setLast(pending.userid);
      setPending(null);
      form.resetFields();
    } catch (error) {
      setPending(null);
      showFieldErrors(form, error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <PageLayout title={t('routes:/pages/admin/unbind')} testId="admin-unbind-page">
      {last ? (
        <p className="page-section field-ok" data-testid="unbind-done">
          {t('unbind.done', { userid: last })}
        </p>
      ) : null}
      <Form
        form={form}
        onFinish={(v: Values) => setPending({ userid: v.userid.trim(), reason: v.reason.trim() })}
        data-testid="unbind-form"
        footer={
          <Button block type="submit" color="danger" size="large" data-testid="unbind-submit">
            {t('unbind.submit')}
          </Button>
        }
      >
        <Form.Item name="userid" label={t('unbind.userid')} rules={[zodRule(shape.userid, 'userid')]}>
          <Input id="unbind-userid" data-testid="unbind-userid" autoComplete="off" />
        </Form.Item>
        <Form.Item name="reason" label={t('unbind.reason')} rules={[zodRule(shape.reason, 'reason')]}>
          <TextArea id="unbind-reason" data-testid="unbind-reason" rows={2} maxLength={300} />
        </Form.Item>
      </Form>
      <ConfirmPopup
        visible={pending !== null}
        title={t('unbind.confirmTitle')}
        busy={busy}
        onConfirm={() => void send()}
        onCancel={() => setPending(null)}
        testId="unbind-confirm"
        danger
      >
        {pending ? (
          <>
            <p data-testid="unbind-confirm-effect">{t('unbind.effect', { userid: pending.userid })}</p>
            <p className="field-hint">{t('unbind.reasonText', { reason: pending.reason })}</p>
          </>
        ) : null}
      </ConfirmPopup>
    </PageLayout>
  );
}
