import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { accountsQuery } from '../../trading/api.ts';

/** The member's trading accounts (demo accounts and connected exchanges) as one select. */
export function AccountPicker({
  value,
  onChange,
  id = 'bot-account',
}: {
  value: string;
  onChange: (account: string) => void;
  id?: string;
}) {
  const { t } = useTranslation('trading');
  const accounts = useQuery(accountsQuery).data?.list ?? [];
  const list = accounts.length
    ? accounts
    : [{ id: 'demo', kind: 'paper' as const, venue: 'demo', label: '' }];
  return (
    <select id={id} value={value} onChange={(e) => onChange(e.target.value)} data-testid={id}>
      {list.map((a) => (
        <option key={a.id} value={a.id}>
          {accountName(t, a)}
        </option>
      ))}
    </select>
  );
}

export function accountName(
  t: (key: string, options?: Record<string, unknown>) => string,
  a: { id: string; kind: 'paper' | 'exchange'; venue: string; label: string },
): string {
  return a.kind === 'paper'
    ? t(`accounts.${a.id}`, { defaultValue: a.id })
    : `${a.label || a.venue} (${a.venue})`;
}
