import { privateKeyToAccount } from 'viem/accounts';
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { parseSealKeys } from './lib/crypto.ts';
import { type LogFormat, logFormatOf } from './lib/log.ts';

const flag = z
  .string()
  .optional()
  .transform((v) => v === '1' || v === 'true');

const envSchema = z.object({
  NODE_ENV: z.string().default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  /** Production applies pending migrations at start only with MIGRATE_ON_START=1 (else `npm run migrate` first). */
  MIGRATE_ON_START: flag,
  LOG_LEVEL: z.string().default('info'),
  LOG_REQUESTS: z.enum(['0', '1', 'true', 'false']).optional(),
  /** json (production's default) or pretty (the demo profile's): see lib/log.ts. */
  LOG_FORMAT: z.enum(['json', 'pretty']).optional(),
  ADMIN_USERID: z.string().optional(),
  ADMIN_PASSWORD: z.string().optional(),
  ROOT_USERID: z.string().default('company'),
  APP_SECRET: z.string().optional(),
  SESSION_TTL_HOURS: z.coerce
    .number()
    .positive()
    .default(24 * 7),
  SMTP_URL: z.string().optional(),
  /** SMS through an HTTP webhook: POST JSON { to, text } with `Authorization: Bearer SMS_TOKEN`. */
  SMS_URL: z.string().url().optional(),
  SMS_TOKEN: z.string().optional(),
  /** Extra keys for secrets at rest, newest first: `2:<base64 32 bytes>,1:<base64 32 bytes>` (lib/crypto.ts keyRing). */
  SEAL_KEYS: z.string().optional(),
  RESET_CODES_PER_DAY: z.coerce.number().int().positive().default(5),
  MAIL_FROM: z.string().default('Member Platform <no-reply@localhost>'),
  REDIS_URL: z.string().optional(),
  /** GET /metrics asks for `Authorization: Bearer METRICS_TOKEN` when set (http/metrics.ts). */
  METRICS_TOKEN: z.string().min(1).optional(),
  LOGIN_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(10),
  TAC_LIMIT_PER_10_MINUTES: z.coerce.number().int().positive().default(5),
  GLOBAL_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(600),
  STREAM_LIMIT_PER_IP: z.coerce.number().int().positive().default(20),
  /** Proxies whose X-Forwarded-For is believed: comma-separated addresses or CIDRs (default none). */
  TRUST_PROXY: z.string().default(''),
  APP_LATEST_VERSION: z.string().default('1.0.0'),
  APP_MIN_VERSION: z.string().default('1.0.0'),
  APP_DOWNLOAD_URL: z.string().default('/'),
  TAB_SET: z.enum(['four', 'six']).default('four'),
  DEMO_DATA: z.string().default('1'),
  DEMO_ADMIN: flag,
  ALLOW_FUTURE_JOBS: flag,
  WEB_DIST: z.string().optional(),
  WORKERS: z.coerce.number().int().min(0).max(64).optional(),
  DB_POOL_SIZE: z.coerce.number().int().min(1).max(500).default(20),
  CS_EMAIL: z.string().default('support@example.com'),
  CS_TELEGRAM: z.string().default('@support'),
  EXCHANGE_API_BASE: z.string().optional(),
  /** '0' turns the local test chain of `npm start` off (no deposits from a chain) when CHAIN_RPC_URL is not set. */
  CHAIN: z.enum(['0', '1']).optional(),
  CHAIN_RPC_URL: z.string().optional(),
  CHAIN_ID: z.coerce.number().int().positive().optional(),
  CHAIN_NAME: z.string().optional(),
  CHAIN_NETWORK: z.string().default('ERC20'),
  CHAIN_EXPLORER_URL: z.string().default(''),
  /** The chain's JSON-RPC URL members' browsers read proof-of-reserves anchors from (npm start's local chain: its own). */
  CHAIN_PUBLIC_RPC_URL: z.string().default(''),
  CHAIN_TEST: z.enum(['0', '1']).optional(),
  USDT_CONTRACT: z.string().optional(),
  DEPOSIT_XPUB: z.string().optional(),
  DEPOSIT_MINIMUM: z.string().default('1'),
  /** The hot wallet's private key (payouts); else DATA_DIR/hot-wallet.key (mode 0600) is read. */
  HOT_WALLET_KEY: z
    .string()
    .regex(/^(0x)?[0-9a-fA-F]{64}$/, 'a 32-byte hex private key')
    .optional(),
  /** Set by the main process for its HTTP workers: the hot wallet's address (never its key). */
  HOT_WALLET_ADDRESS: z.string().optional(),
  EXCHANGE_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  MARKET_FEED: z.enum(['0', '1', 'true', 'false']).optional(),
  MAP_TILE_URL: z.string().default(''),
  /** The tile server's credit, shown as text in the map's corner (e.g. '© OpenStreetMap contributors'). */
  MAP_TILE_ATTRIBUTION: z.string().max(200).default(''),
  /** App servers sharing this database (production checks that more than one has REDIS_URL). */
  SERVERS: z.coerce.number().int().min(1).max(1000).default(1),
});

