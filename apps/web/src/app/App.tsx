import { QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider } from 'antd-mobile';
import { type ComponentType, type ReactNode, useState } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { HashRouter } from 'react-router';
import { antdLocale } from '../lib/antdLocale.ts';
import { i18n, isLanguage } from '../lib/i18n.ts';
import { createQueryClient } from '../lib/queryClient.ts';
import { AppRoutes } from './AppRoutes.tsx';

type RouterType = ComponentType<{ children: ReactNode }>;

function LocalizedRouter({ Router }: { Router: RouterType }) {
  const { i18n: current } = useTranslation();
  const lang = isLanguage(current.language) ? current.language : 'en-US';
  return (
    <ConfigProvider locale={antdLocale(lang)}>
      <Router>
        <AppRoutes />
      </Router>
    </ConfigProvider>
  );
}

/** `Router`: the browser's hash router; the build's prerender (build/prerender-entry.tsx) passes a static one. */
export function App({ Router = HashRouter }: { Router?: RouterType }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <LocalizedRouter Router={Router} />
      </I18nextProvider>
    </QueryClientProvider>
  );
}
