/**
 * The load generator of bench/ledger, run as its own process (as pgbench's client is), so that the server process
 * does only server work. Reads its job as JSON on argv[2]; prints one JSON line with the results.
 */
import http from 'node:http';

/** `hot`: every client sends to this member (bench<hot>); otherwise to random members. */
type Job = { port: number; tokens: string[]; seconds: number; members: number; hot?: number };
const job = JSON.parse(process.argv[2] ?? '{}') as Job;
const agent = new http.Agent({ keepAlive: true, maxSockets: job.tokens.length });

function post(body: object, token: string): Promise<{ status: number; ok: boolean }> {
  return new Promise((resolve, reject) => {
    const payload = JSON.stringify(body);
    const req = http.request(
      {
        host: '127.0.0.1',
        port: job.port,
        path: '/api/asset/transfersave',
        method: 'POST',
        agent,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
          authorization: `Bearer ${token}`,
        },
      },
      (res) => {
        let data = '';
        res.on('data', (c) => {
          data += c;
        });
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, ok: (JSON.parse(data) as { status: number }).status === 1 }),
        );
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

const latencies: number[] = [];
let errors = 0;
let seq = 0;
const started = performance.now();
const deadline = started + job.seconds * 1000;
await Promise.all(
  job.tokens.map(async (token, c) => {
    while (performance.now() < deadline) {
      let to = job.hot ?? Math.floor(Math.random() * job.members);
      if (to === c) to = (to + 1) % job.members;
      const t0 = performance.now();
      const res = await post(
        {
          to_userid: `bench${to}`,
          amount: '1.25',
          wallet: 'funds',
          tx_password: '654321',
          idempotency_key: `b-${process.pid}-${c}-${seq++}`,
        },
        token,
      );
      latencies.push(performance.now() - t0);
      if (res.status !== 200 || !res.ok) errors++;
    }
  }),
);
const elapsed = (performance.now() - started) / 1000;
latencies.sort((a, b) => a - b);
const pct = (p: number) =>
  latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? 0;
const cpu = process.cpuUsage();
process.stdout.write(
  `${JSON.stringify({ count: latencies.length, errors, elapsed, p50: pct(50), p99: pct(99), cpuMs: (cpu.user + cpu.system) / 1000 })}\n`,
);
agent.destroy();
