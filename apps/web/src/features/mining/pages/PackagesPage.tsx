import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FilterChips } from '../../../components/FilterChips.tsx';
import { PageLayout } from '../../../components/PageLayout.tsx';
import { EmptyBlock, LoadFailed, LoadingBlock } from '../../../components/PageStates.tsx';
import { coinsQuery, packagesQuery } from '../api.ts';
import { PackageCard } from '../components/PackageCard.tsx';

/** The mining group: packages on sale, filtered by coin (Mining/packageSubMenu + Mining/allPackages). */
export default function PackagesPage() {
  const { t } = useTranslation('mining');
  const [coin, setCoin] = useState('all');
  const coins = useQuery(coinsQuery);
  const packages = useQuery(packagesQuery(coin === 'all' ? '' : coin));
  const options = [
    { key: 'all', label: t('allCoins') },
    ...(coins.data?.list ?? []).map((c) => ({ key: c.coin, label: `${c.coin} (${c.count})` })),
  ];
  return (
    <PageLayout title={t('packages')} testId="mining-packages-page">
      <FilterChips
        options={options}
        value={coin}
        onChange={setCoin}
        label={t('coin')}
        testId="mining-coins"
      />
      {packages.isPending ? <LoadingBlock /> : null}
      {packages.isError ? <LoadFailed onRetry={() => void packages.refetch()} /> : null}
      {packages.data?.list.length === 0 ? <EmptyBlock text={t('noPackages')} /> : null}
      {packages.data?.list.map((p) => (
        <PackageCard key={p.id} p={p} />
      ))}
    </PageLayout>
  );
}
