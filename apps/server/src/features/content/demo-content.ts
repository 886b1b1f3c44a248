import type { Language, UploadKind } from '@mp/contract';
import type { Db, Tx } from '../../db/database.ts';
import { demoArt } from './demo-art.ts';
import { DEMO_CONTENT_ITEMS, type Texts } from './demo-content-items.ts';
import { checkUpload } from './media.ts';
import { type FileStore, fileStore } from '../../platform/files.ts';
import { plainText, textToHtml } from './sanitize.ts';

// The demo's content (demo-content-items.ts) with its pictures and video (demo-art.ts) and PDFs made here, written in
// one transaction. System's demo set-up (system/demo-setup.ts) calls it on an empty database.

/** A one-page PDF with lines of text (Helvetica), with a correct cross-reference table. */
export function simplePdf(lines: string[]): Buffer {
  const escapePdf = (s: string) => s.replace(/[\\()]/g, (c) => `\\${c}`);
  const stream = `BT /F1 18 Tf 56 780 Td 24 TL ${lines.map((l) => `(${escapePdf(l)}) '`).join(' ')} ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    `<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}\nendstream`,
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const off of offsets) out += `${String(off).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

/** An upload as the CMS stores one: checked as an admin's upload is (media.ts), so the demo's files are real ones. */
async function saveUpload(tx: Tx, files: FileStore, kind: UploadKind, raw: Buffer): Promise<string> {
  const checked = checkUpload(kind, raw);
  if (!checked) throw new Error(`demo: a ${kind} that the upload check refuses`);
  const { bytes, contentType, ext } = checked;
  const fileName = await files.save(tx, { area: 'content', bytes, contentType, ext });
  const row = await tx
    .insertInto('uploads')
    .values({ file_name: fileName, kind, content_type: contentType, bytes: bytes.length })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The item's media: its video, else its PDF, else none. */
function mediaOf(
  tx: Tx,
  files: FileStore,
  item: (typeof DEMO_CONTENT_ITEMS)[number],
): Promise<string> | null {
  if (item.video) return saveUpload(tx, files, 'video', demoArt(item.video));
  if (item.pdf) return saveUpload(tx, files, 'pdf', simplePdf(item.pdf));
  return null;
}

export async function loadDemoContent(db: Db, now = new Date()): Promise<void> {
  const files = fileStore(db);
  await db.transaction().execute(async (tx) => {
    let order = 0;
    for (const item of DEMO_CONTENT_ITEMS) {
      const imageId = item.picture ? await saveUpload(tx, files, 'image', demoArt(item.picture)) : null;
      const mediaId = await mediaOf(tx, files, item);
      const at = new Date(now.getTime() - (item.daysAgo ?? 7) * 86_400_000);
      const row = await tx
        .insertInto('content_items')
        .values({
          kind: item.kind,
          published: true,
          publish_at: at,
          sort_order: order++,
          link: item.link ?? '',
          image_id: imageId,
          media_id: mediaId,
          created_at: at,
          updated_at: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      for (const [lang, text] of Object.entries(item.texts) as [Language, NonNullable<Texts[Language]>][]) {
        const body = text.body ? textToHtml(text.body) : '';
        await tx
          .insertInto('content_texts')
          .values({
            item_id: row.id,
            lang,
            title: text.title,
            summary: plainText(body),
            body_html: body,
            category: text.category ?? '',
          })
          .execute();
      }
    }
  });
}
