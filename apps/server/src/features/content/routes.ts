import { getAnnouncement, type Language } from '@mp/contract';
import { sql } from 'kysely';
import type { Deps } from '../../deps.ts';
import { handle } from '../../http/calls.ts';

/** A text kept per language, falling back to English. */
export function localized(texts: Record<string, string>, lang: Language): string {
  return texts[lang] ?? texts['en-US'] ?? Object.values(texts)[0] ?? '';
}

export function contentRoutes(deps: Deps) {
  const { db } = deps;
  return [
    handle(getAnnouncement, async ({ page, pagesize }, ctx) => {
      const base = db.selectFrom('announcements').where('published', '=', true);
      // The page and the total in one round trip; only a page past the end needs the count alone.
      const rows = await base
        .select(['id', 'title', 'content', 'created_at', sql<string>`count(*) over ()`.as('total')])
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(pagesize)
        .offset((page - 1) * pagesize)
        .execute();
      const count = rows[0]
        ? { n: rows[0].total }
        : page === 1
          ? { n: '0' }
          : await base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
      return {
        list: rows.map((r) => ({
          id: Number(r.id),
          title: localized(r.title, ctx.lang),
          content: localized(r.content, ctx.lang),
          created_at: new Date(r.created_at).toISOString(),
        })),
        page,
        pagesize,
        total: Number(count.n),
      };
    }),
  ];
}
