/**
 * Identity pictures: the type is decided by the bytes (never by the file name), and everything that is not
 * the picture itself is dropped: EXIF (GPS position, camera serial), XMP, IPTC, ICC profiles, comments and
 * text chunks. Our own small parsers, so no native image library has to be installed; a file that does not
 * parse as its claimed format is refused.
 */
import { type FileLike, KYC_MAX_IMAGE_BYTES } from '@mp/contract';
import { fieldRefusal } from '../lib/errors.ts';

export type ImageType = 'image/jpeg' | 'image/png' | 'image/webp';

export type CleanImage = { type: ImageType; bytes: Buffer };

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

export function sniffImageType(b: Buffer): ImageType | null {
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'image/jpeg';
  if (b.length >= 8 && b.subarray(0, 8).equals(PNG_SIGNATURE)) return 'image/png';
  if (b.length >= 12 && b.toString('latin1', 0, 4) === 'RIFF' && b.toString('latin1', 8, 12) === 'WEBP')
    return 'image/webp';
  return null;
}

/** The picture without metadata, or null when the bytes are not a well-formed JPEG, PNG or WebP. */
export function cleanImage(b: Buffer): CleanImage | null {
  const type = sniffImageType(b);
  if (!type) return null;
  const bytes = type === 'image/jpeg' ? stripJpeg(b) : type === 'image/png' ? stripPng(b) : stripWebp(b);
  return bytes ? { type, bytes } : null;
}

// JPEG markers kept besides the image data: APP0 (JFIF) and APP14 (Adobe colour transform, needed to decode).
const JPEG_KEEP_APP = new Set([0xe0, 0xee]);

function stripJpeg(b: Buffer): Buffer | null {
  const out: Buffer[] = [b.subarray(0, 2)];
  let pos = 2;
  let sawFrame = false;
  while (pos + 4 <= b.length) {
    if (b[pos] !== 0xff) return null;
    const marker = b[pos + 1] ?? 0;
    if (marker === 0xff) {
      pos += 1; // fill byte
      continue;
    }
    const length = b.readUInt16BE(pos + 2);
    if (length < 2 || pos + 2 + length > b.length) return null;
    const segment = b.subarray(pos, pos + 2 + length);
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc)
      sawFrame = true;
    if (marker === 0xda) {
      // Start of scan: the entropy-coded data and everything up to the end of the image stay as they are.
      if (!sawFrame) return null;
      const end = b.lastIndexOf(Buffer.from([0xff, 0xd9]));
      if (end < pos) return null;
      out.push(b.subarray(pos, end + 2));
      return Buffer.concat(out);
    }
    const isApp = marker >= 0xe0 && marker <= 0xef;
    const drop = (isApp && !JPEG_KEEP_APP.has(marker)) || marker === 0xfe;
    if (!drop) out.push(segment);
    pos += 2 + length;
  }
  return null;
}

// PNG chunks kept: the critical ones and ancillary ones that only affect how pixels look. Text (tEXt, zTXt,
// iTXt), eXIf, iCCP, tIME and anything unknown are dropped.
const PNG_KEEP = new Set([
  'IHDR',
  'PLTE',
  'IDAT',
  'IEND',
  'tRNS',
  'gAMA',
  'cHRM',
  'sRGB',
  'sBIT',
  'bKGD',
  'pHYs',
]);

function stripPng(b: Buffer): Buffer | null {
  const out: Buffer[] = [PNG_SIGNATURE];
  let pos = 8;
  let first = true;
  while (pos + 12 <= b.length) {
    const length = b.readUInt32BE(pos);
    const type = b.toString('latin1', pos + 4, pos + 8);
    const end = pos + 12 + length;
    if (end > b.length || !/^[A-Za-z]{4}$/.test(type)) return null;
    if (first && type !== 'IHDR') return null;
    first = false;
    if (PNG_KEEP.has(type)) out.push(b.subarray(pos, end));
    if (type === 'IEND') return Buffer.concat(out);
    pos = end;
  }
  return null;
}

const WEBP_DROP = new Set(['EXIF', 'XMP ', 'ICCP']);
// VP8X flags that announce the dropped chunks.
const VP8X_METADATA_FLAGS = 0x20 | 0x08 | 0x04;

function stripWebp(b: Buffer): Buffer | null {
  const riffEnd = 8 + b.readUInt32LE(4);
  if (riffEnd > b.length || riffEnd < 12) return null;
  const chunks: Buffer[] = [];
  let pos = 12;
  let sawImage = false;
  while (pos + 8 <= riffEnd) {
    const fourcc = b.toString('latin1', pos, pos + 4);
    const size = b.readUInt32LE(pos + 4);
    const end = pos + 8 + size + (size % 2);
    if (pos + 8 + size > riffEnd) return null;
    if (fourcc === 'VP8 ' || fourcc === 'VP8L' || fourcc === 'ANMF') sawImage = true;
    if (!WEBP_DROP.has(fourcc)) {
      const chunk = Buffer.from(b.subarray(pos, Math.min(end, riffEnd)));
      if (fourcc === 'VP8X' && size >= 1) chunk[8] = (chunk[8] ?? 0) & ~VP8X_METADATA_FLAGS;
      chunks.push(chunk);
    }
    pos = end;
  }
  if (!sawImage) return null;
  const body = Buffer.concat(chunks);
  const header = Buffer.alloc(12);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(body.length + 4, 4);
  header.write('WEBP', 8, 'latin1');
  return Buffer.concat([header, body]);
}

/**
 * A picture field of a multipart call (identity, enquiry): at most 5 MB, a real JPEG, PNG or WebP by its bytes, returned
 * without metadata; otherwise refused naming the field.
 */
export function checkPicture(value: Uint8Array | FileLike | undefined, field: string): CleanImage {
  if (!(value instanceof Uint8Array)) throw fieldRefusal(422, field, 'field_required');
  if (value.length > KYC_MAX_IMAGE_BYTES) throw fieldRefusal(422, field, 'kyc_image_too_large');
  const clean = cleanImage(Buffer.from(value.buffer, value.byteOffset, value.length));
  if (!clean) throw fieldRefusal(422, field, 'kyc_image_type');
  return clean;
}
