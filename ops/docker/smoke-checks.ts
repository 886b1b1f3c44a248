import { call, check, get, type Say, type Server } from './smoke-api.ts';

/** The operations side of the smoke test: health, what production hides, and what the two servers share. */

export async function checkHealth(servers: Server[], say: Say) {
  for (const s of servers) {
    const health = await get(s, '/healthz');
    check(health.http === 200, `GET /healthz on server ${s.name}: HTTP ${health.http} ${health.text}`);
    const ready = await get(s, '/readyz');
    check(ready.http === 200, `GET /readyz on server ${s.name}: HTTP ${ready.http} ${ready.text}`);
    const checks = (JSON.parse(ready.text) as { checks: Record<string, unknown> }).checks;
    check(checks.redis === 'ok', `GET /readyz on server ${s.name}: Redis is ${String(checks.redis)}, not ok`);
  }
  say('healthz and readyz answer 200 on A and B (database, migrations and Redis ok)');
}

export async function checkWeb(servers: Server[], say: Say) {
  for (const s of servers) {
    const page = await get(s, '/');
    check(
      page.http === 200 && page.type.startsWith('text/html') && /<html/i.test(page.text),
      `GET / on server ${s.name}: expected the web app's HTML, got HTTP ${page.http} ${page.type}: ${page.text.slice(0, 200)}`,
    );
  }
  say('the web app answers HTML at / on A and B');
}

/** Without METRICS_TOKEN a production server hides /metrics (404); with one it asks for it (401). */
export async function checkMetricsHidden(servers: Server[], say: Say) {
  const answers = new Set<number>();
  for (const s of servers) {
    const metrics = await get(s, '/metrics');
    check(
      metrics.http === 404 || metrics.http === 401,
      `GET /metrics without a token on server ${s.name}: HTTP ${metrics.http}, expected 404 (or 401 with METRICS_TOKEN set)`,
    );
    answers.add(metrics.http);
  }
  say(`/metrics without a token: ${[...answers].join(' and ')} on A and B`);
}

/** How long the other server may take to hear a revocation (PostgreSQL notifies it at commit). */
const REVOCATION_MS = 3_000;

/** A member logs out on one server: the other refuses that session from then on (within the notice's moment). */
export async function checkLogoutShared(servers: [Server, Server], userid: string, token: string, say: Say) {
  const [a, b] = servers;
  const logout = await call(b, 'Logon/logout', {}, token);
  check(logout.envelope.status === 1, `Logon/logout on server B: ${JSON.stringify(logout.envelope)}`);
  const until = Date.now() + REVOCATION_MS;
  for (;;) {
    const { envelope } = await call(a, 'Asset/getwalletbalance', {}, token);
    if (envelope.status === -9) break;
    check(
      Date.now() < until,
      `${userid} logged out on B, yet A still accepts that session after ${REVOCATION_MS / 1000} s`,
    );
    await new Promise((r) => setTimeout(r, 100));
  }
  say(`sessions are shared: ${userid}'s session from A worked on B; logged out on B, A refuses it`);
}

/** The code limit per address is counted in Redis: once server A refuses an address, B refuses it too. */
export async function checkSharedLimit(servers: [Server, Server], email: string, say: Say) {
  const [a, b] = servers;
  const body = { signup_type: 'email', email };
  for (let sent = 1; sent <= 30; sent++) {
    const { http, envelope } = await call(a, 'Logon/getsmsverification', body);
    if (http === 429) {
      const onB = await call(b, 'Logon/getsmsverification', body);
      check(
        onB.http === 429,
        `rate limits are not shared (the same REDIS_URL on both?): after ${sent - 1} codes to one address A answered 429, B HTTP ${onB.http} ${JSON.stringify(onB.envelope)}`,
      );
      say(`rate limits are shared: after ${sent - 1} codes to one address A answered 429, and so did B`);
      return;
    }
    check(
      envelope.status === 1,
      `Logon/getsmsverification on server A: HTTP ${http} ${JSON.stringify(envelope)}`,
    );
  }
  say(
    'rate limits: not checked (no 429 after 30 codes to one address: TAC_LIMIT_PER_10_MINUTES is above that)',
  );
}
