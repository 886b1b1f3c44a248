import { ADMIN_ROLES, type AdminRole } from '@mp/contract/web';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Input, List } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChoiceChips } from '../components/ChoiceChips.tsx';
import { PageLayout } from '../../../components/PageLayout.tsx';
import { EmptyBlock } from '../../../components/PageStates.tsx';
import { PagedList } from '../../../components/PagedList.tsx';
import { showToast } from '../../../lib/feedback.ts';
import { fetchAdmins, saveAdmin, securityKeys } from '../security-api.ts';
import { useStepUp } from '../stepUp.tsx';
import '../admin.css';

/** 'none' takes the admin role away. */
type RoleChoice = AdminRole | 'none';

/** Owners give members an admin role, change it or take it away; the list shows each admin's role and two-factor. */
export default function AdminAdminsPage() {
  const { t } = useTranslation('admin');
  const queryClient = useQueryClient();
  const stepUp = useStepUp();
  const [userid, setUserid] = useState('');
  const [role, setRole] = useState<RoleChoice>('viewer');
  const [busy, setBusy] = useState(false);
  const options = [...ADMIN_ROLES, 'none' as const].map((r) => ({
    key: r,
    label: r === 'none' ? t('admins.none') : t(`roles.${r}`),
  }));

  const save = async () => {
    if (!userid.trim()) return;
    const totp = await stepUp();
    if (totp === null) return;
    setBusy(true);
    try {
      const { msg } = await saveAdmin(userid.trim(), role === 'none' ? '' : role, totp);
      showToast(msg);
      setUserid('');
    } catch {
      // The API client has shown the refusal (own role, last owner, unknown member).
    } finally {
      setBusy(false);
      await queryClient.invalidateQueries({ queryKey: securityKeys.admins });
    }
  };

  return (
    <PageLayout title={t('routes:/pages/admin/admins')} testId="admin-admins-page">
      <section className="admin-form" data-testid="admins-form">
        <Input
          id="admins-userid"
          data-testid="admins-userid"
          aria-label={t('admins.userid')}
          placeholder={t('admins.userid')}
          value={userid}
          onChange={setUserid}
          clearable
        />
        <ChoiceChips
          options={options}
          value={role}
          onChange={setRole}
          testId="admins-role"
          label={t('admins.role')}
        />
        <p className="field-hint">{t('admins.hint')}</p>
        <Button color="primary" block loading={busy} onClick={() => void save()} data-testid="admins-save">
          {t('admins.save')}
        </Button>
      </section>
      <PagedList
        queryKey={securityKeys.admins}
        fetchPage={fetchAdmins}
        itemKey={(a) => a.userid}
        renderItem={(a) => (
          <List.Item
            data-testid={`admins-row-${a.userid}`}
            description={a.totp_enabled ? t('admins.totpOn') : t('admins.totpOff')}
            extra={<span data-testid={`admins-role-${a.userid}`}>{a.role ? t(`roles.${a.role}`) : ''}</span>}
            onClick={() => {
              setUserid(a.userid);
              if (a.role) setRole(a.role);
            }}
          >
            {a.userid}
            {a.name && a.name !== a.userid ? ` · ${a.name}` : ''}
          </List.Item>
        )}
        empty={<EmptyBlock text={t('admins.empty')} testId="admins-empty" />}
        testId="admins-list"
      />
    </PageLayout>
  );
}
