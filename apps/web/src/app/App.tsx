import { QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider } from 'antd-mobile';
import { useState } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { HashRouter } from 'react-router';
import { antdLocale } from '../lib/antdLocale.ts';
import { i18n, isLanguage } from '../lib/i18n.ts';
import { createQueryClient } from '../lib/queryClient.ts';
import { AppRoutes } from './AppRoutes.tsx';

function LocalizedRouter() {
  const { i18n: current } = useTranslation();
  const lang = isLanguage(current.language) ? current.language : 'en-US';
  return (
    <ConfigProvider locale={antdLocale(lang)}>
      <HashRouter>
        <AppRoutes />
      </HashRouter>
    </ConfigProvider>
  );
}

export function App() {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <LocalizedRouter />
      </I18nextProvider>
    </QueryClientProvider>
  );
}
