import { USERNAME_RE } from '@mp/contract/web';
import { signupSave } from '@mp/contract';
import { useQuery } from '@tanstack/react-query';
import { Form, Input } from 'antd-mobile';
import type { AppForm } from '../../../lib/validate.ts';
import { useTranslation } from 'react-i18next';
import { useDebounced } from '../../../lib/useDebounced.ts';
import { zodRule } from '../../../lib/validate.ts';
import { useridCheckQuery } from '../api.ts';
import { CheckResult } from './CheckResult.tsx';

/** Username, with its availability checked as it is typed (once it has the right form). */
export function UsernameField({ form }: { form: AppForm }) {
  const { t } = useTranslation('auth');
  const typed = Form.useWatch('username', form);
  const value = useDebounced(typeof typed === 'string' ? typed.trim() : '');
  const check = useQuery(useridCheckQuery(USERNAME_RE.test(value) ? value : ''));
  return (
    <Form.Item
      required
      name="username"
      label={t('fields.username')}
      rules={[zodRule(signupSave.request.shape.username, 'username')]}
      description={
        <CheckResult
          testId="register-username-result"
          checking={check.isFetching}
          ok={check.data?.msg}
          error={check.error}
        />
      }
    >
      <Input
        id="register-username"
        data-testid="register-username"
        placeholder={t('fields.usernameRule')}
        autoComplete="username"
        maxLength={15}
      />
    </Form.Item>
  );
}
