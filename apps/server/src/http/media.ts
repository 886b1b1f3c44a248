import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ByteRange, FileStore } from '../platform/files.ts';

/** A public file's name never changes its bytes (a new upload gets a new name), so caches keep it for good. */
const CACHE_FOREVER = 'public, max-age=31536000, immutable';

/**
 * CMS media at `<prefix><name>` (issue 28), from the file store, so every server serves every upload: public files of
 * the `content` area only (identity and enquiry pictures go out through their owner-checked calls), with their
 * stored content type, a strong ETag from their SHA-256 (If-None-Match answers 304), HEAD, and one byte range
 * (206, or 416 when it lies past the end), streamed from the chunks it covers.
 */
export function installMedia(app: FastifyInstance, files: FileStore, prefix: string): void {
  app.route({
    method: ['GET', 'HEAD'],
    url: `${prefix}:name`,
    handler: (req, reply) => sendMedia(files, req, reply),
  });
}

async function sendMedia(files: FileStore, req: FastifyRequest, reply: FastifyReply) {
  const { name } = req.params as { name: string };
  const file = await files.stat(name);
  if (file?.area !== 'content') return reply.callNotFound();
  const etag = `"${file.sha256}"`;
  reply
    .header('content-type', file.contentType)
    .header('cache-control', CACHE_FOREVER)
    .header('x-content-type-options', 'nosniff')
    .header('etag', etag)
    .header('accept-ranges', 'bytes');
  if (matchesEtag(req.headers['if-none-match'], etag)) return reply.code(304).send();
  const range = rangeOf(req.headers.range, file.size);
  if (range === 'unsatisfiable')
    return reply.code(416).header('content-range', `bytes */${file.size}`).send();
  if (range) reply.code(206).header('content-range', `bytes ${range.start}-${range.end}/${file.size}`);
  const length = range ? range.end - range.start + 1 : file.size;
  reply.header('content-length', length);
  if (req.method === 'HEAD' || length === 0) return reply.send();
  return reply.send(files.stream(name, range));
}

/** Whether If-None-Match names this ETag (or is `*`); weak forms compare equal, as the header's rule says. */
function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t === etag || t === `W/${etag}`;
  });
}

/**
 * The one range asked for: undefined for the whole file (no Range, several ranges, or one that does not parse,
 * which the header's rule says to ignore), 'unsatisfiable' when it starts past the end.
 */
export function rangeOf(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | undefined {
  const m = /^bytes=(\d*)-(\d*)$/.exec(header?.trim() ?? '');
  if (!m || (m[1] === '' && m[2] === '')) return undefined;
  if (m[1] === '') {
    // The last n bytes.
    const n = Number(m[2]);
    return n === 0 || size === 0 ? 'unsatisfiable' : { start: Math.max(0, size - n), end: size - 1 };
  }
  const start = Number(m[1]);
  const end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  if (m[2] !== '' && Number(m[2]) < start) return undefined;
  return start >= size ? 'unsatisfiable' : { start, end };
}
