import { Form, Input, TextArea } from 'antd-mobile';
import { useTranslation } from 'react-i18next';

/** The members' other languages a product's name and description are written in, by their own names. */
const LANGUAGES = [
  { lang: 'zh-CN', key: 'zh', label: '中文' },
  { lang: 'bm-MY', key: 'bm', label: 'Bahasa Melayu' },
] as const;

type Translation = { lang: string; name: string; description: string };
/** The form's fields: name_zh, description_zh, name_bm, description_bm. */
export type TranslationValues = Partial<Record<`${'name' | 'description'}_${'zh' | 'bm'}`, string>>;

/** A product's translations as the form's initial values. */
export function translationValues(list: Translation[]): TranslationValues {
  const values: TranslationValues = {};
  for (const { lang, key } of LANGUAGES) {
    const tr = list.find((x) => x.lang === lang);
    values[`name_${key}`] = tr?.name ?? '';
    values[`description_${key}`] = tr?.description ?? '';
  }
  return values;
}

/** The translations to save: each language with a name (a language whose name is cleared is removed). */
export function translationsOf(v: TranslationValues) {
  return LANGUAGES.flatMap(({ lang, key }) => {
    const name = v[`name_${key}`]?.trim() ?? '';
    return name ? [{ lang, name, description: v[`description_${key}`]?.trim() ?? '' }] : [];
  });
}

/** Name and description in Chinese and in Malay, for members reading those languages (else they read the default). */
export function TranslationFields() {
  const { t } = useTranslation('shop');
  return LANGUAGES.map(({ key, label }) => (
    <div key={key}>
      <Form.Item name={`name_${key}`} label={t('admin.nameIn', { language: label })}>
        <Input id={`product-name-${key}`} />
      </Form.Item>
      <Form.Item name={`description_${key}`} label={t('admin.descriptionIn', { language: label })}>
        <TextArea id={`product-description-${key}`} rows={2} />
      </Form.Item>
    </div>
  ));
}
