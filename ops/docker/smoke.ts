import { randomBytes } from 'node:crypto';
import { type AdminCli, adminSession, logIn, newMember, register, secondApproval } from './smoke-accounts.ts';
import { check, ok, type Say, type Server } from './smoke-api.ts';
import {
  checkHealth,
  checkLogoutShared,
  checkMetricsHidden,
  checkSharedLimit,
  checkWeb,
} from './smoke-checks.ts';
import { fund, repeatTransfer, transfer, transferPlan } from './smoke-money.ts';
import type { SmtpCapture } from './smtp-capture.ts';

/**
 * The smoke test of a production deployment with two app servers on one PostgreSQL and one Redis (issue 27): what a
 * member and an operator do, through both servers, checking that they share the ledger, sessions and rate limits.
 * The container test (container-test.ts) calls `smoke` against its containers; `--local` runs it against two servers
 * of the production build started here (local-run.ts).
 */

export { type SmtpCapture, startSmtpCapture } from './smtp-capture.ts';
export { startPostgres, startRedis } from './stack.ts';

export type SmokeTarget = {
  /** The two app servers, e.g. http://127.0.0.1:PORT. */
  urls: [string, string];
  /** The servers were started with SMTP_URL = smtp.url. */
  smtp: SmtpCapture;
  /** An owner admin that exists (created by ADMIN_USERID/PASSWORD or the CLI), no two-factor yet. */
  admin: { userid: string; password: string };
  /** Runs `npm run admin -- ...` where the servers run: makes the second admin when an adjustment needs one. */
  adminCli?: AdminCli;
  /** Whether the servers serve the web app at / (default yes: the image has it). */
  web?: boolean;
  /** The sponsor of the members it registers: the company root (ROOT_USERID, default company). */
  sponsor?: string;
};

/** Runs the flow; throws on the first failure with a message naming the step, the server and the answer. */
export async function smoke(t: SmokeTarget, say: Say): Promise<void> {
  const servers: [Server, Server] = [
    { name: 'A', url: t.urls[0].replace(/\/$/, '') },
    { name: 'B', url: t.urls[1].replace(/\/$/, '') },
  ];
  const [a, b] = servers;
  // Userids, e-mail addresses and idempotency keys of this run: a second run on the same database meets none of them.
  const run = randomBytes(4).toString('hex');
  const m1 = newMember(run, 1);
  const m2 = newMember(run, 2);

  await checkHealth(servers, say);
  if (t.web ?? true) await checkWeb(servers, say);
  await checkMetricsHidden(servers, say);
  await register(a, t.smtp, t.sponsor ?? 'company', m1, 'L', say);
  await register(b, t.smtp, t.sponsor ?? 'company', m2, 'R', say);

  const admin = await adminSession(a, t.admin.userid, t.admin.password, say);
  const m1Token = await logIn(a, m1.userid, m1.password);
  const plan = await transferPlan(a, m1Token);
  const funded = await fund(servers, admin, { member: m1, token: m1Token }, plan, {
    key: `smoke-${run}-fund`,
    approve: (id) => secondApproval(t.adminCli, b, id, run, say),
    say,
  });
  const sender = { member: m1, token: m1Token, balance: funded };
  const sent = await transfer(servers, sender, m2, plan, `smoke-${run}-transfer`, say);
  await repeatTransfer(servers, { ...sender, balance: sent.balance }, sent, plan, say);
  await checkLogoutShared(servers, m1.userid, m1Token, say);

  const ledger = await ok<{ healthy: boolean; problems: string[] }>(b, 'Admin/ledgerhealth', {}, admin.token);
  check(ledger.healthy, `Admin/ledgerhealth on server B: ${ledger.problems.join('; ')}`);
  say('the ledger checks out (Admin/ledgerhealth on B)');
  await checkSharedLimit(servers, `smk${run}r@example.com`, say);
}

// `node --import tsx ops/docker/smoke.ts --local`: two servers of the production build started here (no docker).
if (import.meta.filename === process.argv[1]) {
  if (process.argv.includes('--local'))
    void import('./local-run.ts').then(async ({ runLocal }) => {
      process.exitCode = await runLocal();
    });
  else {
    process.stderr.write(
      'Usage: node --import tsx ops/docker/smoke.ts --local (the container test calls smoke() itself)\n',
    );
    process.exitCode = 2;
  }
}
