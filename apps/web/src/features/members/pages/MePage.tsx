import { useQuery } from '@tanstack/react-query';
import { Button, List } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageLayout } from '../../../components/PageLayout.tsx';
import { confirmDialog } from '../../../lib/feedback.ts';
import { LOGIN_PATH } from '../../../lib/navigation.ts';
import { useUserInfo } from '../../../lib/useSession.ts';
import { logOut } from '../../auth/api.ts';
import { memberCardQuery } from '../api.ts';
import { PERSONAL_MENU, personalPath } from '../menu.ts';

/** The Me tab: profile card, a menu to every personal page, the admin area for admins, and log out. */
export default function MePage() {
  const { t } = useTranslation('personal');
  const navigate = useNavigate();
  const stored = useUserInfo();
  const { data: card } = useQuery(memberCardQuery);
  const info = card ?? stored;
  const isAdmin = info?.role === 'admin';

  const onLogout = async () => {
    if (!(await confirmDialog(t('me.logoutConfirm')))) return;
    await logOut().catch(() => undefined);
    navigate(LOGIN_PATH, { replace: true });
  };

  return (
    <PageLayout title={t('routes:/pages/personal/personal')} back={false} testId="me-page">
      <section className="profile-card" data-testid="me-card">
        <span className="userid" data-testid="me-userid">
          {info?.userid}
        </span>
        <span data-testid="me-rank">{t('me.rank', { rank: info ? t(`ranks.${info.rank}`) : '' })}</span>
        <span data-testid="me-role">{t('me.role', { role: info ? t(`roles.${info.role}`) : '' })}</span>
      </section>
      {isAdmin ? (
        <List header={t('me.admin')}>
          <List.Item onClick={() => navigate('/pages/admin/admin')} data-testid="me-admin">
            {t('routes:/pages/admin/admin')}
          </List.Item>
        </List>
      ) : null}
      {PERSONAL_MENU.map(({ group, items }) => (
        <List key={group} header={t(`me.groups.${group}`)}>
          {items.map((page) => (
            <List.Item
              key={page}
              onClick={() => navigate(personalPath(page))}
              data-testid={`me-menu-${page.split('/').pop()}`}
            >
              {t(`routes:${personalPath(page)}`)}
            </List.Item>
          ))}
        </List>
      ))}
      <div className="form-actions">
        <Button block color="danger" fill="outline" onClick={onLogout} data-testid="me-logout">
          {t('me.logout')}
        </Button>
      </div>
    </PageLayout>
  );
}
