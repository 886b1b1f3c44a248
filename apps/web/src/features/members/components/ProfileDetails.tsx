import type { profileSchema } from '@mp/contract';
import { List } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { formatPrefix } from '../../../components/TelPrefixPicker.tsx';
import { formatDate } from '../../../lib/format.ts';

type Profile = z.infer<typeof profileSchema>;

export function ProfileDetails({ profile }: { profile: Profile }) {
  const { t } = useTranslation('personal');
  const rows: [string, string][] = [
    ['userid', profile.userid],
    ['rank', t(`ranks.${profile.rank}`)],
    ['email', profile.email || t('profile.none')],
    ['mobile', profile.mobile ? `${formatPrefix(profile.tel_prefix)} ${profile.mobile}` : t('profile.none')],
    ['sponsor', profile.sponsor_id || t('profile.none')],
    ['placement', profile.placement_id ? `${profile.placement_id} (${profile.side})` : t('profile.none')],
    ['kyc', t(`kyc.${profile.kyc_state}`)],
    ['joined', formatDate(profile.joined_at)],
  ];
  return (
    <List header={t('profile.details')} data-testid="profile-details">
      {rows.map(([key, value]) => (
        <List.Item key={key} extra={<span data-testid={`profile-${key}`}>{value}</span>}>
          {t(`profile.fields.${key}`)}
        </List.Item>
      ))}
    </List>
  );
}
