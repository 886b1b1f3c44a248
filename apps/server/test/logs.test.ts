import { rmSync } from 'node:fs';
import { request } from 'node:http';
import { generate } from 'otplib';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../src/db/embedded.ts';
import { LOCAL_TEST_MNEMONIC, xpubOf } from '../src/features/chain/addresses.ts';
import { newDataDir, type ServerProcess, startServer, stopServer } from './server-process.ts';

/**
 * The logs of a real run (`npm start`'s server: the main process, two HTTP workers, the jobs, the chain scanner and
 * payouts): JSON lines from every process, request ids carried into the work requests start, and
 * none of the secrets the run handled (passwords, codes, the TOTP secret, session tokens, the server's own keys).
 */
const APP_SECRET = 'logs-test-app-secret-0123456789abcdef-XYZ';
const HOT_WALLET_KEY = '7c852118294e51e653712a81e05800f419141751be58f605c371e15141b007a6';
const SMTP_PASSWORD = 'smtp-Pass-4471-zq';
const PASSWORD = 'First-Pass-8812';
const NEW_PASSWORD = 'Second-Pass-2290';
const WRONG_PASSWORD = 'Wrong-Guess-5521';
const TX_PASSWORD = '739251';
const NEW_TX_PASSWORD = '418306';
const EMAIL = 'logs-member@example.com';

type Answer = { status: number; code: number; data?: Record<string, unknown> };
type Line = Record<string, unknown>;

const mails: string[] = [];
const smtp = new SMTPServer({
  authOptional: false,
  allowInsecureAuth: true,
  disabledCommands: ['STARTTLS'],
  onAuth: (auth, _session, callback) =>
    auth.password === SMTP_PASSWORD ? callback(null, { user: auth.username }) : callback(new Error('no')),
  onData(stream, _session, callback) {
    let data = '';
    stream.on('data', (chunk: Buffer) => {
      data += chunk.toString('utf8');
    });
    stream.on('end', () => {
      mails.push(data);
      callback();
    });
  },
});

