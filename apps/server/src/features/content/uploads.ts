import { type adminUpload, type ParsedRequestOf, UPLOAD_MAX_BYTES } from '@mp/contract';
import { type Db, inTransaction } from '../../db/database.ts';
import { fieldRefusal } from '../../lib/errors.ts';
import { audit } from '../../platform/audit.ts';
import type { FileStore } from '../../platform/files.ts';
import { checkUpload, mediaUrl } from './media.ts';
import { insertUpload } from './queries.ts';

/**
 * The admin uploads a picture, video or PDF for the CMS: checked to be what its kind says (pictures re-encoded),
 * stored under a random name, recorded and audited, all in one transaction: an upload whose record fails leaves no
 * file. The body is in memory already (the check reads it whole), so the store writes it from there, a chunk at a time.
 */
export async function storeUpload(
  db: Db,
  files: FileStore,
  adminId: string,
  { kind, file }: ParsedRequestOf<typeof adminUpload>,
) {
  const bytes = file instanceof Uint8Array ? Buffer.from(file.buffer, file.byteOffset, file.length) : null;
  if (!bytes) throw fieldRefusal(422, 'file', 'upload_type');
  const max = UPLOAD_MAX_BYTES[kind];
  if (bytes.length > max) throw fieldRefusal(422, 'file', 'upload_too_large', { max: max / 1024 / 1024 });
  const checked = checkUpload(kind, bytes);
  if (!checked) throw fieldRefusal(422, 'file', 'upload_type');
  const size = checked.bytes.length;
  return inTransaction(db, async (tx) => {
    const fileName = await files.save(tx, {
      area: 'content',
      contentType: checked.contentType,
      ext: checked.ext,
      bytes: checked.bytes,
    });
    const id = await insertUpload(tx, {
      file_name: fileName,
      kind,
      content_type: checked.contentType,
      bytes: size,
      created_by: adminId,
    });
    await audit(tx, adminId, 'content.upload', `upload:${id}`, {
      kind,
      content_type: checked.contentType,
      bytes: size,
    });
    return { id, kind, url: mediaUrl(fileName), content_type: checked.contentType, size };
  });
}
