import { List } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageLayout } from '../../../components/PageLayout.tsx';
import { personalPath } from '../menu.ts';

const SETTINGS = ['LoginPassword', 'TransactionPassword', 'security', 'lang', 'WithdrawAdress'];

export default function AccountSettingPage() {
  const { t } = useTranslation('personal');
  const navigate = useNavigate();
  return (
    <PageLayout title={t('routes:/pages/personal/AccountSetting')} testId="account-setting-page">
      <List>
        {SETTINGS.map((page) => (
          <List.Item key={page} onClick={() => navigate(personalPath(page))} data-testid={`settings-${page}`}>
            {t(`routes:${personalPath(page)}`)}
          </List.Item>
        ))}
      </List>
    </PageLayout>
  );
}
