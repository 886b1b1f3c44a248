import type { Language } from '@mp/contract';
import { type RawBuilder, sql } from 'kysely';

/**
 * Texts an admin gives in the members' other languages (a product's, a mining package's), kept in the row's
 * `translations` jsonb by language; a reader's language falls back to the default (English) text.
 */

/** The list an admin's save sends, as the column stores it: by language, each text '' where not given. */
export function storedTranslations(list: { lang: string; [text: string]: string | undefined }[]): string {
  return JSON.stringify(
    Object.fromEntries(
      list.map(({ lang, ...texts }) => [
        lang,
        Object.fromEntries(Object.entries(texts).map(([k, v]) => [k, v ?? ''])),
      ]),
    ),
  );
}

/**
 * The name of the row under `alias` in `lang` where the admin gave one, else its default name, in SQL (for lists
 * that join the row: orders, vouchers, the inventory).
 */
export function nameIn(alias: string, lang: Language | undefined): RawBuilder<string> {
  const name = sql.ref(`${alias}.name`);
  return lang
    ? sql<string>`coalesce(nullif(${sql.ref(`${alias}.translations`)} -> ${lang} ->> 'name', ''), ${name})`
    : sql<string>`${name}`;
}
