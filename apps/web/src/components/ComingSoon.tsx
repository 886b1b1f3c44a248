import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useHasTabBar } from '../app/TabBar.tsx';
import { PageLayout } from './PageLayout.tsx';
import { StateBlock } from './StateBlock.tsx';

/** The shared placeholder for every spec route that is not built yet: never a blank screen. */
export default function ComingSoon() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const isTab = useHasTabBar();
  const title = t(pathname, { ns: 'routes', defaultValue: t('comingSoon.title') });
  return (
    <PageLayout title={title} back={!isTab}>
      <div data-testid="coming-soon" className="coming-soon">
        <StateBlock status="empty" title={t('comingSoon.title')} description={title} />
      </div>
    </PageLayout>
  );
}
