import { AsyncLocalStorage } from 'node:async_hooks';
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import pino, { type DestinationStream, type Logger } from 'pino';

/**
 * The one logger of every process (the main process, each HTTP worker, the standalone tools): pino, a line per
 * event with `level`, `time`, `msg`, `pid`, `proc` (which process) and `component` (which part of it), plus the
 * context of the work it belongs to (a request's `reqId`, a daily job's `jobRun`, a scanner pass's `scan`), read
 * from AsyncLocalStorage so that code deep in a feature logs it without passing it around. JSON lines in
 * production; in the demo profile a short human line (`pretty`), written by our own formatter below.
 */
export type LogFormat = 'json' | 'pretty';

/** What a log line carries from the work under way. */
export type LogContext = { reqId?: string; jobRun?: string; scan?: string };

const context = new AsyncLocalStorage<LogContext>();

/** Runs `fn` with `add` on top of the current context: whatever it logs, however deep or late, carries them. */
export function withLogContext<T>(add: LogContext, fn: () => T): T {
  return context.run({ ...context.getStore(), ...add }, fn);
}

/** A short random id for one unit of work (a job's run, a scanner's pass). */
export const workId = (): string => randomBytes(6).toString('base64url');

/** Field names whose values are secrets wherever a logged object has them (two levels down). */
const SECRET_FIELDS = [
  'password',
  'confirm_password',
  'old_password',
  'new_password',
  'txPassword',
  'tx_password',
  'confirm_tx_password',
  'otp',
  'totp',
  'tac',
  'new_tac',
  'secret',
  'privateKey',
  'private_key',
  'mnemonic',
  'token',
  'apiKey',
  'api_key',
  'api_secret',
  'passphrase',
  'authorization',
  'cookie',
];
/**
 * Names that hold a secret in a request or a message (a verification `code`, an API `key`) but not elsewhere: an
 * error's `code` (ECONNREFUSED, 57P01) and a refusal's `key` stay readable.
 */
const SECRET_INPUT_FIELDS = ['code', 'key'];
const INPUTS = ['body', 'query', 'params', 'headers', 'data', 'message'];

const REDACT_PATHS = [
  ...SECRET_FIELDS.flatMap((f) => [f, `*.${f}`, `*.*.${f}`]),
  ...SECRET_INPUT_FIELDS.flatMap((f) => [f, ...INPUTS.flatMap((i) => [`${i}.${f}`, `*.${i}.${f}`])]),
  'headers["set-cookie"]',
  '*.headers["set-cookie"]',
];

const SECRET_QUERY = new Set([...SECRET_FIELDS, ...SECRET_INPUT_FIELDS].map((f) => f.toLowerCase()));

/** A request's URL with the values of secret-named query parameters replaced (`?token=...` must not reach a log). */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const params = new URLSearchParams(url.slice(q + 1));
  for (const name of new Set(params.keys()))
    if (SECRET_QUERY.has(name.toLowerCase())) params.set(name, '***');
  return `${url.slice(0, q)}?${params.toString()}`;
}

/** A request as a log line shows it: never its headers or body. */
function requestSerializer(req: { method?: string; url?: string; ip?: string }) {
  return { method: req.method, url: redactUrl(req.url ?? ''), remoteAddress: req.ip };
}

/**
 * Loggers that already bind `reqId` (Fastify's per-request `req.log` and its children): the context's `reqId` is not
 * written a second time on their lines.
 */
const requestLoggers = new WeakSet<Logger>();

function contextFields(_obj: object, _level: number, log: Logger): object {
  const store = context.getStore();
  if (!store) return {};
  if (store.reqId !== undefined && requestLoggers.has(log)) {
    const { reqId: _bound, ...rest } = store;
    return rest;
  }
  // A copy: pino merges the line's own fields into what this returns.
  return { ...store };
}

const BARE_FIELDS = new Set(['time', 'level', 'msg', 'pid', 'hostname', 'proc', 'component', 'err']);

/**
 * A JSON line as a person reads it: `12:03:04 WARN [scheduler] msg key=value`, an error's stack below. The main
 * process's own info lines are the operator's console (the start banner with the URL and demo logins): text alone.
 */
export function prettyLine(json: string): string {
  let o: Record<string, unknown>;
  try {
    o = JSON.parse(json) as Record<string, unknown>;
  } catch {
    return json;
  }
  const fields = Object.entries(o).filter(([k]) => !BARE_FIELDS.has(k));
  const err = o.err as { stack?: string; message?: string } | undefined;
  if (o.level === 'info' && o.component === 'main' && fields.length === 0 && !err) return `${o.msg}\n`;
  const extra = fields.map(([k, v]) => ` ${k}=${typeof v === 'string' ? v : JSON.stringify(v)}`).join('');
  const trace = err ? `\n  ${(err.stack ?? err.message ?? '').replaceAll('\n', '\n  ')}` : '';
  const time = String(o.time ?? '').slice(11, 19);
  return `${time} ${String(o.level).toUpperCase()} [${String(o.component ?? o.proc)}] ${String(o.msg ?? '')}${extra}${trace}\n`;
}

function destination(format: LogFormat): DestinationStream {
  // Synchronous, a write per line: the HTTP workers share the main process's stdout, and a line written whole (under
  // the pipe's 4 KiB) is never cut by another process's. Also nothing is lost when a process exits at once.
  if (format === 'json') return pino.destination({ dest: 1, sync: true });
  return { write: (line: string) => void process.stdout.write(prettyLine(line)) };
}

export type LogSettings = { proc: string; level: string; format: LogFormat };

/** A process's root logger; `stream` is where its lines go (stdout, formatted as `settings.format` says). */
export function createRootLogger(
  settings: LogSettings,
  stream: DestinationStream = destination(settings.format),
): Logger {
  return pino(
    {
      level: settings.level,
      base: { pid: process.pid, hostname: hostname(), proc: settings.proc },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      redact: REDACT_PATHS,
      serializers: { req: requestSerializer, err: pino.stdSerializers.err },
      mixin: contextFields,
      onChild: (child) => {
        if ('reqId' in child.bindings()) requestLoggers.add(child);
      },
    },
    stream,
  );
}

/** LOG_FORMAT when set, else JSON lines in production and human lines in the demo profile. */
export function logFormatOf(env: NodeJS.ProcessEnv): LogFormat {
  if (env.LOG_FORMAT === 'json' || env.LOG_FORMAT === 'pretty') return env.LOG_FORMAT;
  return env.NODE_ENV === 'production' ? 'json' : 'pretty';
}

/** Until `configureLogging` runs (e.g. a failure while reading the configuration): the environment's settings. */
let root = createRootLogger({
  proc: 'main',
  level: (process.env.LOG_LEVEL ?? '') in pino.levels.values ? (process.env.LOG_LEVEL as string) : 'info',
  format: logFormatOf(process.env),
});

/** Sets this process's logger once its configuration is read; loggers taken before keep the old settings. */
export function configureLogging(settings: LogSettings): void {
  root = createRootLogger(settings);
}

/** The logger of one part of this process: `logger('scheduler')` writes lines with `component: 'scheduler'`. */
export function logger(component: string): Logger {
  return root.child({ component });
}

/**
 * A process's own lines for its operator (the start banner with the URL, `stopping...`, `stopped.`, a tool's
 * progress): written at info even when LOG_LEVEL asks for less (tests and quiet servers still say they are up).
 */
export function consoleLogger(component: string): Logger {
  const log = logger(component);
  if (!log.isLevelEnabled('info')) log.level = 'info';
  return log;
}
