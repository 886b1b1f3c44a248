import { useQuery } from '@tanstack/react-query';
import { Skeleton } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { PageLayout } from '../../../components/PageLayout.tsx';
import { profileQuery } from '../api.ts';
import { ContactForm } from '../components/ContactForm.tsx';
import { NameForm } from '../components/NameForm.tsx';
import { ProfileDetails } from '../components/ProfileDetails.tsx';

export default function ProfilePage() {
  const { t } = useTranslation('personal');
  const { data: profile } = useQuery(profileQuery);
  return (
    <PageLayout title={t('routes:/pages/personal/profile')} testId="profile-page">
      {profile ? (
        <>
          <ProfileDetails profile={profile} />
          <NameForm key={profile.name} name={profile.name} />
          <ContactForm />
        </>
      ) : (
        <Skeleton.Paragraph lineCount={6} animated />
      )}
    </PageLayout>
  );
}
