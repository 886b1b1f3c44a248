import { useQuery } from '@tanstack/react-query';
import { List } from 'antd-mobile';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageLayout } from '../../../components/PageLayout.tsx';
import { menuShows } from '../adminMenu.ts';
import { DashboardPanel } from '../components/DashboardPanel.tsx';
import { myRoleQuery } from '../security-api.ts';
import '../admin.css';

const ENTRIES = [
  '/pages/admin/wd',
  '/pages/admin/kyc',
  '/pages/admin/member',
  '/pages/admin/search',
  '/pages/admin/plan',
  '/pages/admin/adjust',
  '/pages/admin/adjustments',
  '/pages/admin/ledger',
  '/pages/admin/rate',
  '/pages/admin/airdrop',
  '/pages/admin/unbind',
  '/pages/admin/security',
  '/pages/admin/mining',
  '/pages/admin/content',
  '/pages/admin/enquiries',
  '/pages/admin/game',
  '/pages/admin/market',
  '/pages/admin/bots',
  '/pages/admin/traders',
  '/pages/admin/copy',
  '/pages/admin/chain',
  '/pages/admin/reserves',
  '/pages/admin/payouts',
  '/pages/admin/shop',
  '/pages/admin/admins',
  '/pages/admin/audit',
];

/** The admin area's home: today's figures, then an entry to each admin page. */
export default function AdminHomePage() {
  const { t } = useTranslation('admin');
  const navigate = useNavigate();
  const role = useQuery(myRoleQuery());
  const enrol = role.data?.totp_enrolment_required ?? false;
  // Outside demo mode an admin without two-factor can do nothing until it is set up.
  useEffect(() => {
    if (enrol) navigate('/pages/admin/enrol', { replace: true });
  }, [enrol, navigate]);
  return (
    <PageLayout title={t('routes:/pages/admin/admin')} testId="admin-home-page">
      {enrol ? null : <DashboardPanel />}
      <List header={t('dashboard.menu')}>
        {/* The entries wait for the role (a finance admin must not see the owner's pages flash by). */}
        {(role.isPending ? [] : ENTRIES.filter((path) => menuShows(path, role.data?.role))).map((path) => {
          const key = path.split('/').pop() ?? path;
          return (
            <List.Item key={path} onClick={() => navigate(path)} data-testid={`admin-menu-${key}`}>
              {t(`routes:${path}`)}
            </List.Item>
          );
        })}
      </List>
    </PageLayout>
  );
}
