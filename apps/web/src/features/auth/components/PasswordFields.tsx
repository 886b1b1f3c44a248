import { Form, Input } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { sameAs, zodRule } from '../../../lib/validate.ts';

const KINDS = {
  login: {
    name: 'password',
    confirmName: 'confirm_password',
    idPart: 'password',
    autoComplete: 'new-password',
    mismatch: 'password_mismatch',
  },
  tx: {
    name: 'tx_password',
    confirmName: 'confirm_tx_password',
    idPart: 'tx-password',
    autoComplete: 'off',
    mismatch: 'tx_password_mismatch',
  },
} as const;

type Props = {
  /** 'login': `password` + `confirm_password`; 'tx': `tx_password` + `confirm_tx_password`. */
  kind: keyof typeof KINDS;
  /** Prefix of the ids: `${testId}-password` and `${testId}-confirm-password` (or `-tx-password`, …). */
  testId: string;
  label: string;
  /** The contract's rules for the password and its confirmation. */
  schema: z.ZodType;
  confirmSchema: z.ZodType;
};

/** A new password and its confirmation, which must repeat it. */
export function PasswordFields({ kind, testId, label, schema, confirmSchema }: Props) {
  const { t } = useTranslation('auth');
  const k = KINDS[kind];
  return (
    <>
      <Form.Item required name={k.name} label={label} rules={[zodRule(schema, k.name)]}>
        <Input
          id={`${testId}-${k.idPart}`}
          data-testid={`${testId}-${k.idPart}`}
          type="password"
          autoComplete={k.autoComplete}
        />
      </Form.Item>
      <Form.Item
        required
        name={k.confirmName}
        label={kind === 'login' ? t('fields.confirmPassword') : t('fields.confirmTxPassword')}
        dependencies={[k.name]}
        rules={[zodRule(confirmSchema, k.confirmName), sameAs(k.name, k.mismatch)]}
      >
        <Input
          id={`${testId}-confirm-${k.idPart}`}
          data-testid={`${testId}-confirm-${k.idPart}`}
          type="password"
          autoComplete={k.autoComplete}
        />
      </Form.Item>
    </>
  );
}
