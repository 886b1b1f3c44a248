import { ASSETS, type AssetCode, formatAmount, MAX_WIRE_MINOR, parseAmount } from '@mp/contract';
import { generate } from 'otplib';

/** One app server of the two, by the name the smoke test's lines give it. */
export type Server = { name: 'A' | 'B'; url: string };

/** Reports one step of the smoke test in a line. */
export type Say = (line: string) => void;

/** The smoke test stops at the first failure, with a message that names what was wrong. */
export function check(condition: boolean, message: string): asserts condition {
  if (!condition) throw new Error(message);
}

export type Envelope = {
  status: number;
  code: number;
  msg: string;
  data?: unknown;
  errors?: { field: string; message: string }[];
};

/** Fields whose values never appear in a failure's message. */
const SECRET_FIELDS = new Set([
  'password',
  'confirm_password',
  'tx_password',
  'confirm_tx_password',
  'totp',
  'tac',
]);

const shown = (body: Record<string, unknown>) =>
  JSON.stringify(
    Object.fromEntries(Object.entries(body).map(([k, v]) => [k, SECRET_FIELDS.has(k) ? '***' : v])),
  );

/** `POST /api/<name>` with a JSON body: the HTTP status and the envelope. */
export async function call(
  server: Server,
  name: string,
  body: Record<string, unknown>,
  token?: string,
): Promise<{ http: number; envelope: Envelope }> {
  let res: Response;
  try {
    res = await fetch(`${server.url}/api/${name}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(15_000),
    });
  } catch (err) {
    throw new Error(`${name} on server ${server.name} (${server.url}): no answer (${String(err)})`);
  }
  const text = await res.text();
  try {
    return { http: res.status, envelope: JSON.parse(text) as Envelope };
  } catch {
    throw new Error(
      `${name} on server ${server.name}: HTTP ${res.status}, not an envelope: ${text.slice(0, 300)}`,
    );
  }
}

/** A call that must succeed (status 1): its data, else an error naming the server, the call, what was sent and the answer. */
export async function ok<T>(
  server: Server,
  name: string,
  body: Record<string, unknown>,
  token?: string,
): Promise<T> {
  const { http, envelope } = await call(server, name, body, token);
  if (envelope.status !== 1)
    throw new Error(
      `${name} on server ${server.name} refused: HTTP ${http} ${JSON.stringify(envelope)} (sent ${shown(body)})`,
    );
  return envelope.data as T;
}

/** A call that must be refused with this HTTP status. */
export async function refused(
  server: Server,
  name: string,
  body: Record<string, unknown>,
  http: number,
  token?: string,
): Promise<Envelope> {
  const answer = await call(server, name, body, token);
  if (answer.http !== http)
    throw new Error(
      `${name} on server ${server.name}: expected HTTP ${http}, got ${answer.http} ${JSON.stringify(answer.envelope)} (sent ${shown(body)})`,
    );
  return answer.envelope;
}

/** A GET outside the API (health, metrics, the web app): status, content type and text. */
export async function get(
  server: Server,
  path: string,
): Promise<{ http: number; type: string; text: string }> {
  try {
    const res = await fetch(`${server.url}${path}`, { signal: AbortSignal.timeout(15_000) });
    return { http: res.status, type: res.headers.get('content-type') ?? '', text: await res.text() };
  } catch (err) {
    throw new Error(`GET ${path} on server ${server.name} (${server.url}): no answer (${String(err)})`);
  }
}

const STEP_SECONDS = 30;

/**
 * An authenticator app for one secret. The server takes each code once and only a later step after it, and allows
 * one step of clock drift: the code after the one just used is typed at once, as an operator would type it when it
 * shows; one further ahead waits until the server's drift window reaches it (at most one step).
 */
export function authenticator(secret: string): () => Promise<string> {
  let lastStep = -1;
  return async () => {
    const nowStep = Math.floor(Date.now() / 1000 / STEP_SECONDS);
    const step = Math.max(nowStep, lastStep + 1);
    const wait = (step - 1) * STEP_SECONDS * 1000 - Date.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait + 100));
    lastStep = step;
    return generate({ secret, epoch: step * STEP_SECONDS });
  };
}

/** An amount on the wire as minor units of its asset (balances and answers compared exactly, never as floats). */
export function minor(amount: string, asset: string): bigint {
  const decimals = ASSETS[asset as AssetCode]?.decimals;
  const parsed =
    decimals === undefined ? undefined : parseAmount(amount.replace(/^-/, ''), decimals, MAX_WIRE_MINOR);
  if (!parsed?.ok) throw new Error(`not an amount of ${asset}: ${amount}`);
  return amount.startsWith('-') ? -parsed.value : parsed.value;
}

export const major = (value: bigint, asset: string) =>
  formatAmount(value, ASSETS[asset as AssetCode].decimals);
