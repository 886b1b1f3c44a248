import { KYC_MAX_IMAGE_BYTES } from '@mp/contract';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, LogController } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { type ChangeFeed, startChangeFeed, useFeedFor } from './db/change-feed.ts';
import { poolOf } from './db/database.ts';
import type { Deps } from './platform/deps.ts';
import { fileStore } from './platform/files.ts';
import type { CallRoute } from './platform/calls.ts';
import { createMemberCards } from './features/members/card.ts';
import { cacheSettings } from './platform/settings.ts';
import { createCampaigns } from './features/airdrop/campaign.ts';
import { airdropRoutes } from './features/airdrop/routes.ts';
import { adminMoneyRoutes } from './features/admin/money-routes.ts';
import { adminRoutes } from './features/admin/routes.ts';
import { authRoutes } from './features/auth/routes.ts';
import { createSessions, type Sessions } from './platform/session-store.ts';
import { createTacs } from './platform/tac.ts';
import { enquiryRoutes } from './features/content/enquiries.ts';
import { gameRoutes } from './features/content/game.ts';
import { MEDIA_PREFIX } from './features/content/media.ts';
import { createPublishedContent } from './features/content/published.ts';
import { contentRoutes } from './features/content/routes.ts';
import { kycRoutes } from './features/kyc/routes.ts';
import { memberRoutes } from './features/members/routes.ts';
import { miningRoutes } from './features/mining/routes.ts';
import { securityRoutes } from './features/security/routes.ts';
import { createTotp } from './features/security/totp.ts';
import { securityAdminRoutes } from './features/security/admin-routes.ts';
import { createTxPasswordGuard } from './features/security/tx-password.ts';
import { keyRing } from './lib/crypto.ts';
import { systemRoutes } from './features/system/routes.ts';
import type { MoneyDeps } from './platform/money-deps.ts';
import { walletRoutes } from './features/wallet/routes.ts';
import { waitingTooLong } from './features/withdraw/index.ts';
import { withdrawRoutes } from './features/withdraw/routes.ts';
import { envelopeClientError, installEnvelope } from './http/envelope-plugin.ts';
import { inlineScriptSources, installSecurityHeaders, tileSources } from './http/security-headers.ts';
import { installHealth } from './http/health.ts';
import { installMedia } from './http/media.ts';
import { installRequestContext, requestIdOf, requestLoggers } from './http/request-context.ts';
import { logger } from './lib/log.ts';
import { installMetrics } from './http/metrics.ts';
import { serializeEnvelope } from './http/serialize.ts';
import { adminsOnly, registerCalls } from './http/register.ts';
import { networkRoutes } from './features/network/routes.ts';
import { tradingRoutes } from './features/trading/routes.ts';
import { cacheTradingReads } from './features/trading/read-caches.ts';
import { cacheBalances } from './ledger/index.ts';
import { createEngines, type Engines } from './engines.ts';
import { shopRoutes } from './features/shop/routes.ts';
import { botRoutes } from './features/bots/routes.ts';
import { chainRoutes } from './features/chain/routes.ts';
import { publicRpcUrl, reservesRoutes } from './features/reserves/index.ts';
import { copyInvestRoutes } from './features/copy/invest.ts';
import { copyRoutes } from './features/copy/routes.ts';
import { installTickerStream } from './features/trading/stream.ts';
import { dailyJobs } from './jobs/registry.ts';
import { createJobRuns } from './jobs/runs.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
export const DEFAULT_WEB_DIST = path.resolve(here, '../../web/dist');

export type AppOptions = {
  logger?: boolean | object;
  serveWeb?: boolean;
  /** The process's engines (engines.ts); the main process passes its own, anyone else gets a set built here. */
  engines?: Engines;
};

const webDistOf = (deps: Deps): string => deps.config.webDist ?? DEFAULT_WEB_DIST;

/** Fastify's logger: this process's, as the base logger Fastify's types take. */
const httpLogger = (): FastifyBaseLogger => logger('http');

/** Builds the whole server without listening, so tests can `inject`. */
export async function buildApp(deps: Deps, options: AppOptions = {}): Promise<FastifyInstance> {
  const app = await createFastify(deps, options);
  const feed = followChanges(app, deps);
  const sessions = createSessions(deps.db, deps.clock, deps.config.sessionTtlMs, feed);
  registerCalls(app, featureCalls(deps, options.engines ?? createEngines(deps), sessions, feed), {
    sessions,
    limiter: deps.floodLimiter ?? deps.limiter,
    globalPerMinute: deps.config.limits.globalPerMinute,
  });
  // The API docs list every call and its fields: for admins only.
  await app.register(swaggerUi, { routePrefix: '/api/docs', uiHooks: { onRequest: adminsOnly(sessions) } });
  installTickerStream(app, poolOf(deps.db).options, { perIp: deps.config.limits.streamPerIp });
  installMedia(app, fileStore(deps.db), MEDIA_PREFIX);
  if (options.serveWeb !== false) await serveWeb(app, webDistOf(deps));
  return app;
}

