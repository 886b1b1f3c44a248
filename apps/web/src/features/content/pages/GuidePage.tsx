import { useQuery } from '@tanstack/react-query';
import { Steps } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageLayout } from '../../../components/PageLayout.tsx';
import { EmptyBlock, LoadFailed, LoadingBlock } from '../../../components/PageStates.tsx';
import { contentKeys, fetchContent } from '../api.ts';
import '../content.css';

export const guideQuery = () => ({
  queryKey: contentKeys.list('guide'),
  queryFn: () => fetchContent('guide')(1, 100),
});

/** The beginners guide: its steps in order; each opens on its own page (BeginnersGuide2). */
export default function GuidePage() {
  const { t } = useTranslation('content');
  const navigate = useNavigate();
  const list = useQuery(guideQuery());
  return (
    <PageLayout title={t('routes:/pages/home/BeginnersGuide')} testId="guide-page">
      {list.isPending ? <LoadingBlock /> : null}
      {list.isError ? <LoadFailed onRetry={() => list.refetch()} /> : null}
      {list.data?.list.length === 0 ? <EmptyBlock text={t('empty')} /> : null}
      {list.data?.list.length ? (
        <Steps direction="vertical" className="guide-steps">
          {list.data.list.map((step, i) => (
            <Steps.Step
              key={step.id}
              status="process"
              title={
                <button
                  type="button"
                  className="guide-step-link"
                  onClick={() => navigate(`/pages/home/BeginnersGuide2?id=${step.id}`)}
                  data-testid={`guide-step-${i + 1}`}
                >
                  {t('step', { n: i + 1 })}
                  {t('common:colon')}
                  {step.title}
                </button>
              }
              description={step.summary}
            />
          ))}
        </Steps>
      ) : null}
    </PageLayout>
  );
}
