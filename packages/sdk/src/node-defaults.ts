/**
 * What the Node entries (`@nimbus/sdk` and `@nimbus/sdk/base`) give a client that its options
 * leave out: undici (or a patched global fetch) as the transport, `ws` for WebSockets, a logger
 * on stderr, and `NIMBUS_BASE_URL`, `NIMBUS_LOG`, `NIMBUS_API_KEY` and `NIMBUS_WEBHOOK_SECRET`.
 */
import { Console } from 'node:console';
import { CLIENT_OPTIONS, type NimbusOptions } from './base-client';
import { NimbusError } from './core/errors';
import {
  asLogger,
  type ClientLogLevel,
  consoleMethod,
  isLogLevel,
  LOG_LEVELS,
  type Logger,
} from './core/logger';
import { refuseUnknownOptions } from './core/option-names';
import { type Fetch, startExchange, withExchange } from './core/transport';
import { interceptedFetch } from './core/transport-intercept';
import { nodeWebSocket } from './core/websocket-node';

/**
 * The undici transport, loaded with the first request: loading undici was a fifth of the time to
 * import the SDK (and so of the CLI's start, and of the reference server's, which imports it).
 */
let loading: Promise<Fetch> | undefined;
let loaded: Fetch | undefined;
const loadingUndici: Fetch = async (url, init) => {
  loading ??= import('./core/transport-node').then((module) => {
    loaded = module.sharedTransport();
    return loaded;
  });
  return (await loading)(url, init);
};

/**
 * The default Node transport, for a `fetch` option that wraps it (logging, tracing) and keeps
 * its connection pool, proxy handling and msw visibility. A patched global fetch (msw's
 * `setupServer`, nock) sees the call, as undici alone would not; otherwise undici, driven the
 * cheap way once loaded.
 *
 * @example
 * const client = new Nimbus({
 *   baseUrl,
 *   fetch: (url, init) => {
 *     console.error(init.method, url);
 *     return nodeFetch(url, init);
 *   },
 * });
 */
export const nodeFetch = withExchange(
  (url, init) => (interceptedFetch() ?? loaded ?? loadingUndici)(url, init),
  (url, init) => startExchange(interceptedFetch() ?? loaded ?? loadingUndici, url, init),
);

let stderrConsole: Console | undefined;

/** Made on the first line logged: opening stderr costs a program that never logs a few milliseconds. */
function stderr(): Console {
  stderrConsole ??= new Console({ stdout: process.stderr });
  return stderrConsole;
}

/** The default logger: a console on stderr, so logs never mix with a program's output (the CLI's JSON). */
const stderrLogger: Logger = {
  error: consoleMethod(stderr, 'error'),
  warn: consoleMethod(stderr, 'warn'),
  info: consoleMethod(stderr, 'info'),
  debug: consoleMethod(stderr, 'debug'),
};

/** `NIMBUS_LOG`, checked: an unknown value is reported on `logger` and logging stays off. */
function envLogLevel(logger: Logger): ClientLogLevel {
  const value = process.env.NIMBUS_LOG;
  if (value === undefined || value === '') return 'off';
  if (isLogLevel(value)) return value;
  asLogger(logger).warn(
    { NIMBUS_LOG: value },
    `NIMBUS_LOG is ${JSON.stringify(value)}; expected one of ${LOG_LEVELS.join(', ')}. Logging stays off.`,
  );
  return 'off';
}

/** `options` with the Node defaults filled in. */
export function withNodeDefaults(options: NimbusOptions): NimbusOptions {
  refuseUnknownOptions(options, CLIENT_OPTIONS, 'Nimbus option');
  const baseUrl = options.baseUrl ?? process.env.NIMBUS_BASE_URL;
  if (!baseUrl) {
    throw new NimbusError('No baseUrl: pass `baseUrl` in the Nimbus options or set NIMBUS_BASE_URL.');
  }
  const logger = options.logger ?? stderrLogger;
  const { env } = process;
  return {
    ...options,
    baseUrl,
    // A client given an access token is not meant to fall back on the environment's key (after a logout).
    apiKey: options.apiKey ?? (options.accessToken ? undefined : env.NIMBUS_API_KEY || undefined),
    webhookSecret: options.webhookSecret ?? (env.NIMBUS_WEBHOOK_SECRET || undefined),
    fetch: options.fetch ?? nodeFetch,
    webSocket: options.webSocket ?? nodeWebSocket,
    logger,
    logLevel: options.logLevel ?? envLogLevel(logger),
  };
}