/** Every variable config.ts reads (README's Configuration table and .env.example list each: config.test.ts). */
export const CONFIG_VARIABLES = Object.keys(envSchema.shape) as (keyof typeof envSchema.shape)[];

/** The variables that have a value: an empty one (`CHAIN_ID=` in an .env file) counts as not set. */
const setOnly = (env: NodeJS.ProcessEnv): NodeJS.ProcessEnv =>
  Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));

/** Set by the server itself for its HTTP workers, never by an operator. */
export const INTERNAL_VARIABLES: readonly string[] = ['HOT_WALLET_ADDRESS'];

export type Config = {
  env: string;
  /**
   * Check every answer against the contract's schema (development and tests: a server bug becomes a failing test).
   * Off when NODE_ENV is production or not set, as with `npm start`: answers are only serialized, cheaper per call.
   */
  validateResponses: boolean;
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /**
   * Apply pending migrations at start: always in the demo profile (a newcomer's `npm start`); in production only with
   * MIGRATE_ON_START=1, else pending migrations refuse the start (`npm run migrate` is its own deployment step).
   */
  migrateOnStart: boolean;
  logLevel: string;
  /** A log line per request (development and tests; in production on request: LOG_REQUESTS=1). */
  logRequests: boolean;
  /** LOG_FORMAT: JSON lines (production) or short human lines (the demo profile). */
  logFormat: LogFormat;
  /** ADMIN_USERID + ADMIN_PASSWORD: this owner is created once, when absent; later changes: `npm run admin`. */
  admin: { userid: string; password: string } | undefined;
  rootUserid: string;
  /** Server secret for HMACs (session cache keys, remembered transaction passwords). */
  secret: Buffer;
  sessionTtlMs: number;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** SMS provider webhook (SMS_URL, SMS_TOKEN); without it SMS goes to the dev outbox, outside production only. */
  sms?: { url: string; token: string | undefined };
  /** SEAL_KEYS as given (validated at load): the versioned keys sealing TOTP secrets and exchange keys. */
  sealKeys?: string;
  /** Password-reset codes one account may be sent per day. */
  resetCodesPerDay?: number;
  redisUrl: string | undefined;
  /** METRICS_TOKEN: the Bearer token /metrics asks for; unset: open, or 404 under NODE_ENV=production. */
  metricsToken?: string;
  /** `streamPerIp`: ticker-stream connections one address may hold open at a server. */
  limits: { loginPerMinute: number; tacPer10Minutes: number; globalPerMinute: number; streamPerIp: number };
  /** TRUST_PROXY: the proxies (addresses, CIDRs) whose X-Forwarded-For gives the client's address; [] trusts none. */
  trustProxy: string[];
  app: { latestVersion: string; minVersion: string; downloadUrl: string; tabSet: 'four' | 'six' };
  demoData: boolean;
  /** Create the demo admin with the demo data: yes unless NODE_ENV=production, where only DEMO_ADMIN=1 asks for it. */
  demoAdmin: boolean;
  allowFutureJobs: boolean;
  webDist: string | undefined;
  /** HTTP worker processes (node:cluster) sharing the port; 1 serves from the main process. */
  workers: number;
  /** Connections each process keeps to PostgreSQL. */
  dbPoolSize: number;
  customerService: { email: string; telegram: string };
  /** Sends every exchange's REST calls to this base URL instead (a local mock exchange in tests and demos). */
  exchangeApiBase: string | undefined;
  /** How long an exchange's REST call may take before it counts as not answered (an order then is looked up before it is sent again). */
  exchangeTimeoutMs: number;
  /** USDT on a chain: set when deposits are on (a real network, or npm start's local test chain). */
  chain: ChainConfig | undefined;
  /** npm start may start its local test chain (no CHAIN_RPC_URL and CHAIN is not '0'). */
  localChain: boolean;
  /** Run the market feed in this process (`npm start`: yes; tests step it by hand). */
  marketFeed: boolean;
  /** A map tile server URL template for the location pages; '' for the bundled world map alone (offline). */
  mapTiles: string;
  mapTileCredit: string;
};

