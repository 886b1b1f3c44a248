import { TAC_LENGTH } from '@mp/contract';
import { SMTPServer } from 'smtp-server';

/** The smoke test's mailbox: the servers send their verification codes here (SMTP_URL = `url`). */
export type SmtpCapture = { url: string; codesFor(email: string): Promise<string>; close(): Promise<void> };

/** How long a code may take to arrive after the call that sends it answered. */
const CODE_WAIT_MS = 15_000;
const CODE_RE = new RegExp(`\\b(\\d{${TAC_LENGTH}})\\b`);

type Part = { headers: Map<string, string>; body: string };

/** Splits a MIME entity into its headers (names lower-cased, folded lines joined) and its raw body. */
function splitEntity(raw: string): Part {
  const end = raw.search(/\r?\n\r?\n/);
  const head = end < 0 ? raw : raw.slice(0, end);
  const body = end < 0 ? '' : raw.slice(end).replace(/^\r?\n\r?\n/, '');
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function decodeQuotedPrintable(text: string): string {
  const bytes = text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** The plain text of a mail as nodemailer writes it (7bit, quoted-printable or base64; multipart read part by part). */
export function mailText(raw: string): string {
  const { headers, body } = splitEntity(raw);
  const boundary = /boundary="?([^";]+)"?/i.exec(headers.get('content-type') ?? '')?.[1];
  if (boundary)
    return body
      .split(`--${boundary}`)
      .slice(1)
      .filter((part) => !part.startsWith('--'))
      .map((part) => mailText(part.replace(/^\r?\n/, '')))
      .join('\n');
  const encoding = (headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  if (encoding === 'base64') return Buffer.from(body.replace(/\s/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body);
  return body;
}

/**
 * An SMTP server on 127.0.0.1 (the containers share the host's network) that keeps every mail by recipient.
 * `codesFor` gives the code of the next mail to that address that carries one, waiting for it to arrive.
 */
export async function startSmtpCapture(): Promise<SmtpCapture> {
  const inbox = new Map<string, string[]>();
  const waiters = new Set<() => void>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const text = mailText(Buffer.concat(chunks).toString('utf8'));
        for (const rcpt of session.envelope.rcptTo) {
          const address = rcpt.address.toLowerCase();
          inbox.set(address, [...(inbox.get(address) ?? []), text]);
        }
        for (const wake of waiters) wake();
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;

  /** Takes mails to `email` off the queue until one carries a code. */
  const takeCode = (email: string): string | undefined => {
    const queue = inbox.get(email) ?? [];
    while (queue.length) {
      const code = CODE_RE.exec(queue.shift() ?? '')?.[1];
      if (code) return code;
    }
    return undefined;
  };

  return {
    url: `smtp://127.0.0.1:${port}`,
    async codesFor(email) {
      const key = email.toLowerCase();
      const deadline = Date.now() + CODE_WAIT_MS;
      for (;;) {
        const code = takeCode(key);
        if (code) return code;
        const left = deadline - Date.now();
        if (left <= 0)
          throw new Error(`no mail with a code reached ${email} within ${CODE_WAIT_MS / 1000} s`);
        await new Promise<void>((resolve) => {
          const wake = () => {
            waiters.delete(wake);
            clearTimeout(timer);
            resolve();
          };
          const timer = setTimeout(wake, left);
          waiters.add(wake);
        });
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
