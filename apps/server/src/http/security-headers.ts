import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Helmet's security headers, worked out once at start and copied onto every answer. (@fastify/helmet builds and
 * runs helmet's middleware chain for each request, parsing the content security policy anew: a tenth of the CPU of
 * a cached read.)
 */
export function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: string | number) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as never, res as never, (err?: unknown) => {
    if (err) throw err;
  });
  return headers;
}

export function installSecurityHeaders(app: FastifyInstance, options: HelmetOptions): void {
  const headers = securityHeaders(options);
  app.addHook('onRequest', (_req, reply, done) => {
    reply.headers(headers);
    done();
  });
}

/**
 * The content-security-policy sources of a map tile server's URL template (MAP_TILE_URL), for img-src: its scheme and
 * host, a `{s}` subdomain as `*`. None for '' (the bundled world map only) or something that is not an URL.
 */
export function tileSources(template: string): string[] {
  const m = /^(https?):\/\/([^/?#]+)/i.exec(template.trim());
  if (!m) return [];
  const host = (m[2] as string).replace(/^\{[a-z]+\}(?=\.)/i, '*');
  if (/[{}\s;,']/.test(host)) return [];
  return [`${(m[1] as string).toLowerCase()}://${host.toLowerCase()}`];
}

/**
 * The script-src sources of the inline scripts of the web app's index.html (the boot script that picks the
 * prerendered page, apps/web/build/boot-script.ts): each one's sha256, read from the build once at start. None
 * without a build.
 */
export function inlineScriptSources(indexHtml: string): string[] {
  if (!existsSync(indexHtml)) return [];
  const html = readFileSync(indexHtml, 'utf8');
  return [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
    (m) =>
      `'sha256-${createHash('sha256')
        .update(m[1] ?? '')
        .digest('base64')}'`,
  );
}
