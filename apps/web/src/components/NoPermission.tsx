import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { HOME_PATH } from '../lib/navigation.ts';
import { PageLayout } from './PageLayout.tsx';
import { StateBlock } from './StateBlock.tsx';

/** Shown to members who open an admin page. */
export function NoPermission() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <PageLayout title={t('noPermission.title')}>
      <div className="page-state" data-testid="no-permission">
        <StateBlock
          status="disconnected"
          title={t('noPermission.title')}
          description={t('noPermission.description')}
        />
        <Button
          color="primary"
          onClick={() => navigate(HOME_PATH, { replace: true })}
          data-testid="no-permission-home"
        >
          {t('noPermission.home')}
        </Button>
      </div>
    </PageLayout>
  );
}
