import { type adminUpload, type ParsedRequestOf, UPLOAD_MAX_BYTES } from '@mp/contract';
import type { Db } from '../../db/database.ts';
import { fieldRefusal } from '../../lib/errors.ts';
import { audit } from '../../platform/audit.ts';
import { checkUpload, type mediaStorage, mediaUrl } from './media.ts';
import { insertUpload } from './queries.ts';

type MediaStorage = ReturnType<typeof mediaStorage>;

/**
 * The admin uploads a picture, video or PDF for the CMS: checked to be what its kind says (pictures re-encoded),
 * stored under a random name, recorded and audited. A file whose record fails is removed again.
 */
export async function storeUpload(
  db: Db,
  media: MediaStorage,
  adminId: string,
  { kind, file }: ParsedRequestOf<typeof adminUpload>,
) {
  const bytes = file instanceof Uint8Array ? Buffer.from(file.buffer, file.byteOffset, file.length) : null;
  if (!bytes) throw fieldRefusal(422, 'file', 'upload_type');
  const max = UPLOAD_MAX_BYTES[kind];
  if (bytes.length > max) throw fieldRefusal(422, 'file', 'upload_too_large', { max: max / 1024 / 1024 });
  const checked = checkUpload(kind, bytes);
  if (!checked) throw fieldRefusal(422, 'file', 'upload_type');
  const fileName = await media.save(checked);
  try {
    const id = await insertUpload(db, {
      file_name: fileName,
      kind,
      content_type: checked.contentType,
      bytes: checked.bytes.length,
      created_by: adminId,
    });
    await audit(db, adminId, 'content.upload', `upload:${id}`, {
      kind,
      content_type: checked.contentType,
      bytes: checked.bytes.length,
    });
    return {
      id,
      kind,
      url: mediaUrl(fileName),
      content_type: checked.contentType,
      size: checked.bytes.length,
    };
  } catch (err) {
    await media.remove(fileName);
    throw err;
  }
}