/** Where the server secret is kept when APP_SECRET is not set (a backup carries it: db/backup-archive.ts). */
export const secretFile = (dataDir: string) => path.join(dataDir, 'secret');

/** Reads the secret from APP_SECRET, else from DATA_DIR/secret (made once), so restarts keep it. */
function loadSecret(fromEnv: string | undefined, dataDir: string): Buffer {
  if (fromEnv) return Buffer.from(fromEnv, 'utf8');
  const file = secretFile(dataDir);
  try {
    return Buffer.from(readFileSync(file, 'utf8').trim(), 'hex');
  } catch {
    mkdirSync(dataDir, { recursive: true });
    const secret = randomBytes(32);
    writeFileSync(file, secret.toString('hex'), { mode: 0o600 });
    return secret;
  }
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const e = envSchema.parse(setOnly(env));
  const dataDir = path.resolve(e.DATA_DIR);
  const config: Config = {
    env: e.NODE_ENV,
    validateResponses: env.NODE_ENV !== undefined && env.NODE_ENV !== 'production',
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    migrateOnStart: e.MIGRATE_ON_START || env.NODE_ENV !== 'production',
    logLevel: e.LOG_LEVEL,
    logRequests:
      e.LOG_REQUESTS === undefined
        ? env.NODE_ENV !== undefined && env.NODE_ENV !== 'production'
        : e.LOG_REQUESTS === '1' || e.LOG_REQUESTS === 'true',
    logFormat: logFormatOf(env),
    admin:
      e.ADMIN_USERID && e.ADMIN_PASSWORD ? { userid: e.ADMIN_USERID, password: e.ADMIN_PASSWORD } : undefined,
    rootUserid: e.ROOT_USERID,
    secret: overrides.secret ?? loadSecret(e.APP_SECRET, dataDir),
    sessionTtlMs: e.SESSION_TTL_HOURS * 3600_000,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    sms: e.SMS_URL ? { url: e.SMS_URL, token: e.SMS_TOKEN } : undefined,
    sealKeys: parseSealKeys(e.SEAL_KEYS).length ? e.SEAL_KEYS : undefined,
    resetCodesPerDay: e.RESET_CODES_PER_DAY,
    redisUrl: e.REDIS_URL,
    metricsToken: e.METRICS_TOKEN,
    limits: {
      loginPerMinute: e.LOGIN_LIMIT_PER_MINUTE,
      tacPer10Minutes: e.TAC_LIMIT_PER_10_MINUTES,
      globalPerMinute: e.GLOBAL_LIMIT_PER_MINUTE,
      streamPerIp: e.STREAM_LIMIT_PER_IP,
    },
    trustProxy: e.TRUST_PROXY.split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    app: {
      latestVersion: e.APP_LATEST_VERSION,
      minVersion: e.APP_MIN_VERSION,
      downloadUrl: e.APP_DOWNLOAD_URL,
      tabSet: e.TAB_SET,
    },
    demoData: e.DEMO_DATA !== '0' && e.DEMO_DATA !== 'false',
    demoAdmin: e.DEMO_ADMIN || env.NODE_ENV !== 'production',
    allowFutureJobs: e.ALLOW_FUTURE_JOBS,
    webDist: e.WEB_DIST,
    // The embedded PostgreSQL shares the machine: leave it a core (measured on two cores: one worker answered reads
    // with a p99 of 7-15 ms, two with 17-30 ms). An outside database leaves every core to the workers.
    workers: e.WORKERS || (e.DATABASE_URL ? availableParallelism() : Math.max(1, availableParallelism() - 1)),
    dbPoolSize: e.DB_POOL_SIZE,
    customerService: { email: e.CS_EMAIL, telegram: e.CS_TELEGRAM },
    exchangeApiBase: e.EXCHANGE_API_BASE,
    exchangeTimeoutMs: e.EXCHANGE_TIMEOUT_MS,
    chain:
      e.CHAIN_RPC_URL && e.USDT_CONTRACT && e.DEPOSIT_XPUB
        ? {
            rpcUrl: e.CHAIN_RPC_URL,
            chainId: e.CHAIN_ID ?? 1,
            name: e.CHAIN_NAME ?? (e.CHAIN_TEST === '1' ? 'Local test chain' : 'Ethereum'),
            network: e.CHAIN_NETWORK,
            explorer: e.CHAIN_EXPLORER_URL,
            publicRpcUrl: e.CHAIN_PUBLIC_RPC_URL,
            token: e.USDT_CONTRACT as `0x${string}`,
            xpub: e.DEPOSIT_XPUB,
            confirmations: 6,
            minimum: e.DEPOSIT_MINIMUM,
            test: e.CHAIN_TEST === '1',
            hotWallet: e.HOT_WALLET_KEY
              ? privateKeyToAccount(hexKey(e.HOT_WALLET_KEY)).address
              : (e.HOT_WALLET_ADDRESS as `0x${string}` | undefined),
          }
        : undefined,
    localChain: !e.CHAIN_RPC_URL && e.CHAIN !== '0',
    marketFeed: e.MARKET_FEED === undefined || e.MARKET_FEED === '1' || e.MARKET_FEED === 'true',
    mapTiles: e.MAP_TILE_URL,
    mapTileCredit: e.MAP_TILE_ATTRIBUTION,
  };
  return { ...config, ...overrides };
}

