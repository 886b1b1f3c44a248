/**
 * The ticker-stream clients of bench/paper, run as their own process so the server's processes do only server work.
 * Opens `clients` Server-Sent-Events connections to /api/stream/tickers, keeps them for `seconds`, and measures each
 * update's delivery lag: the time it arrived here minus the feed's time for those prices (`at`, the same machine's
 * clock). Reads its job as JSON on argv[2]; prints one JSON line with the results.
 */
import http from 'node:http';

type Job = { port: number; clients: number; seconds: number };
const job = JSON.parse(process.argv[2] ?? '{}') as Job;
const agent = new http.Agent({ keepAlive: true, maxSockets: Number.POSITIVE_INFINITY });

const lags: number[] = [];
const perClient: number[] = [];
let failed = 0;
let dropped = 0;
let measuring = false;
const sockets: http.ClientRequest[] = [];

function open(index: number): Promise<void> {
  perClient[index] = 0;
  return new Promise((resolve) => {
    const req = http.get(
      {
        host: '127.0.0.1',
        port: job.port,
        path: '/api/stream/tickers',
        agent,
        headers: { accept: 'text/event-stream' },
      },
      (res) => {
        if (res.statusCode !== 200) {
          failed++;
          res.resume();
          return resolve();
        }
        res.setEncoding('utf8');
        let buffered = '';
        res.on('data', (chunk: string) => {
          const arrived = Date.now();
          buffered += chunk;
          let end = buffered.indexOf('\n\n');
          while (end >= 0) {
            const frame = buffered.slice(0, end);
            buffered = buffered.slice(end + 2);
            end = buffered.indexOf('\n\n');
            const at = /"at":(\d+)/.exec(frame);
            if (!at || !measuring) continue;
            lags.push(arrived - Number(at[1]));
            perClient[index] = (perClient[index] ?? 0) + 1;
          }
        });
        res.on('close', () => {
          if (measuring) dropped++;
        });
        resolve();
      },
    );
    req.on('error', () => {
      failed++;
      resolve();
    });
    sockets.push(req);
  });
}

const connectStarted = performance.now();
for (let i = 0; i < job.clients; i += 100) {
  await Promise.all(Array.from({ length: Math.min(100, job.clients - i) }, (_, k) => open(i + k)));
}
const connectMs = performance.now() - connectStarted;
// Let the first (cached) frame of each connection pass, then measure.
await new Promise((r) => setTimeout(r, 1500));
measuring = true;
const started = performance.now();
await new Promise((r) => setTimeout(r, job.seconds * 1000));
measuring = false;
const elapsed = (performance.now() - started) / 1000;
for (const s of sockets) s.destroy();
agent.destroy();

lags.sort((a, b) => a - b);
const pct = (p: number) => lags[Math.min(lags.length - 1, Math.floor((p / 100) * lags.length))] ?? 0;
const counts = perClient.slice().sort((a, b) => a - b);
process.stdout.write(
  `${JSON.stringify({
    clients: job.clients,
    failed,
    dropped,
    connectMs,
    elapsed,
    updates: lags.length,
    perClientMin: counts[0] ?? 0,
    perClientMedian: counts[Math.floor(counts.length / 2)] ?? 0,
    p50: pct(50),
    p99: pct(99),
    max: lags[lags.length - 1] ?? 0,
  })}\n`,
);
