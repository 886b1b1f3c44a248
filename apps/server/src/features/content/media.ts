import type { UploadKind } from '@mp/contract';
import { cleanImage } from '../../platform/images.ts';

/** The URL a CMS upload is served at (http/media.ts: from the file store, with ETags and range requests). */
export const MEDIA_PREFIX = '/media/';
export const mediaUrl = (fileName: string | null | undefined) =>
  fileName ? `${MEDIA_PREFIX}${fileName}` : '';

export type CheckedUpload = { contentType: string; ext: string; bytes: Buffer };

/** An ISO-BMFF (MP4) file: boxes of [size][type], the first an `ftyp` with a known brand, and a `moov` or `mdat`. */
function isMp4(b: Buffer): boolean {
  if (b.length < 16 || b.toString('latin1', 4, 8) !== 'ftyp') return false;
  const brand = b.toString('latin1', 8, 12);
  if (!/^(isom|iso[2-9]|mp41|mp42|avc1|M4V |dash|mmp4|MSNV)$/.test(brand)) return false;
  let pos = 0;
  let sawMedia = false;
  while (pos + 8 <= b.length) {
    let size = b.readUInt32BE(pos);
    const type = b.toString('latin1', pos + 4, pos + 8);
    if (!/^[a-zA-Z0-9 ]{4}$/.test(type)) return false;
    if (size === 1) {
      if (pos + 16 > b.length) return false;
      size = Number(b.readBigUInt64BE(pos + 8));
    } else if (size === 0) size = b.length - pos;
    if (size < 8) return false;
    if (type === 'moov' || type === 'mdat') sawMedia = true;
    pos += size;
  }
  return sawMedia && pos === b.length;
}

/** A WebM file: an EBML header whose DocType is "webm", then a Segment. */
function isWebm(b: Buffer): boolean {
  if (b.length < 32 || b.readUInt32BE(0) !== 0x1a45dfa3) return false;
  const head = b.subarray(0, Math.min(b.length, 64));
  const docType = head.indexOf(Buffer.from([0x42, 0x82]));
  if (docType < 0) return false;
  const len = (head[docType + 2] ?? 0) & 0x7f;
  if (head.toString('latin1', docType + 3, docType + 3 + len) !== 'webm') return false;
  return b.indexOf(Buffer.from([0x18, 0x53, 0x80, 0x67])) > 0;
}

/** A PDF: the header, and an end-of-file marker near the end. */
function isPdf(b: Buffer): boolean {
  if (b.length < 32 || !/^%PDF-[12]\.\d/.test(b.toString('latin1', 0, 8))) return false;
  return b.toString('latin1', Math.max(0, b.length - 1024)).includes('%%EOF');
}

/** The upload as it will be stored, or null when its bytes are not what its kind says. */
export function checkUpload(kind: UploadKind, b: Buffer): CheckedUpload | null {
  if (kind === 'image') {
    const clean = cleanImage(b);
    if (!clean) return null;
    const ext = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' }[clean.type];
    return { contentType: clean.type, ext, bytes: clean.bytes };
  }
  if (kind === 'video') {
    if (isMp4(b)) return { contentType: 'video/mp4', ext: 'mp4', bytes: b };
    if (isWebm(b)) return { contentType: 'video/webm', ext: 'webm', bytes: b };
    return null;
  }
  return isPdf(b) ? { contentType: 'application/pdf', ext: 'pdf', bytes: b } : null;
}
