// The baseline of bench/reads: a bare Node HTTP server answering every request with a fixed JSON envelope of the
// size the app's answer has (argv: port, body bytes). Runs as its own process, as the app server does.
import http from 'node:http';

const port = Number(process.argv[2]);
const size = Number(process.argv[3] ?? 200);
const filler = 'x'.repeat(Math.max(0, size - 40));
const body = JSON.stringify({ status: 1, code: 200, msg: 'ok', data: { filler } });
http
  .createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length });
    res.end(body);
  })
  .listen(port, '127.0.0.1', () => process.stdout.write('listening\n'));
