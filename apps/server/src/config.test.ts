import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  CONFIG_VARIABLES,
  configProblems,
  demoProfileLine,
  INTERNAL_VARIABLES,
  loadConfig,
} from './config.ts';

const root = path.resolve(import.meta.dirname, '../../..');
const operatorVariables = CONFIG_VARIABLES.filter((v) => !INTERNAL_VARIABLES.includes(v));

/** A production environment that may start: every problem test below breaks exactly one thing of it. */
const PRODUCTION: Record<string, string> = {
  NODE_ENV: 'production',
  APP_SECRET: 'a'.repeat(64),
  DATABASE_URL: 'postgres://app:secret@db.example.com:5432/app',
  DEMO_DATA: '0',
  CHAIN: '0',
  SMTP_URL: 'smtp://user:pass@mail.example.com:587',
  ADMIN_USERID: 'owner',
  ADMIN_PASSWORD: 'a long admin password',
};

const problemsWith = (change: Record<string, string | undefined>) => {
  const env: Record<string, string | undefined> = { ...PRODUCTION, ...change };
  for (const [k, v] of Object.entries(change)) if (v === undefined) delete env[k];
  return configProblems(env);
};

describe('README, .env.example and config.ts agree', () => {
  const readme = readFileSync(path.join(root, 'README.md'), 'utf8');
  const section = readme.slice(readme.indexOf('## Configuration'), readme.indexOf('## Architecture'));
  const tableRows = section.split('\n').filter((l) => l.startsWith('|'));
  const example = readFileSync(path.join(root, '.env.example'), 'utf8');

  it('has a row of the Configuration table for every variable config.ts reads', () => {
    const missing = operatorVariables.filter(
      (v) => !tableRows.some((row) => (row.split('|')[1] ?? '').includes(`\`${v}\``)),
    );
    expect(missing).toEqual([]);
  });

  it('lists every variable in .env.example, and nothing config.ts does not know', () => {
    const listed = [...example.matchAll(/^#?\s*([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1] as string);
    expect(operatorVariables.filter((v) => !listed.includes(v))).toEqual([]);
    const tools = ['SWEEP_MNEMONIC', 'SWEEP_ACCOUNT', 'BACKUP_PASSPHRASE'];
    expect(listed.filter((v) => !CONFIG_VARIABLES.includes(v as never) && !tools.includes(v))).toEqual([]);
  });

  it('names in the first column of the table only variables that exist', () => {
    const named = tableRows
      .slice(2)
      .flatMap((row) => [...(row.split('|')[1] ?? '').matchAll(/`([^`]+)`/g)].map((m) => m[1] as string));
    expect(named.length).toBeGreaterThan(40);
    expect(named.filter((v) => !CONFIG_VARIABLES.includes(v as never))).toEqual([]);
  });

  it('.env.example as it is (empty values unset) is a production configuration short of its secrets only', () => {
    const env = Object.fromEntries(
      [...example.matchAll(/^([A-Z][A-Z0-9_]*)=(.*)$/gm)].map((m) => [m[1] as string, m[2] as string]),
    );
    const problems = configProblems(env);
    expect(problems.map((p) => p.split(' ')[0])).toEqual(['APP_SECRET', 'SMTP_URL']);
  });
});

describe('the production profile refuses to start', () => {
  it('starts with a complete production configuration', () => {
    expect(configProblems(PRODUCTION)).toEqual([]);
  });

  it('refuses everything unsafe at once, one line per problem naming the variable and what to set', () => {
    const problems = configProblems({ NODE_ENV: 'production' });
    expect(problems.map((p) => p.split(/[ :=]/)[0])).toEqual([
      'APP_SECRET',
      'DEMO_DATA',
      'CHAIN',
      'SMTP_URL',
    ]);
    expect(problems[0]).toContain('openssl rand -hex 32');
    expect(problems[1]).toContain('set DEMO_DATA=0');
    expect(problems[2]).toContain('CHAIN=0');
    expect(problems[3]).toContain('set SMTP_URL');
  });

  it.each([
    [{ DEMO_DATA: '1' }, /^DEMO_DATA: demo members with known passwords .* set DEMO_DATA=0$/],
    [{ DEMO_DATA: undefined }, /^DEMO_DATA: /],
    [
      { DEMO_ADMIN: '1' },
      /^DEMO_ADMIN=1 makes the demo admin admin\/admin1234 .* set ADMIN_USERID and ADMIN_PASSWORD$/,
    ],
    [{ CHAIN: undefined }, /^CHAIN: the local test chain \(anvil\) and its test-USDT faucet would start/],
    [
      { CHAIN_TEST: '1' },
      /^CHAIN_TEST=1 gives every member test USDT \(Asset\/testdeposit\): remove CHAIN_TEST$/,
    ],
    [{ SMTP_URL: undefined }, /^SMTP_URL is not set: .*production has no dev outbox/],
    [{ SMTP_URL: '' }, /^SMTP_URL is not set/],
    [{ APP_SECRET: undefined }, /^APP_SECRET is not set: .*the same on every server/],
    [{ APP_SECRET: 'short' }, /^APP_SECRET is shorter than 32 characters/],
    [{ SERVERS: '3' }, /^SERVERS=3 without REDIS_URL: .* set REDIS_URL/],
    [{ ALLOW_FUTURE_JOBS: '1' }, /^ALLOW_FUTURE_JOBS=1 .*: remove ALLOW_FUTURE_JOBS$/],
    [
      { CHAIN_RPC_URL: 'https://rpc.example.org', CHAIN_ID: '56' },
      /^USDT_CONTRACT, DEPOSIT_XPUB not set: deposits from a chain need/,
    ],
    [
      {
        CHAIN_RPC_URL: 'https://rpc.example.org',
        USDT_CONTRACT: '0xdAC17F958D2ee523a2206206994597C13D831ec7',
        DEPOSIT_XPUB: 'xpub6',
      },
      /^CHAIN_ID is not set: set the network's chain id/,
    ],
    [
      { ADMIN_PASSWORD: undefined },
      /^ADMIN_PASSWORD is not set: ADMIN_USERID and ADMIN_PASSWORD create an admin together/,
    ],
    [{ PORT: 'eighty' }, /^PORT: /],
    [{ SEAL_KEYS: 'nonsense' }, /^SEAL_KEYS: expected/],
  ])('%o', (change, expected) => {
    const problems = problemsWith(change);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(expected);
  });

  it('allows several servers with REDIS_URL, and a real chain given whole', () => {
    expect(problemsWith({ SERVERS: '3', REDIS_URL: 'redis://redis.internal:6379' })).toEqual([]);
    expect(
      problemsWith({
        CHAIN: undefined,
        CHAIN_RPC_URL: 'https://rpc.example.org',
        CHAIN_ID: '56',
        USDT_CONTRACT: '0x55d398326f99059fF775485246999027B3197955',
        DEPOSIT_XPUB: 'xpub6...',
      }),
    ).toEqual([]);
  });

  it('never repeats a value it refuses (it may be a key)', () => {
    const key = 'zz'.repeat(32);
    const problems = problemsWith({ HOT_WALLET_KEY: key });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^HOT_WALLET_KEY: /);
    expect(problems[0]).not.toContain(key);
  });
});

describe('migrations at start', () => {
  const secret = { secret: Buffer.alloc(32) };

  it('the demo profile migrates at start (a newcomer runs npm start alone)', () => {
    expect(loadConfig({}, secret).migrateOnStart).toBe(true);
    expect(loadConfig({ NODE_ENV: 'test' }, secret).migrateOnStart).toBe(true);
  });

  it('production migrates at start only with MIGRATE_ON_START=1 (else npm run migrate is its own step)', () => {
    expect(loadConfig(PRODUCTION, secret).migrateOnStart).toBe(false);
    expect(loadConfig({ ...PRODUCTION, MIGRATE_ON_START: '' }, secret).migrateOnStart).toBe(false);
    expect(loadConfig({ ...PRODUCTION, MIGRATE_ON_START: '1' }, secret).migrateOnStart).toBe(true);
    expect(problemsWith({ MIGRATE_ON_START: '1' })).toEqual([]);
  });
});

describe('the demo profile', () => {
  it('starts npm start as it is (NODE_ENV unset), refusing only settings that contradict each other', () => {
    expect(configProblems({})).toEqual([]);
    expect(configProblems({ NODE_ENV: 'development', DEMO_ADMIN: '1' })).toEqual([]);
    expect(configProblems({ CHAIN_RPC_URL: 'https://rpc.example.org' })[0]).toMatch(
      /^USDT_CONTRACT, DEPOSIT_XPUB not set/,
    );
    expect(configProblems({ ADMIN_USERID: 'boss' })[0]).toMatch(/^ADMIN_PASSWORD is not set/);
  });

  it('says what it runs', () => {
    const config = loadConfig({}, { secret: Buffer.alloc(32) });
    expect(demoProfileLine(config)).toBe(
      'Demo profile: embedded PostgreSQL, local test chain, demo data and admin, dev outbox — not for production (NODE_ENV=production checks the settings and refuses these)',
    );
  });

  it('reads an empty value as not set', () => {
    const config = loadConfig({ CHAIN_ID: '', SERVERS: '', SMS_URL: '' }, { secret: Buffer.alloc(32) });
    expect(config.sms).toBeUndefined();
  });
});
