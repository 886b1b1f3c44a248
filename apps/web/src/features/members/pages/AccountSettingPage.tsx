import { List } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageLayout } from '../../../components/PageLayout.tsx';
import { SecurityHoldBanner } from '../../../components/SecurityHoldBanner.tsx';
import { personalPath } from '../menu.ts';

const SETTINGS = ['LoginPassword', 'TransactionPassword', 'security', 'lang', 'WithdrawAdress'].map(
  personalPath,
);
/** Exchange accounts (API keys) are account settings too, though their page is under trade. */
const PAGES = [...SETTINGS, '/pages/trade/exchanges'];

export default function AccountSettingPage() {
  const { t } = useTranslation('personal');
  const navigate = useNavigate();
  return (
    <PageLayout title={t('routes:/pages/personal/AccountSetting')} testId="account-setting-page">
      <SecurityHoldBanner />
      <List>
        {PAGES.map((path) => (
          <List.Item
            key={path}
            onClick={() => navigate(path)}
            data-testid={`settings-${path.split('/').pop()}`}
          >
            {t(`routes:${path}`)}
          </List.Item>
        ))}
      </List>
    </PageLayout>
  );
}
