import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { appConfigQuery } from '../features/system/api.ts';
import { Icon } from './Icon.tsx';

/** The custom navigation bar of the home and login pages: app name and a language shortcut. */
export function CustomHeader({ title, children }: { title?: ReactNode; children?: ReactNode }) {
  const { t } = useTranslation();
  const { data } = useQuery(appConfigQuery);
  return (
    <header className="custom-header" data-testid="custom-header">
      <h1 data-testid="nav-title">{title ?? data?.app_name ?? t('appName')}</h1>
      <div>
        {children}
        <Link to="/pages/personal/lang" aria-label={t('language')} data-testid="header-lang">
          <Icon name="GlobalOutline" fontSize={20} />
        </Link>
      </div>
    </header>
  );
}
