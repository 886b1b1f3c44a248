import { describe, expect, it } from 'vitest';
import { createRootLogger, prettyLine, redactUrl, withLogContext } from './log.ts';

/** A logger as a process has it, its lines kept here. */
function capture() {
  const lines: Record<string, unknown>[] = [];
  const log = createRootLogger(
    { proc: 'test', level: 'info', format: 'json' },
    { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) },
  );
  return { log, lines };
}

describe('the logger', () => {
  it('writes level, time, msg, pid, proc and component on every line', () => {
    const { log, lines } = capture();
    log.child({ component: 'scheduler' }).warn('late');
    expect(lines[0]).toMatchObject({
      level: 'warn',
      msg: 'late',
      pid: process.pid,
      proc: 'test',
      component: 'scheduler',
    });
    expect(Date.parse(String(lines[0]?.time))).not.toBeNaN();
  });

  it('hides secrets in logged objects and leaves an error its code', () => {
    const { log, lines } = capture();
    log.info(
      {
        body: { password: 'p1', tx_password: '123456', code: '654321', totp: '111222', amount: '5' },
        req: { headers: { authorization: 'Bearer tok', cookie: 's=tok', 'set-cookie': 'x' } },
        config: { privateKey: '0xabc', mnemonic: 'test test', secret: 's3' },
        query: { key: 'k1' },
        err: { code: 'ECONNREFUSED', key: 'delivery_unavailable' },
      },
      'call',
    );
    const text = JSON.stringify(lines[0]);
    for (const secret of ['p1', '123456', '654321', '111222', 'tok', '0xabc', 'test test', 's3', 'k1'])
      expect(text).not.toContain(secret);
    expect(lines[0]).toMatchObject({
      body: { amount: '5' },
      err: { code: 'ECONNREFUSED', key: 'delivery_unavailable' },
    });
  });

  it('writes a request URL without the values of secret parameters', () => {
    expect(redactUrl('/api/x?token=abc&page=2&TAC=123456')).toBe('/api/x?token=***&page=2&TAC=***');
    expect(redactUrl('/api/x')).toBe('/api/x');
    const { log, lines } = capture();
    log.info({ req: { method: 'GET', url: '/api/x?password=p', ip: '10.0.0.1' } }, 'incoming request');
    expect(lines[0]?.req).toEqual({ method: 'GET', url: '/api/x?password=***', remoteAddress: '10.0.0.1' });
  });

  it('adds the context of the work under way, nested contexts together, even after an await', async () => {
    const { log, lines } = capture();
    await withLogContext({ reqId: 'r1' }, async () => {
      await new Promise((r) => setTimeout(r, 5));
      await withLogContext({ jobRun: 'j1' }, async () => log.info('inside'));
    });
    log.info('outside');
    expect(lines[0]).toMatchObject({ reqId: 'r1', jobRun: 'j1', msg: 'inside' });
    expect(lines[1]).not.toHaveProperty('reqId');
  });

  it('writes a request id once on a logger that binds it already', () => {
    const { log, lines } = capture();
    withLogContext({ reqId: 'r2', jobRun: 'j2' }, () => log.child({ reqId: 'r2' }).info('bound'));
    const raw = JSON.stringify(lines[0]);
    expect(raw.match(/"reqId"/g)).toHaveLength(1);
    expect(lines[0]).toMatchObject({ reqId: 'r2', jobRun: 'j2' });
  });
});

describe('the pretty format (demo profile)', () => {
  const line = (o: Record<string, unknown>) =>
    prettyLine(JSON.stringify({ time: '2026-01-02T03:04:05.678Z', pid: 1, proc: 'main', ...o }));

  it("prints the main process's info lines as plain text: the start banner stays readable", () => {
    expect(line({ level: 'info', component: 'main', msg: 'Member platform is running at x' })).toBe(
      'Member platform is running at x\n',
    );
  });

  it('prints other lines with time, level, component and fields, and an error with its stack', () => {
    expect(line({ level: 'info', component: 'scheduler', jobRun: 'j1', msg: 'job done' })).toBe(
      '03:04:05 INFO [scheduler] job done jobRun=j1\n',
    );
    expect(
      line({
        level: 'error',
        component: 'main',
        msg: 'demo bots failed',
        err: { stack: 'Error: x\n    at y' },
      }),
    ).toBe('03:04:05 ERROR [main] demo bots failed\n  Error: x\n      at y\n');
  });
});
