import { deflateSync } from 'node:zlib';
import { pngChunk } from '../src/lib/png.ts';

/** Tiny, well-formed test pictures built in code, with metadata a privacy-minded server must drop. */

/** A 1x1 red PNG with a tEXt chunk carrying `secret`. */
export function pngWithText(secret = 'GPS 3.1390 N 101.6869 E'): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(1, 0);
  ihdr.writeUInt32BE(1, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('tEXt', Buffer.from(`Comment\0${secret}`, 'latin1')),
    pngChunk('IDAT', deflateSync(Buffer.from([0, 255, 0, 0]))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

function segment(marker: number, data: Buffer): Buffer {
  const head = Buffer.from([0xff, marker, 0, 0]);
  head.writeUInt16BE(data.length + 2, 2);
  return Buffer.concat([head, data]);
}

/** A baseline 1x1 grey JPEG (JFIF) with an APP1 EXIF segment and a comment carrying `secret`. */
export function jpegWithExif(secret = 'Camera serial 12345 GPS 3.1390N'): Buffer {
  const exif = Buffer.concat([
    Buffer.from('Exif\0\0MM\0*\0\0\0\x08', 'latin1'),
    Buffer.from(secret, 'latin1'),
  ]);
  const quant = Buffer.concat([Buffer.from([0]), Buffer.alloc(64, 1)]);
  const frame = Buffer.from([8, 0, 1, 0, 1, 1, 1, 0x11, 0]);
  const dcTable = Buffer.concat([
    Buffer.from([0x00]),
    Buffer.from([0, 1, ...Array(14).fill(0)]),
    Buffer.from([0]),
  ]);
  const acTable = Buffer.concat([
    Buffer.from([0x10]),
    Buffer.from([0, 1, ...Array(14).fill(0)]),
    Buffer.from([0]),
  ]);
  const scan = Buffer.from([1, 1, 0x00, 0, 63, 0]);
  return Buffer.concat([
    Buffer.from([0xff, 0xd8]),
    segment(0xe0, Buffer.from('JFIF\0\x01\x01\0\0\x01\0\x01\0\0', 'latin1')),
    segment(0xe1, exif),
    segment(0xfe, Buffer.from(secret, 'latin1')),
    segment(0xdb, quant),
    segment(0xc0, frame),
    segment(0xc4, dcTable),
    segment(0xc4, acTable),
    segment(0xda, scan),
    Buffer.from([0x00, 0x3f]),
    Buffer.from([0xff, 0xd9]),
  ]);
}

function riffChunk(fourcc: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.write(fourcc, 0, 'latin1');
  head.writeUInt32LE(data.length, 4);
  return Buffer.concat([head, data, data.length % 2 ? Buffer.alloc(1) : Buffer.alloc(0)]);
}

/** A WebP container (VP8X + lossless image) with an EXIF chunk carrying `secret`. */
export function webpWithExif(secret = 'Exif GPS secret'): Buffer {
  const vp8x = Buffer.alloc(10);
  vp8x[0] = 0x08; // EXIF present
  const body = Buffer.concat([
    riffChunk('VP8X', vp8x),
    riffChunk('VP8L', Buffer.from([0x2f, 0, 0, 0, 0x10, 0x07, 0x10, 0x11, 0x11, 0x88, 0x88, 0xfe, 0x07, 0])),
    riffChunk('EXIF', Buffer.from(secret, 'latin1')),
  ]);
  const head = Buffer.alloc(12);
  head.write('RIFF', 0, 'latin1');
  head.writeUInt32LE(body.length + 4, 4);
  head.write('WEBP', 8, 'latin1');
  return Buffer.concat([head, body]);
}

export type Part =
  | { name: string; value: string }
  | { name: string; file: Buffer; filename: string; type: string };

/** A multipart/form-data body as a browser sends it. */
export function multipart(parts: Part[]): { payload: Buffer; contentType: string } {
  const boundary = `----kyc${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    chunks.push(Buffer.from(`--${boundary}\r\n`));
    if ('file' in p) {
      chunks.push(
        Buffer.from(
          `Content-Disposition: form-data; name="${p.name}"; filename="${p.filename}"\r\nContent-Type: ${p.type}\r\n\r\n`,
        ),
        p.file,
        Buffer.from('\r\n'),
      );
    } else {
      chunks.push(Buffer.from(`Content-Disposition: form-data; name="${p.name}"\r\n\r\n${p.value}\r\n`));
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}
