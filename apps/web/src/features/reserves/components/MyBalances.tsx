import type { ReserveProof } from '@mp/contract/web';
import { List } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { Money } from '../../../components/Money.tsx';
import { minorToDecimal, sumMinor } from '../amounts.ts';

/** "Your balances at block N": the member's own leaf, one line per column, and their total. */
export function MyBalances({ proof }: { proof: ReserveProof }) {
  const { t } = useTranslation('reserves');
  const { columns, block } = proof.snapshot;
  return (
    <List header={t('mine.title', { block })} data-testid="reserves-mine">
      {columns.map((column, i) => (
        <List.Item
          key={column}
          data-testid={`reserves-mine-${column}`}
          extra={<Money value={minorToDecimal(proof.leaf.amounts[i] ?? '')} asset="USDT" />}
        >
          {t(`columns.${column}`, { defaultValue: column })}
        </List.Item>
      ))}
      <List.Item
        extra={<Money value={sumMinor(proof.leaf.amounts)} asset="USDT" testId="reserves-mine-total" />}
      >
        <strong>{t('mine.total')}</strong>
      </List.Item>
    </List>
  );
}
