import { NimbusError } from './errors';

/** How much the client logs, from nothing to every attempt. Each level includes those before it. */
export type ClientLogLevel = 'off' | 'error' | 'warn' | 'info' | 'debug';

/** What a log line reports beside its message: `requestId`, `retries`, `durationMs`, `headers`, ... */
export type LogFields = Record<string, unknown>;

/**
 * Where the client logs. Each method takes the fields first and the message second, as pino and
 * bunyan do (they keep the fields as fields: given the message first, pino drops them), so
 * either is passed as it is. A `console` is adapted: it prints the message, then the fields.
 */
export interface Logger {
  error(fields: LogFields, message: string): void;
  warn(fields: LogFields, message: string): void;
  info(fields: LogFields, message: string): void;
  debug(fields: LogFields, message: string): void;
}

/**
 * A logger cut down to the enabled levels: the others are `undefined`, so a call site checks
 * `log.debug?.(...)` and builds no message when its level is off.
 */
export type LevelledLogger = Partial<Logger>;

export const LOG_LEVELS: readonly ClientLogLevel[] = ['off', 'error', 'warn', 'info', 'debug'];

export function isLogLevel(value: unknown): value is ClientLogLevel {
  return LOG_LEVELS.includes(value as ClientLogLevel);
}

/** Throws a `NimbusError` naming the accepted values when `level` is not one of them. */
export function checkLogLevel(level: unknown, source: string): ClientLogLevel {
  if (isLogLevel(level)) return level;
  throw new NimbusError(`${source} must be one of ${LOG_LEVELS.join(', ')}; got ${JSON.stringify(level)}`);
}

type LevelName = Exclude<ClientLogLevel, 'off'>;

/** The global console, or one made with `new Console(...)` (Node). */
function isConsole(logger: unknown): logger is Console {
  const { console } = globalThis;
  return logger === console || (typeof console.Console === 'function' && logger instanceof console.Console);
}

/** A console's method in the `Logger` shape: the message first, then the fields when there are any. */
export function consoleMethod(target: () => Console, name: LevelName): Logger[LevelName] {
  return (fields, message) => {
    if (Object.keys(fields).length === 0) target()[name](message);
    else target()[name](message, fields);
  };
}

/** `logger`, or a console adapted to the `Logger` shape. */
export function asLogger(logger: Logger): Logger {
  if (!isConsole(logger)) return logger;
  const target = () => logger;
  return {
    error: consoleMethod(target, 'error'),
    warn: consoleMethod(target, 'warn'),
    info: consoleMethod(target, 'info'),
    debug: consoleMethod(target, 'debug'),
  };
}

export function levelled(logger: Logger, level: ClientLogLevel): LevelledLogger {
  const rank = LOG_LEVELS.indexOf(level);
  const adapted = asLogger(logger);
  const at = (name: LevelName) =>
    LOG_LEVELS.indexOf(name) <= rank ? adapted[name].bind(adapted) : undefined;
  return { error: at('error'), warn: at('warn'), info: at('info'), debug: at('debug') };
}

/** Headers whose values are credentials; logged as `***`. */
const SECRET_HEADERS = new Set(['authorization', 'proxy-authorization', 'x-api-key', 'cookie', 'set-cookie']);
/** Query parameters whose values may be credentials (signed URLs, tokens). */
const SECRET_PARAM = /token|key|secret|password|signature|sig$/i;

/** The headers (by lower-case name), credentials masked. */
export function loggableHeaders(headers: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of Object.keys(headers))
    out[name] = SECRET_HEADERS.has(name) ? '***' : (headers[name] as string);
  return out;
}

/** The URL with the values of credential-like query parameters masked. */
export function loggableUrl(url: string): string {
  const query = url.indexOf('?');
  if (query === -1) return url;
  const params = new URLSearchParams(url.slice(query + 1));
  for (const name of new Set(params.keys())) {
    if (SECRET_PARAM.test(name)) params.set(name, '***');
  }
  return `${url.slice(0, query)}?${params.toString().replaceAll('%2A%2A%2A', '***')}`;
}
