import { useQuery } from '@tanstack/react-query';
import { useDeferredValue } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { homePackagesQuery } from '../api.ts';
import { MINING_PATHS } from '../paths.ts';
import { PackageCard } from './PackageCard.tsx';

/**
 * The home page's mining packages: the first few on sale and a link to all of them. Rendered a render behind their
 * answer (useDeferredValue): in a transition, in short pieces, not in one task when the answer comes.
 */
export function HomePackages() {
  const { t } = useTranslation('mining');
  const navigate = useNavigate();
  const list = useDeferredValue(useQuery(homePackagesQuery).data)?.list ?? [];
  if (list.length === 0) return null;
  return (
    <section data-testid="home-packages">
      <div className="mining-section-head">
        <h2 className="section-title">{t('packages')}</h2>
        <button
          type="button"
          className="link-button"
          onClick={() => navigate(MINING_PATHS.packages)}
          data-testid="home-packages-more"
        >
          {t('more')}
        </button>
      </div>
      {list.slice(0, 3).map((p) => (
        <PackageCard key={p.id} p={p} />
      ))}
    </section>
  );
}
