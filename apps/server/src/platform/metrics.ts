import { Counter, collectDefaultMetrics, Registry } from 'prom-client';

/**
 * This process's metrics registry, where features count what they see (http/metrics.ts serves it at /metrics, summed
 * over the HTTP workers). Kept below the features so that counting an event does not reach up into the HTTP layer.
 */
export const processRegistry = new Registry();
collectDefaultMetrics({ register: processRegistry });

/** Login attempts refused (features/auth/login.ts): a wrong userid or password, or the login rate limit. */
export const loginFailures = new Counter({
  name: 'mp_login_failures_total',
  help: 'Member logins refused, by reason (wrong_credentials, rate_limited)',
  labelNames: ['reason'] as const,
  registers: [processRegistry],
});
