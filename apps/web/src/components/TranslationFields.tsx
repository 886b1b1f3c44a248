import { Form, Input, TextArea } from 'antd-mobile';

/** The members' other languages an admin writes a product's or package's texts in, by their own names. */
const LANGUAGES = [
  { lang: 'zh-CN', key: 'zh', label: '中文' },
  { lang: 'bm-MY', key: 'bm', label: 'Bahasa Melayu' },
] as const;

/** One translated text: its field in the call (`name`), its label with the language's name, a box for long text. */
export type TranslatedField = { field: string; label: (language: string) => string; long?: boolean };

type Translation = { lang: string } & Record<string, string>;
/** The form's values: `<field>_zh`, `<field>_bm`. */
export type TranslationValues = Record<string, string>;

/** The texts in the other languages as the form's initial values ('' where a language has none). */
export function translationValues(list: Translation[], fields: readonly string[]): TranslationValues {
  const values: TranslationValues = {};
  for (const { lang, key } of LANGUAGES) {
    const tr = list.find((x) => x.lang === lang);
    for (const f of fields) values[`${f}_${key}`] = tr?.[f] ?? '';
  }
  return values;
}

/** The translations to save: each language with a name (a language whose name is cleared is removed). */
export function translationsOf<F extends string>(v: Partial<Record<string, unknown>>, fields: readonly F[]) {
  return LANGUAGES.flatMap(({ lang, key }) => {
    const text = (f: string) => String(v[`${f}_${key}`] ?? '').trim();
    if (!text('name')) return [];
    return [
      { lang, ...Object.fromEntries(fields.map((f) => [f, text(f)])) } as { lang: string } & Record<
        F,
        string
      >,
    ];
  });
}

/** The fields in Chinese and in Malay, for members reading those languages (else they read the default texts). */
export function TranslationFields({
  fields,
  idPrefix,
}: {
  fields: readonly TranslatedField[];
  idPrefix: string;
}) {
  return LANGUAGES.map(({ key, label }) => (
    <div key={key}>
      {fields.map(({ field, label: labelOf, long }) => {
        const id = `${idPrefix}-${field.replaceAll('_', '-')}-${key}`;
        return (
          <Form.Item key={field} name={`${field}_${key}`} label={labelOf(label)}>
            {long ? <TextArea id={id} rows={2} /> : <Input id={id} />}
          </Form.Item>
        );
      })}
    </div>
  ));
}