/** Fastify with the envelope, request context, security headers, body parsers, the API docs and operations. */
async function createFastify(deps: Deps, options: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    // The process's logger (lib/log.ts: its format, redaction and context), unless a test chooses.
    ...(options.logger === undefined ? { loggerInstance: httpLogger() } : { logger: options.logger }),
    logController: new LogController({ disableRequestLogging: !deps.config.logRequests }),
    ...requestLoggers(deps.config.logRequests),
    routerOptions: { caseSensitive: false, ignoreTrailingSlash: true },
    bodyLimit: 1024 * 1024,
    // X-Forwarded-For only from the proxies named in TRUST_PROXY (none by default): anyone else could pick an address.
    trustProxy: deps.config.trustProxy,
    // Always ours to decide: a caller's X-Request-Id is kept only when it is a safe short token.
    requestIdHeader: false,
    genReqId: requestIdOf,
    clientErrorHandler: envelopeClientError,
  });
  installRequestContext(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(deps.config.validateResponses ? serializerCompiler : () => serializeEnvelope);
  installEnvelope(app);
  // Operations (outside the call registry: no session, no flood guard): /healthz, /readyz, /metrics.
  installMetrics(app, deps, installHealth(app, deps));
  installSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // The map tile server of MAP_TILE_URL, when one is set (the address map's tiles are images).
        imgSrc: ["'self'", 'data:', 'blob:', ...tileSources(deps.config.mapTiles)],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // index.html's inline boot script (the web build's prerender), by its hash.
        scriptSrc: ["'self'", ...inlineScriptSources(path.join(webDistOf(deps), 'index.html'))],
        // The chain's public JSON-RPC, where members' browsers read proof-of-reserves anchors (issue 31).
        connectSrc: ["'self'", ...tileSources(publicRpcUrl(deps.config.chain) ?? '')],
      },
    },
  });
  await app.register(formbody);
  await app.register(multipart, {
    attachFieldsToBody: 'keyValues',
    limits: { fileSize: KYC_MAX_IMAGE_BYTES, files: 5, fields: 50 },
  });
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Member platform API',
        version: '1.0.0',
        description: 'Every call answers { status, code, msg, data }.',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    transform: jsonSchemaTransform,
  });
  return app;
}

/**
 * Read caches (sessions, member cards, settings, balances, the market screen's trading reads) follow the database's
 * change feed (db/change-feed.ts).
 */
function followChanges(app: FastifyInstance, deps: Deps): ChangeFeed {
  const feed = startChangeFeed(poolOf(deps.db).options, (m) => app.log.warn(m));
  app.addHook('onClose', () => feed.close());
  useFeedFor(deps.db, feed);
  cacheSettings(deps.db, feed);
  cacheBalances(deps.db, feed);
  cacheTradingReads(deps.db, feed);
  return feed;
}

/** The money dependencies: the process's ledger and the second factors that guard money calls. */
function moneyDeps(deps: Deps, engines: Engines): MoneyDeps {
  return {
    ...deps,
    ledger: engines.ledger,
    txPassword: createTxPasswordGuard({
      db: deps.db,
      clock: deps.clock,
      limiter: deps.limiter,
      secret: deps.config.secret,
    }),
    totp: createTotp({
      db: deps.db,
      clock: deps.clock,
      ring: keyRing(deps.config.secret, deps.config.sealKeys),
    }),
  };
}

/** Every feature's calls, each feature given the services it needs. */
function featureCalls(deps: Deps, engines: Engines, sessions: Sessions, feed: ChangeFeed): CallRoute[] {
  const money = moneyDeps(deps, engines);
  const tacs = createTacs({
    db: deps.db,
    clock: deps.clock,
    notifier: deps.notifier,
    limiter: deps.limiter,
    secret: deps.config.secret,
    perTenMinutes: deps.config.limits.tacPer10Minutes,
  });
  const { trading } = engines;
  const tradingDeps = {
    db: deps.db,
    clock: deps.clock,
    data: engines.market,
    secret: deps.config.secret,
    ccxt: engines.ccxt,
  };
  const jobRuns = createJobRuns({
    db: deps.db,
    clock: deps.clock,
    config: deps.config,
    jobs: dailyJobs(money.ledger),
  });
  return [
    ...systemRoutes(deps),
    ...authRoutes(deps, sessions, tacs),
    ...memberRoutes(deps, sessions, tacs, money.totp, createMemberCards(deps.db, feed)),
    ...contentRoutes(deps, createPublishedContent(deps.db, deps.clock, feed), engines.market),
    ...enquiryRoutes(deps),
    ...gameRoutes(money),
    ...adminRoutes(money, sessions),
    ...walletRoutes(money),
    ...withdrawRoutes(money),
    ...securityRoutes(money),
    ...securityAdminRoutes(deps),
    ...adminMoneyRoutes(money),
    ...airdropRoutes(money, createCampaigns(money)),
    ...kycRoutes(money),
    ...miningRoutes(money, jobRuns),
    ...networkRoutes(deps, sessions, () => waitingTooLong(deps.db, deps.config.chain, deps.clock.now())),
    ...tradingRoutes(tradingDeps, trading),
    ...shopRoutes(money),
    ...chainRoutes({ db: deps.db, chain: deps.config.chain }),
    ...copyRoutes(deps, engines.copy),
    ...copyInvestRoutes(money, engines.copy),
    ...reservesRoutes(money),
    ...botRoutes({
      db: deps.db,
      clock: deps.clock,
      data: engines.market,
      trading,
      engine: engines.bots,
      ledger: money.ledger,
      txPassword: money.txPassword,
    }),
  ];
}

/** The web app's build, when there is one. */
async function serveWeb(app: FastifyInstance, webDist: string): Promise<void> {
  if (!existsSync(path.join(webDist, 'index.html'))) return;
  await app.register(fastifyStatic, {
    root: webDist,
    prefix: '/',
    wildcard: false,
    // The build writes .br and .gz beside each asset; file names under assets/ carry their content hash.
    preCompressed: true,
    setHeaders: (res, filePath) => {
      if (filePath.includes(`${path.sep}assets${path.sep}`))
        res.header('cache-control', 'public, max-age=31536000, immutable');
      else res.header('cache-control', 'no-cache');
    },
  });
}
