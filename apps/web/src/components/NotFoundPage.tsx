import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { HOME_PATH } from '../lib/navigation.ts';
import { PageLayout } from './PageLayout.tsx';
import { StateBlock } from './StateBlock.tsx';

export default function NotFoundPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <PageLayout title={t('notFound.title')}>
      <div data-testid="not-found" className="coming-soon">
        <StateBlock status="empty" title={t('notFound.title')} description={t('notFound.description')} />
        <Button color="primary" fill="outline" onClick={() => navigate(HOME_PATH, { replace: true })}>
          {t('notFound.home')}
        </Button>
      </div>
    </PageLayout>
  );
}
