import net from 'node:net';
import { CALLS, type CallDef } from '@mp/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { databaseRefusal } from '../src/http/envelope-plugin.ts';
import { createTestApp, type TestApp } from './app.ts';
import { newMember } from './helpers.ts';
import { adminToken, expectLedgerHealthy, fund, newKey } from './money.ts';

/**
 * Hostile input for every call (SECURITY.md): each declared field gets wrong types, control characters, a huge
 * string, huge and odd numbers and prototype keys, sent by anonymous, a member and an admin. Whatever comes in,
 * the answer is an envelope with a 4xx or a success, never a 5xx, a stack trace or SQL text; an admin call never
 * succeeds for anyone else; and the ledger stays healthy.
 */

/**
 * Calls left out: `Logon/logout` would end the member's session that every later call uses (its only field is the
 * token). Nothing else here starts long-running work with the values sent (jobs run for one date on an almost
 * empty database).
 */
const SKIP = new Set(['Logon/logout']);

const LEAK = /at .*\.ts|select |insert |syntax error|postgres/i;

/** Bounded hostile values per field: each type family once, the numbers that overflowed a BIGINT, the odd integers. */
const HOSTILE: unknown[] = [
  { a: 1 },
  [1, 2],
  12345,
  true,
  null,
  'a\u0000b',
  'x\u0007y\u001b',
  'x'.repeat(100_000),
  1e308,
  '9223372036854775808',
  '99999999999999999999.123456',
  '9300000000000',
  '9300000000000.5',
  '1e5',
  '0x10',
  '-1',
  ' 1 2 ',
  '1.5',
  'abc',
  '__proto__',
];

type Shape = Record<string, z.ZodType>;

function shapeOf(def: CallDef): Shape {
  const d = (def.request as unknown as { _zod?: { def?: { shape?: Shape } } })._zod?.def;
  return d?.shape ?? {};
}

/** The enum options inside a field's schema (through preprocess pipes and optionals), if it is an enum. */
function enumOptions(schema: z.ZodType): string[] | undefined {
  const d = (schema as unknown as { _zod: { def: Record<string, unknown> } })._zod.def;
  if (d.type === 'enum') return Object.values(d.entries as Record<string, string>);
  for (const inner of [d.out, d.in, d.innerType]) {
    if (inner) {
      const found = enumOptions(inner as z.ZodType);
      if (found) return found;
    }
  }
  return undefined;
}

type People = { member: string; memberId: string; victimId: string };

/** A value the field accepts, so one hostile field at a time reaches the handler. */
function validValue(name: string, schema: z.ZodType, people: People): unknown {
  if (name === 'idempotency_key') return newKey('fuzz');
  if (name.includes('password'))
    return name === 'password' || name === 'confirm_password' ? 'secret123' : '654321';
  if (['userid', 'to_userid', 'sponsor_id', 'placement_id', 'username'].includes(name))
    return people.victimId;
  if (schema.safeParse('zzz').data === false) return true; // a flag: on (agree, active, all_members)
  const today = new Date().toISOString().slice(0, 10);
  if (/date|_on$/.test(name) && schema.safeParse(today).success) return today;
  const options = enumOptions(schema);
  const candidates = [
    // `to` differs from `from` (Asset/walletmove, exchanges), so the amount is what gets checked.
    ...(name === 'to' ? (options ?? []).slice(1) : (options ?? [])),
    '1',
    '10',
    'USDT',
    today,
    'fuzz@example.com',
    'fuzz value',
    true,
  ];
  return candidates.find((c) => schema.safeParse(c).success);
}

function baseBody(def: CallDef, people: People): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const [name, schema] of Object.entries(shapeOf(def))) {
    // Optional fields are left out (a made-up voucher or picture id would stop the call early), except a
    // flag that widens what the call does.
    if (schema.safeParse(undefined).success && name !== 'all_members') continue;
    const v = validValue(name, schema, people);
    if (v !== undefined) body[name] = v;
  }
  return body;
}

/** The largest number a field takes (formInt's max), if it is a number field. */
function numberMax(schema: z.ZodType): number | undefined {
  const d = (schema as unknown as { _zod: { def: Record<string, unknown> } })._zod.def;
  if (d.type === 'number') return (schema as unknown as { maxValue: number | null }).maxValue ?? undefined;
  for (const inner of [d.out, d.innerType]) {
    if (inner) {
      const found = numberMax(inner as z.ZodType);
      if (found !== undefined) return found;
    }
  }
  return undefined;
}

const MONEY_FIELD = /amount|price|balance|budget|order$|each|fee|profit|capacity/;

