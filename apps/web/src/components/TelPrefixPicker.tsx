import { getTelPrefix } from '@mp/contract/web';
import { useQuery } from '@tanstack/react-query';
import { Button, Picker } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../lib/api.ts';

export const telPrefixQuery = {
  queryKey: ['logon', 'telPrefix'] as const,
  queryFn: () => api(getTelPrefix, {}),
  staleTime: 60 * 60_000,
};

export function formatPrefix(prefix: string): string {
  return prefix.startsWith('+') ? prefix : `+${prefix}`;
}

type Props = { value?: string; onChange?: (value: string) => void; testId?: string };

/** Country calling code chooser, filled from logon/getTelPrefix; works as an antd-mobile form control. */
export function TelPrefixPicker({ value, onChange, testId = 'tel-prefix' }: Props) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const { data } = useQuery(telPrefixQuery);
  const options = (data?.list ?? []).map((p) => ({
    label: `${p.name} ${formatPrefix(p.prefix)}`,
    value: p.prefix,
  }));
  return (
    <>
      <Button
        size="small"
        fill="none"
        onClick={() => setOpen(true)}
        data-testid={testId}
        aria-label={t('telPrefix.choose')}
      >
        {value ? formatPrefix(value) : t('telPrefix.choose')}
      </Button>
      <Picker
        columns={[options]}
        visible={open}
        value={value ? [value] : []}
        onClose={() => setOpen(false)}
        onConfirm={(values) => {
          const chosen = values[0];
          if (typeof chosen === 'string') onChange?.(chosen);
        }}
        title={t('telPrefix.choose')}
        confirmText={t('confirm')}
        cancelText={t('cancel')}
      />
    </>
  );
}