export type ChainConfig = {
  rpcUrl: string;
  chainId: number;
  name: string;
  /** The network's key in the calls (e.g. ERC20). */
  network: string;
  /** An explorer's base URL ('' for none): <explorer>/tx/<hash>, <explorer>/address/<address>. */
  explorer: string;
  token: `0x${string}`;
  xpub: string;
  confirmations: number;
  /** USDT; smaller deposits are recorded and not credited. */
  minimum: string;
  /** The local test chain of npm start. */
  test: boolean;
  /** The hot wallet's address: approved withdrawals to this network are paid on chain from it (else by hand). */
  hotWallet?: `0x${string}`;
  /** A JSON-RPC URL browsers may use (proof-of-reserves anchors); '' or unset: none, except on the local test chain. */
  publicRpcUrl?: string;
};

/** A private key as viem takes it. */
export const hexKey = (key: string): `0x${string}` =>
  (key.startsWith('0x') ? key : `0x${key}`) as `0x${string}`;

// --- Profiles and the whole-configuration check (main.ts runs it before anything starts) ---

/**
 * `demo`: what `npm start` runs (NODE_ENV unset, development or test): embedded PostgreSQL, the local test chain, demo
 * data and admin, the dev outbox. `production` (NODE_ENV=production, the container): the settings are checked as a
 * whole and any of those refuses the start.
 */
export type Profile = 'demo' | 'production';

export const profileOf = (env: NodeJS.ProcessEnv): Profile =>
  env.NODE_ENV === 'production' ? 'production' : 'demo';

/** The chain settings that together turn deposits from a real network on. */
const CHAIN_TRIO = ['CHAIN_RPC_URL', 'USDT_CONTRACT', 'DEPOSIT_XPUB'] as const;

/**
 * Everything wrong with the environment, one line per problem, each naming the variable and what to set; [] when it
 * may start. Types and ranges in every profile, settings that only make sense together in every profile, and in
 * production everything unsafe (demo data, a demo admin, the test chain and its faucet, no way to send codes, no
 * APP_SECRET, several servers without REDIS_URL).
 */