/** Every field at its largest: amounts at the cap (10^9 USDT), quantities and counts at their maximum. */
function extremeBody(def: CallDef, people: People): Record<string, unknown> {
  const body = baseBody(def, people);
  for (const [name, schema] of Object.entries(shapeOf(def))) {
    if (name === 'idempotency_key' || name.includes('password') || name.endsWith('userid')) continue;
    if (!(name in body)) continue;
    const max = numberMax(schema);
    if (max !== undefined) body[name] = max;
    else if (MONEY_FIELD.test(name) && schema.safeParse('1000000000').success) body[name] = '1000000000';
  }
  return body;
}

type Sent = { call: string; caller: string; what: string };

async function send(
  t: TestApp,
  def: CallDef,
  payload: string,
  contentType: string,
  token: string | undefined,
): Promise<{ http: number; text: string }> {
  const headers: Record<string, string> = { 'content-type': contentType };
  if (token) headers.authorization = `Bearer ${token}`;
  if (def.method === 'GET') {
    const res = await t.app.inject({ method: 'GET', url: `/api/${def.name}?${payload}`, headers });
    return { http: res.statusCode, text: res.body };
  }
  const res = await t.app.inject({ method: 'POST', url: `/api/${def.name}`, headers, payload });
  return { http: res.statusCode, text: res.body };
}

const problems: string[] = [];

function check(sent: Sent, res: { http: number; text: string }, adminOnly: boolean) {
  const where = `${sent.caller} ${sent.call} ${sent.what}`;
  let body: { status?: unknown; code?: unknown; msg?: unknown };
  try {
    body = JSON.parse(res.text);
  } catch {
    problems.push(`${where}: not JSON (${res.http}) ${res.text.slice(0, 120)}`);
    return;
  }
  if (res.http >= 500) problems.push(`${where}: HTTP ${res.http} ${res.text.slice(0, 200)}`);
  if (typeof body.status !== 'number' || body.code !== res.http || typeof body.msg !== 'string') {
    problems.push(`${where}: not an envelope (${res.http}) ${res.text.slice(0, 200)}`);
  }
  if (
    LEAK.test(String(body.msg)) ||
    /at .*\.ts:\d+|\bselect .* from |insert into |syntax error/i.test(res.text)
  ) {
    problems.push(`${where}: leaks ${res.text.slice(0, 200)}`);
  }
  if (adminOnly && sent.caller !== 'admin' && body.status === 1)
    problems.push(`${where}: admin call answered`);
}

function jsonOf(body: Record<string, unknown>): string {
  return JSON.stringify(body);
}

function queryOf(body: Record<string, unknown>): string {
  return new URLSearchParams(
    Object.entries(body).map(([k, v]): [string, string] => [
      k,
      typeof v === 'string' ? v : JSON.stringify(v),
    ]),
  ).toString();
}

function rawRequest(port: number, text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(text));
    let answer = '';
    socket.on('data', (chunk) => {
      answer += chunk.toString();
    });
    socket.on('close', () => resolve(answer));
    socket.on('error', reject);
  });
}

let t: TestApp;
let people: People;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await adminToken(t);
  const m = await newMember(t);
  const victim = await newMember(t);
  await fund(t, admin, m.userid, '1000');
  await fund(t, admin, m.userid, '1000', 'trading');
  people = { member: m.token, memberId: m.userid, victimId: victim.userid };
});

afterAll(async () => {
  await t?.close();
});

