import { List, Tag } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../../lib/format.ts';
import type { PlanVersion } from '../../types.ts';

/** The version in force and the earlier ones, newest first: who saved each, when, and why. */
export function PlanHistory({ current, history }: { current: PlanVersion; history: PlanVersion[] }) {
  const { t } = useTranslation('admin');
  const earlier = history.filter((v) => v.version !== current.version).sort((a, b) => b.version - a.version);
  const row = (v: PlanVersion, inForce: boolean) => (
    <List.Item
      key={v.version}
      data-testid={`plan-version-${v.version}`}
      description={
        v.version === 0
          ? t('plan.history.builtIn')
          : t('plan.history.savedBy', { by: v.created_by || '—', at: formatDateTime(v.created_at) })
      }
      extra={
        inForce ? (
          <Tag color="success" data-testid="plan-version-current">
            {t('plan.history.inForce')}
          </Tag>
        ) : undefined
      }
    >
      {t('plan.history.version', { version: v.version })}
      {v.note ? ` · ${v.note}` : ''}
    </List.Item>
  );
  return (
    <List header={t('plan.history.title')} data-testid="plan-history">
      {row(current, true)}
      {earlier.map((v) => row(v, false))}
    </List>
  );
}