export function configProblems(env: NodeJS.ProcessEnv = process.env): string[] {
  const problems: string[] = [];
  const set = (name: string) => (env[name] ?? '').trim() !== '';
  const parsed = envSchema.safeParse(setOnly(env));
  if (!parsed.success)
    // The value itself is not repeated: it may be a secret (HOT_WALLET_KEY).
    for (const issue of parsed.error.issues) problems.push(`${issue.path.join('.')}: ${issue.message}`);
  try {
    parseSealKeys(env.SEAL_KEYS);
  } catch (err) {
    problems.push(err instanceof Error ? err.message : String(err));
  }
  if (set('ADMIN_USERID') !== set('ADMIN_PASSWORD'))
    problems.push(
      `${set('ADMIN_USERID') ? 'ADMIN_PASSWORD' : 'ADMIN_USERID'} is not set: ADMIN_USERID and ADMIN_PASSWORD create an admin together; set both, or neither`,
    );
  const chainSet = CHAIN_TRIO.filter(set);
  if (chainSet.length > 0 && chainSet.length < CHAIN_TRIO.length)
    problems.push(
      `${CHAIN_TRIO.filter((n) => !set(n)).join(', ')} not set: deposits from a chain need CHAIN_RPC_URL, USDT_CONTRACT and DEPOSIT_XPUB together (only ${chainSet.join(', ')} given); set the rest, or none of them`,
    );
  if (profileOf(env) !== 'production') return problems;

  const on = (name: string) => env[name] === '1' || env[name] === 'true';
  if (!set('APP_SECRET'))
    problems.push(
      'APP_SECRET is not set: set a random value of at least 32 characters, the same on every server (e.g. `openssl rand -hex 32`)',
    );
  else if ((env.APP_SECRET ?? '').length < 32)
    problems.push(
      'APP_SECRET is shorter than 32 characters: set a longer random value (`openssl rand -hex 32`)',
    );
  if (env.DEMO_DATA !== '0' && env.DEMO_DATA !== 'false')
    problems.push(
      'DEMO_DATA: demo members with known passwords would be loaded (DEMO_DATA is 1 unless set): set DEMO_DATA=0',
    );
  if (on('DEMO_ADMIN'))
    problems.push(
      'DEMO_ADMIN=1 makes the demo admin admin/admin1234 and lets admins skip two-factor: remove DEMO_ADMIN and set ADMIN_USERID and ADMIN_PASSWORD',
    );
  if (!set('CHAIN_RPC_URL') && env.CHAIN !== '0')
    problems.push(
      'CHAIN: the local test chain (anvil) and its test-USDT faucet would start: set CHAIN_RPC_URL, CHAIN_ID, USDT_CONTRACT and DEPOSIT_XPUB for a real network, or CHAIN=0 for no deposits from a chain',
    );
  if (set('CHAIN_RPC_URL') && !set('CHAIN_ID'))
    problems.push(
      "CHAIN_ID is not set: set the network's chain id (1 Ethereum, 56 BSC, 137 Polygon, 42161 Arbitrum)",
    );
  if (env.CHAIN_TEST === '1')
    problems.push('CHAIN_TEST=1 gives every member test USDT (Asset/testdeposit): remove CHAIN_TEST');
  if (!set('SMTP_URL'))
    problems.push(
      'SMTP_URL is not set: verification codes by e-mail could not be sent (production has no dev outbox); set SMTP_URL, e.g. smtp://user:pass@mail.example.com:587',
    );
  const servers = Number(env.SERVERS ?? 1);
  if (servers > 1 && !set('REDIS_URL'))
    problems.push(
      `SERVERS=${env.SERVERS} without REDIS_URL: each server would count rate limits and lockouts on its own; set REDIS_URL, e.g. redis://redis.internal:6379`,
    );
  if (on('ALLOW_FUTURE_JOBS'))
    problems.push(
      'ALLOW_FUTURE_JOBS=1 lets admins run daily jobs (mining income) for days to come: remove ALLOW_FUTURE_JOBS',
    );
  return problems;
}

/** What the demo profile runs, for the line `npm start` prints first. */
export function demoProfileLine(config: Config): string {
  const parts = [
    config.databaseUrl ? undefined : 'embedded PostgreSQL',
    !config.chain && config.localChain ? 'local test chain' : undefined,
    config.demoData ? (config.demoAdmin ? 'demo data and admin' : 'demo data') : undefined,
    config.smtpUrl && config.sms ? undefined : 'dev outbox',
  ].filter(Boolean);
  return `Demo profile${parts.length ? `: ${parts.join(', ')}` : ''} — not for production (NODE_ENV=production checks the settings and refuses these)`;
}