let server: ServerProcess | undefined;
let dataDir = '';
beforeAll(async () => {
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
});
afterAll(async () => {
  if (server) await stopServer(server);
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** The code of the newest mail (bodies come base64 or quoted-printable). */
async function nextCode(before: number): Promise<string> {
  const until = Date.now() + 10_000;
  while (mails.length <= before && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
  const raw = mails[mails.length - 1] ?? '';
  const body = raw.includes('base64')
    ? Buffer.from(raw.split('\r\n\r\n').slice(1).join('').replace(/\s/g, ''), 'base64').toString('utf8')
    : raw.replace(/=\r\n/g, '');
  const code = /\b(\d{6})\b/.exec(body)?.[1];
  if (!code) throw new Error(`no code in ${raw}`);
  return code;
}

async function call(
  name: string,
  body: Record<string, unknown>,
  headers: Record<string, string> = {},
): Promise<{ answer: Answer; requestId: string | null }> {
  const res = await fetch(`http://127.0.0.1:${server?.port}/api/${name}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return { answer: (await res.json()) as Answer, requestId: res.headers.get('x-request-id') };
}

/**
 * A call whose body comes in two packets, as a slow client's does: the call is handled after a later read of the
 * socket, which is where the request's log context has to be carried over.
 */
function callInTwoParts(name: string, body: Record<string, unknown>, headers: Record<string, string>) {
  const text = JSON.stringify(body);
  return new Promise<{ answer: Answer; requestId: string | undefined }>((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: server?.port,
        path: `/api/${name}`,
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(text),
          ...headers,
        },
      },
      (res) => {
        let data = '';
        res.on('data', (chunk: Buffer) => {
          data += chunk.toString('utf8');
        });
        res.on('end', () =>
          resolve({ answer: JSON.parse(data) as Answer, requestId: res.headers['x-request-id'] as string }),
        );
      },
    );
    req.on('error', reject);
    req.write(text.slice(0, 10));
    setTimeout(() => req.end(text.slice(10)), 200);
  });
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe('logs', () => {
  it('are JSON lines from every process, carry request ids into the work, and hold no secret', async () => {
    dataDir = newDataDir();
    const smtpPort = (smtp.server.address() as { port: number }).port;
    server = await startServer(dataDir, {
      LOG_FORMAT: 'json',
      LOG_LEVEL: 'info',
      LOG_REQUESTS: '1',
      WORKERS: '2',
      DEMO_DATA: '0',
      // The feed's first start makes days of candles (5 s or more here); it logs only its failures.
      MARKET_FEED: '0',
      APP_SECRET,
      SMTP_URL: `smtp://logs-user:${SMTP_PASSWORD}@127.0.0.1:${smtpPort}`,
      // A chain that does not answer: the scanner and payouts run (and log their failures) with a known hot wallet key.
      CHAIN_RPC_URL: `http://127.0.0.1:${await freePort()}`,
      CHAIN_ID: '31337',
      USDT_CONTRACT: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
      DEPOSIT_XPUB: xpubOf(LOCAL_TEST_MNEMONIC, 1),
      HOT_WALLET_KEY,
    });

    // Sign-up with an e-mailed code; the caller's request id is kept and reaches the notifier's line.
    let sent = mails.length;
    const tacRequest = await callInTwoParts(
      'Logon/getsmsverification',
      { signup_type: 'email', email: EMAIL },
      { 'x-request-id': 'logs-test-tac-1' },
    );
    expect(tacRequest.answer.status).toBe(1);
    expect(tacRequest.requestId).toBe('logs-test-tac-1');
    const signupCode = await nextCode(sent);
    const signup = await call('Signup/signupsave', {
      username: 'logsmember1',
      password: PASSWORD,
      confirm_password: PASSWORD,
      tx_password: TX_PASSWORD,
      confirm_tx_password: TX_PASSWORD,
      sponsor_id: 'company',
      side: 'L',
      signup_type: 'email',
      email: EMAIL,
      tac: signupCode,
    });
    expect(signup.answer.status).toBe(1);

    // An id that is not a short plain token is replaced by our own.
    const wrong = await call(
      'Logon/login',
      { username: 'logsmember1', password: WRONG_PASSWORD },
      { 'x-request-id': 'bad id "with" quotes' },
    );
    expect(wrong.answer.status).toBe(0);
    expect(wrong.requestId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-/);
    const login = await call('Logon/login', { username: 'logsmember1', password: PASSWORD });
    const firstToken = login.answer.data?.token as string;

    sent = mails.length;
    await call('Member/getVerificationCode', { purpose: 'tx_password' }, bearer(firstToken));
    const txCode = await nextCode(sent);
    const txChange = await call(
      'member/updateTransactionPwd',
      { password: PASSWORD, tac: txCode, tx_password: NEW_TX_PASSWORD, confirm_tx_password: NEW_TX_PASSWORD },
      { ...bearer(firstToken), cookie: `session=${firstToken}` },
    );
    expect(txChange.answer.status).toBe(1);
    const pwdChange = await call(
      'member/updatepwd',
      { old_password: PASSWORD, password: NEW_PASSWORD, confirm_password: NEW_PASSWORD },
      bearer(firstToken),
    );
    expect(pwdChange.answer.status).toBe(1);
    const relogin = await call('Logon/login', { username: 'logsmember1', password: NEW_PASSWORD });
    const token = relogin.answer.data?.token as string;
    const setup = await call('Member/totpsetup', {}, bearer(token));
    const totpSecret = setup.answer.data?.secret as string;
    const enabled = await call(
      'Member/totpenable',
      { totp: await generate({ secret: totpSecret }), password: NEW_PASSWORD },
      bearer(token),
    );
    expect(enabled.answer.status).toBe(1);
    // A token in a query string (refused, but logged with its URL).
    await fetch(`http://127.0.0.1:${server.port}/api/Index/getdata?token=${token}&lang=en-US`);
    // The scanner has failed at least once against the silent chain.
    const until = Date.now() + 10_000;
    while (!server.output().includes('"component":"scanner"') && Date.now() < until)
      await new Promise((r) => setTimeout(r, 100));

    await stopServer(server);
    const output = server.output();
    server = undefined;

    // Every line of every process is a JSON log line.
    const lines = output.split('\n').filter((l) => l.trim() !== '');
    const notJson = lines.filter((l) => {
      try {
        const o = JSON.parse(l) as Line;
        return !(typeof o.msg === 'string' && typeof o.time === 'string' && typeof o.level === 'string');
      } catch {
        return true;
      }
    });
    expect(notJson).toEqual([]);
    const logs = lines.map((l) => JSON.parse(l) as Line);
    for (const o of logs) {
      expect(typeof o.pid, JSON.stringify(o)).toBe('number');
      expect(['main', 'http-worker']).toContain(o.proc);
      expect(typeof o.component, JSON.stringify(o)).toBe('string');
    }
    const workerPids = new Set(logs.filter((o) => o.proc === 'http-worker').map((o) => o.pid));
    expect(workerPids.size).toBe(2);
    const components = new Set(logs.map((o) => o.component));
    for (const c of ['main', 'http', 'scheduler', 'scanner', 'notifier']) expect(components).toContain(c);

    // Request lines carry the request's id; so do lines logged inside the work a request does.
    const requestLines = logs.filter((o) => o.req !== undefined || o.res !== undefined);
    expect(requestLines.length).toBeGreaterThan(10);
    for (const o of requestLines) expect(typeof o.reqId, JSON.stringify(o)).toBe('string');
    const notice = logs.find((o) => o.component === 'notifier' && o.msg === 'message sent');
    expect(notice).toMatchObject({ reqId: 'logs-test-tac-1', channel: 'email', to: 'l***@example.com' });
    expect(logs.find((o) => o.component === 'scheduler')?.jobRun).toEqual(expect.any(String));
    expect(logs.find((o) => o.component === 'scanner')?.scan).toEqual(expect.any(String));
    expect(output).toContain('/api/Index/getdata?token=***&lang=en-US');

    // No secret of the run, anywhere (six-digit ones as whole numbers, not inside a longer one).
    const secrets = [
      PASSWORD,
      NEW_PASSWORD,
      WRONG_PASSWORD,
      totpSecret,
      firstToken,
      token,
      APP_SECRET,
      HOT_WALLET_KEY,
      SMTP_PASSWORD,
      'crash-admin-1',
    ];
    for (const s of secrets) {
      expect(s.length).toBeGreaterThan(8);
      expect(output.includes(s), s).toBe(false);
    }
    for (const digits of [TX_PASSWORD, NEW_TX_PASSWORD, signupCode, txCode])
      expect(new RegExp(`(?<!\\d)${digits}(?!\\d)`).test(output), digits).toBe(false);
  }, 240_000);
});
