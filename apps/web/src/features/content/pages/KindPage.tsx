import type { ContentKind } from '@mp/contract';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { PageLayout } from '../../../components/PageLayout.tsx';
import { ContentList } from '../components/ContentList.tsx';
import ArticlePage from './ArticlePage.tsx';
import '../content.css';

/**
 * A kind's list page that opens an item in place (`?id=`): training (TrainingDetails), videos (video), files
 * (webView lists them; one opens in the PDF viewer) and promotions.
 */
export function KindPage({ kind, route, openPath }: { kind: ContentKind; route: string; openPath?: string }) {
  const { t } = useTranslation('content');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  if (params.get('id')) return <ArticlePage route={route} />;
  const page = route.split('/').pop() ?? kind;
  return (
    <PageLayout title={t(`routes:${route}`)} testId={`${page}-page`}>
      <ContentList
        kind={kind}
        onOpen={(item) => navigate(`${openPath ?? route}?id=${item.id}`)}
        testId={`${kind}-list`}
      />
    </PageLayout>
  );
}

export const TrainingPage = () => <KindPage kind="training" route="/pages/home/TrainingDetails" />;
export const VideoPage = () => <KindPage kind="video" route="/pages/home/video" />;
export const PromoPage = () => (
  <KindPage kind="promo" route="/pages/personal/Promo" openPath="/pages/home/HomeshowOneNews" />
);
