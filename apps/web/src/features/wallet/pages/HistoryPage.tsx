import { WALLET_KINDS } from '@mp/contract/web';
import type { WalletKind } from '@mp/contract';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { FilterChips } from '../../../components/FilterChips.tsx';
import { PageLayout } from '../../../components/PageLayout.tsx';
import { EmptyBlock } from '../../../components/PageStates.tsx';
import { PagedList } from '../../../components/PagedList.tsx';
import { fetchRecords, type HistoryFilter, walletKeys } from '../api.ts';
import { RecordRow, type WalletRecord } from '../components/RecordRow.tsx';

type FilterKey = 'movements' | 'token' | WalletKind;

function filterOf(key: FilterKey): HistoryFilter {
  if (key === 'movements' || key === 'token') return { kind: key };
  return { kind: 'wallet', wallet: key };
}

function keyFrom(params: URLSearchParams): FilterKey {
  const wallet = params.get('wallet');
  if (wallet && (WALLET_KINDS as string[]).includes(wallet)) return wallet as WalletKind;
  return params.get('view') === 'token' ? 'token' : 'movements';
}

/**
 * Records: transfers, exchanges, airdrops and withdrawals (walletrecord2), the platform token (walletrecord3),
 * or one wallet's history (walletrecord). The filter lives in the URL (`?wallet=` or `?view=`).
 */
export default function HistoryPage() {
  const { t } = useTranslation('wallet');
  const [params, setParams] = useSearchParams();
  const key = keyFrom(params);
  const filter = filterOf(key);
  const options = [
    { key: 'movements' as FilterKey, label: t('history.movements') },
    { key: 'token' as FilterKey, label: t('history.token') },
    ...WALLET_KINDS.map((w) => ({ key: w as FilterKey, label: t(`common:wallets.${w}`) })),
  ];
  const choose = (k: FilterKey) =>
    setParams(k === 'movements' || k === 'token' ? { view: k } : { wallet: k }, { replace: true });

  return (
    <PageLayout title={t('routes:/pages/Wallet/Other_History')} testId="history-page">
      <FilterChips
        options={options}
        value={key}
        onChange={choose}
        label={t('history.filter')}
        testId="history-filter"
      />
      <PagedList<WalletRecord>
        key={key}
        queryKey={walletKeys.records(filter)}
        fetchPage={(page, pagesize) => fetchRecords(filter, page, pagesize)}
        itemKey={(r) => r.id}
        renderItem={(r) => <RecordRow record={r} />}
        empty={<EmptyBlock text={t('history.empty')} testId="history-empty" />}
        testId="history-list"
      />
    </PageLayout>
  );
}