describe('hostile input to every call', () => {
  const calls = CALLS.filter((c) => !SKIP.has(c.name));

  it('lists the calls it fuzzes', () => {
    expect(calls.length).toBeGreaterThan(150);
  });

  it('answers every hostile field with an envelope and never a 5xx', { timeout: 300_000 }, async () => {
    problems.length = 0;
    for (const def of calls) {
      const own = def.auth === 'admin' ? admin : def.auth === 'member' ? people.member : undefined;
      const callers: [string, string | undefined][] =
        def.auth === 'public'
          ? [
              ['anonymous', undefined],
              ['member', people.member],
            ]
          : [[def.auth, own]];
      const fields = Object.keys(shapeOf(def));
      for (const [caller, token] of callers) {
        for (const field of fields) {
          for (const value of HOSTILE) {
            const body = { ...baseBody(def, people), [field]: value };
            const what = `${field}=${JSON.stringify(value).slice(0, 40)}`;
            const payload = def.method === 'GET' ? queryOf(body) : jsonOf(body);
            const res = await send(t, def, payload, 'application/json', token);
            check({ call: def.name, caller, what }, res, def.auth === 'admin');
          }
          // The same field as a form, repeated (`a=1&a=2` makes an array).
          const form = `${queryOf(baseBody(def, people))}&${field}=1&${field}=2`;
          const res = await send(t, def, form, 'application/x-www-form-urlencoded', token);
          check({ call: def.name, caller, what: `${field} repeated` }, res, def.auth === 'admin');
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('answers every field at its largest (amounts times quantities, sums) without a 5xx', async () => {
    problems.length = 0;
    // Twice, in the contract's order: the first pass makes packages and products at the largest price that the
    // second pass then buys, previews and sums.
    for (const pass of [1, 2]) {
      for (const def of calls) {
        const token = def.auth === 'admin' ? admin : def.auth === 'member' ? people.member : undefined;
        const body = extremeBody(def, people);
        const payload = def.method === 'GET' ? queryOf(body) : jsonOf(body);
        const res = await send(t, def, payload, 'application/json', token);
        check(
          { call: def.name, caller: def.auth, what: `largest values, pass ${pass}` },
          res,
          def.auth === 'admin',
        );
      }
    }
    expect(problems).toEqual([]);
  });

  it('answers whole-body garbage and prototype keys with an envelope, for every caller', async () => {
    const garbage: [string, string, string][] = [
      ['not JSON', '{"a":', 'application/json'],
      ['a JSON array', '[1,2,3]', 'application/json'],
      ['a JSON string', '"x"', 'application/json'],
      [
        'prototype keys',
        '{"__proto__":{"status":1},"constructor":{"prototype":{"x":1}}}',
        'application/json',
      ],
      ['a control character', '{"a":"\u0000"}', 'application/json'],
      ['an unknown type', 'hello', 'text/plain'],
      ['a broken form', '%%%=%%&a', 'application/x-www-form-urlencoded'],
    ];
    problems.length = 0;
    for (const def of calls) {
      for (const [caller, token] of [
        ['anonymous', undefined],
        ['member', people.member],
        ['admin', admin],
      ] as const) {
        for (const [what, payload, type] of garbage) {
          if (def.method === 'GET') continue;
          const res = await send(t, def, payload, type, token);
          check({ call: def.name, caller, what }, res, def.auth === 'admin');
        }
        if (def.auth === 'admin' && caller !== 'admin') {
          // A member or a stranger sending an admin call a well-formed body is refused.
          const res = await send(t, def, jsonOf(baseBody(def, people)), 'application/json', token);
          check({ call: def.name, caller, what: 'valid body' }, res, true);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it("answers Fastify's and Node's own refusals in the envelope with their status", async () => {
    const huge = JSON.stringify({ amount: '1', note: 'x'.repeat(1024 * 1024 + 10) });
    const cases: [string, string, string, number][] = [
      ['bad JSON', '{"a":', 'application/json', 400],
      ['an unsupported content type', '<a/>', 'application/xml', 415],
      ['a body over the limit', huge, 'application/json', 413],
    ];
    for (const [what, payload, type, http] of cases) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/Logon/login',
        headers: { 'content-type': type, 'accept-language': 'zh-CN' },
        payload,
      });
      expect(res.statusCode, what).toBe(http);
      expect(res.json(), what).toMatchObject({ status: 0, code: http });
      expect(res.json().msg, what).toMatch(/[\u4e00-\u9fff]/);
    }

    // A URL over Node's header limit (16 KB) never reaches Fastify: the HTTP parser refuses it.
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const tooLong = await fetch(`${address}/api/Home/getAllNews?q=${'x'.repeat(20_000)}`, {
      method: 'POST',
      headers: { 'accept-language': 'bm-MY' },
    });
    expect(tooLong.status).toBe(431);
    expect(await tooLong.json()).toEqual({ status: 0, code: 431, msg: 'Permintaan terlalu besar' });
    const { port } = new URL(address);
    const raw = await rawRequest(Number(port), 'GARBAGE / HTTP/1.1\r\nHost: x\r\n\r\n');
    expect(raw).toMatch(/^HTTP\/1\.1 400 /);
    expect(JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4))).toMatchObject({ status: 0, code: 400 });
  });

  it('answers a PostgreSQL data exception that slips past the schemas with 422, not 500', async () => {
    const refused = await sql`select ${'abc'}::bigint`.execute(t.db).catch((e: unknown) => e);
    expect(databaseRefusal(refused)).toEqual({ code: 422, key: 'invalid_request' });
    const overflow = await sql`select ${'9300000000000000000'}::bigint * 2`
      .execute(t.db)
      .catch((e: unknown) => e);
    expect(databaseRefusal(overflow)).toEqual({ code: 422, key: 'invalid_request' });
    const nul = await sql`select ${'a\u0000b'}::text`.execute(t.db).catch((e: unknown) => e);
    expect(databaseRefusal(nul)).toEqual({ code: 422, key: 'invalid_request' });
    expect(databaseRefusal(new Error('other'))).toBeUndefined();
  });

  it('keeps the ledger healthy', async () => {
    await expectLedgerHealthy(t);
  });
});
