import { useQuery } from '@tanstack/react-query';
import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { PageLayout } from '../../../components/PageLayout.tsx';
import { LoadFailed, LoadingBlock } from '../../../components/PageStates.tsx';
import { articleQuery } from '../api.ts';
import { ArticleView } from '../components/ArticleView.tsx';
import { guideQuery } from './GuidePage.tsx';
import '../content.css';

/** One step of the beginners guide, with the way to the step before and after. */
export default function GuideStepPage() {
  const { t } = useTranslation('content');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const steps = useQuery(guideQuery());
  const list = steps.data?.list ?? [];
  const id = params.get('id') ?? (list[0] ? String(list[0].id) : '');
  const index = list.findIndex((s) => String(s.id) === id);
  const article = useQuery({ ...articleQuery(id), enabled: Boolean(id) });
  const go = (i: number) => {
    const step = list[i];
    if (step) navigate(`/pages/home/BeginnersGuide2?id=${step.id}`, { replace: true });
  };
  return (
    <PageLayout
      title={index >= 0 ? t('step', { n: index + 1 }) : t('routes:/pages/home/BeginnersGuide2')}
      testId="guide-step-page"
    >
      {article.isPending || steps.isPending ? <LoadingBlock /> : null}
      {article.isError ? <LoadFailed onRetry={() => article.refetch()} /> : null}
      {article.data ? <ArticleView article={article.data} /> : null}
      <div className="guide-nav">
        <Button disabled={index <= 0} onClick={() => go(index - 1)} data-testid="guide-previous">
          {t('previous')}
        </Button>
        {index >= 0 && index < list.length - 1 ? (
          <Button color="primary" onClick={() => go(index + 1)} data-testid="guide-next">
            {t('next')}
          </Button>
        ) : (
          <Button
            color="primary"
            onClick={() => navigate('/pages/home/BeginnersGuide')}
            data-testid="guide-done"
          >
            {t('done')}
          </Button>
        )}
      </div>
    </PageLayout>
  );
}
