import { useTranslation } from 'react-i18next';
import * as shared from '../../../components/TranslationFields.tsx';

/** A product's texts in the other languages (the shared fields, with the shop's labels). */
const FIELDS = ['name', 'description'] as const;

type Translation = { lang: string; name: string; description: string };
/** The form's fields: name_zh, description_zh, name_bm, description_bm. */
export type TranslationValues = Partial<Record<`${'name' | 'description'}_${'zh' | 'bm'}`, string>>;

/** A product's translations as the form's initial values. */
export const translationValues = (list: Translation[]): TranslationValues =>
  shared.translationValues(list, FIELDS);

/** The translations to save: each language with a name (a language whose name is cleared is removed). */
export const translationsOf = (v: TranslationValues) => shared.translationsOf(v, FIELDS);

/** Name and description in Chinese and in Malay, for members reading those languages (else they read the default). */
export function TranslationFields() {
  const { t } = useTranslation('shop');
  return (
    <shared.TranslationFields
      idPrefix="product"
      fields={[
        { field: 'name', label: (language) => t('admin.nameIn', { language }) },
        { field: 'description', label: (language) => t('admin.descriptionIn', { language }), long: true },
      ]}
    />
  );
}
