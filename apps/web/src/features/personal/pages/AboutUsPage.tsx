import { useQuery } from '@tanstack/react-query';
import { List } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { PageLayout } from '../../../components/PageLayout.tsx';
import { appConfigQuery } from '../../system/api.ts';

export default function AboutUsPage() {
  const { t } = useTranslation('personal');
  const { data } = useQuery(appConfigQuery);
  const service = data?.customer_service;
  return (
    <PageLayout title={t('routes:/pages/personal/AboutUs')} testId="about-page">
      <List header={t('about.app')}>
        <List.Item extra={<span data-testid="about-name">{data?.app_name ?? t('common:appName')}</span>}>
          {t('about.name')}
        </List.Item>
        <List.Item extra={<span data-testid="about-version">{__APP_VERSION__}</span>}>
          {t('about.version')}
        </List.Item>
      </List>
      <List header={t('about.customerService')}>
        <List.Item
          extra={
            service?.email ? (
              <a href={`mailto:${service.email}`} data-testid="about-cs-email">
                {service.email}
              </a>
            ) : (
              '-'
            )
          }
        >
          {t('about.email')}
        </List.Item>
        <List.Item extra={<span data-testid="about-cs-telegram">{service?.telegram || '-'}</span>}>
          {t('about.telegram')}
        </List.Item>
      </List>
    </PageLayout>
  );
}
