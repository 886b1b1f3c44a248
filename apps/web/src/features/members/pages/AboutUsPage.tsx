import { useQuery } from '@tanstack/react-query';
import { List } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { PageLayout } from '../../../components/PageLayout.tsx';
import { appConfigQuery } from '../../system/api.ts';
import { articleQuery, contentKeys, fetchContent } from '../../content/api.ts';
import { SafeHtml } from '../../content/components/ArticleView.tsx';
import '../../content/content.css';

export default function AboutUsPage() {
  const { t } = useTranslation('personal');
  const { data } = useQuery(appConfigQuery);
  const service = data?.customer_service;
  // The CMS's About us text (its first published item), above the app's facts.
  const about = useQuery({ queryKey: contentKeys.list('about'), queryFn: () => fetchContent('about')(1, 1) });
  const first = about.data?.list[0];
  const article = useQuery({ ...articleQuery(String(first?.id ?? '')), enabled: Boolean(first) });
  return (
    <PageLayout title={t('routes:/pages/personal/AboutUs')} testId="about-page">
      {article.data ? (
        <section className="about-cms" data-testid="about-cms">
          <h2 className="article-title">{article.data.title}</h2>
          <SafeHtml html={article.data.body_html} />
        </section>
      ) : null}
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
