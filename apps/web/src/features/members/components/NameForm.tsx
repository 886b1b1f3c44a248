import { updateProfile } from '@mp/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Form, Input } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../lib/feedback.ts';
import { showFieldErrors, zodRule } from '../../../lib/validate.ts';
import { personalKeys, saveProfile } from '../api.ts';

export function NameForm({ name }: { name: string }) {
  const { t } = useTranslation('personal');
  const [form] = Form.useForm();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);

  const submit = async ({ name: next }: { name: string }) => {
    setBusy(true);
    try {
      const { msg } = await saveProfile({ name: next });
      showToast(msg);
      await queryClient.invalidateQueries({ queryKey: personalKeys.all });
    } catch (error) {
      showFieldErrors(form, error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form
      form={form}
      initialValues={{ name }}
      onFinish={submit}
      mode="card"
      footer={
        <Button block type="submit" color="primary" loading={busy} data-testid="profile-name-save">
          {t('save')}
        </Button>
      }
    >
      <Form.Header>{t('profile.editName')}</Form.Header>
      <Form.Item
        name="name"
        label={t('profile.fields.name')}
        rules={[zodRule(updateProfile.request.shape.name, 'name')]}
      >
        <Input id="profile-name" data-testid="profile-name" maxLength={60} clearable />
      </Form.Item>
    </Form>
  );
}
