import { NimbusError } from './errors';

/** How much the client logs, from nothing to every attempt. Each level includes those before it. */
export type ClientLogLevel = 'off' | 'error' | 'warn' | 'info' | 'debug';

/** Where the client logs: `console` fits, as do pino, winston and most other loggers. */
export interface Logger {
  error(message: string, ...details: unknown[]): void;
  warn(message: string, ...details: unknown[]): void;
  info(message: string, ...details: unknown[]): void;
  debug(message: string, ...details: unknown[]): void;
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

export function levelled(logger: Logger, level: ClientLogLevel): LevelledLogger {
  const rank = LOG_LEVELS.indexOf(level);
  const at = (name: Exclude<ClientLogLevel, 'off'>) =>
    LOG_LEVELS.indexOf(name) <= rank ? logger[name].bind(logger) : undefined;
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
