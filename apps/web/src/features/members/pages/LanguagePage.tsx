import { LANGUAGES } from '@mp/contract/web';
import type { Language } from '@mp/contract';
import { useQueryClient } from '@tanstack/react-query';
import { CheckList } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { PageLayout } from '../../../components/PageLayout.tsx';
import { currentLanguage, isLanguage, setLanguage } from '../../../lib/i18n.ts';
import { isLoggedIn } from '../../../lib/session.ts';
import { saveProfile } from '../api.ts';

/** Language names are shown in their own language, so anyone can find theirs. */
const NATIVE_NAMES: Record<Language, string> = {
  'en-US': 'English',
  'zh-CN': '简体中文',
  'bm-MY': 'Bahasa Melayu',
};

export default function LanguagePage() {
  const { t } = useTranslation('personal');
  const queryClient = useQueryClient();

  const choose = async (lang: Language) => {
    await setLanguage(lang);
    // Cached server texts (announcements, messages) are in the old language.
    await queryClient.invalidateQueries();
    if (isLoggedIn()) await saveProfile({ lang }).catch(() => undefined);
  };

  return (
    <PageLayout title={t('routes:/pages/personal/lang')} testId="lang-page">
      <CheckList
        value={[currentLanguage()]}
        onChange={(values) => {
          const lang = values[0];
          if (isLanguage(lang)) void choose(lang);
        }}
      >
        {LANGUAGES.map((lang) => (
          <CheckList.Item key={lang} value={lang} data-testid={`lang-option-${lang}`}>
            {NATIVE_NAMES[lang]}
          </CheckList.Item>
        ))}
      </CheckList>
    </PageLayout>
  );
}
