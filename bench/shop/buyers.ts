/**
 * The buyers of bench/shop, run as their own process: each buyer (a session) in a loop puts one random product in
 * the cart and buys the cart (Shop/cartsave, then Asset/BuyProductSave2), as a member at checkout would. Reads its
 * job as JSON on argv[2]; prints one JSON line with the results.
 */
import http from 'node:http';

type Job = { port: number; tokens: string[]; products: string[]; seconds: number; txPassword: string };
const job = JSON.parse(process.argv[2] ?? '{}') as Job;
const agent = new http.Agent({ keepAlive: true, maxSockets: job.tokens.length * 2 });

function post(name: string, body: object, token: string): Promise<{ ok: boolean; msg: string }> {
  return new Promise((resolve, reject) => {
    const payload = JSON.stringify(body);
    const req = http.request(
      {
        host: '127.0.0.1',
        port: job.port,
        path: `/api/${name}`,
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
        res.on('end', () => {
          const e = JSON.parse(data) as { status: number; msg: string };
          resolve({ ok: res.statusCode === 200 && e.status === 1, msg: e.msg });
        });
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

const latencies: number[] = [];
let errors = 0;
let sample = '';
let seq = 0;
const started = performance.now();
const deadline = started + job.seconds * 1000;
await Promise.all(
  job.tokens.map(async (token, c) => {
    while (performance.now() < deadline) {
      const product = job.products[Math.floor(Math.random() * job.products.length)]!;
      const t0 = performance.now();
      const cart = await post('Shop/cartsave', { product_id: product, quantity: 1 + (seq % 2) }, token);
      const buy = await post(
        'Asset/BuyProductSave2',
        {
          wallet: 'funds',
          delivery: 'keep',
          agree: true,
          tx_password: job.txPassword,
          idempotency_key: `b-${process.pid}-${c}-${seq++}`,
        },
        token,
      );
      latencies.push(performance.now() - t0);
      if (!cart.ok || !buy.ok) {
        errors++;
        sample = cart.ok ? buy.msg : cart.msg;
      }
    }
  }),
);
const elapsed = (performance.now() - started) / 1000;
latencies.sort((a, b) => a - b);
const pct = (p: number) =>
  latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? 0;
process.stdout.write(
  `${JSON.stringify({ count: latencies.length, errors, elapsed, p50: pct(50), p99: pct(99), sample })}\n`,
);
agent.destroy();
