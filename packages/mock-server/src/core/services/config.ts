import type { Logger } from './logger';
import type { ProxyTarget } from './proxy';
import { redactingLogger } from './secret-values';
import type { PasswordCost } from './secrets';

/** Everything that can be tuned on a server. `resolveConfig` fills the defaults. */
export interface ServerConfig {
  /** Delay between lifecycle states (docs/decisions/0004-lifecycles.md): 1500 for `npm start`, 0 in tests. */
  transitionDelayMs: number;
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
  /** Largest accepted request body (413 above). */
  maxBodyBytes: number;
  /**
   * Origins allowed by CORS besides loopback pages (any scheme and port), e.g.
   * `['https://app.example.test']`; `'*'` allows any origin on the APIs. Pages on other origins
   * get 403. The control routes answer loopback pages only, whatever this says.
   */
  corsOrigins: '*' | string[];
  /**
   * Host names answered besides loopback ones (`localhost`, `*.localhost`, `127.0.0.0/8`,
   * `[::1]`): exact names, or `.example.test` for a name and its subdomains. Other Host headers
   * get 403, against DNS rebinding. `'any'` turns the check off (the default of the core alone:
   * msw handlers and in-process use open no socket; `createServer` sets it).
   */
  allowedHosts: 'any' | string[];
  /** Requests per minute per caller; off when undefined. */
  rateLimitPerMinute?: number;
  /**
   * When set, every /__mock route needs `Authorization: Bearer <controlToken>`. Without it, they
   * answer non-browser callers and loopback pages only. `createServer` makes one when it listens
   * on an address other than loopback and none is given.
   */
  controlToken?: string;
  /**
   * Basic-auth credentials of /v2/metrics (default `metrics:metrics`). `createServer` makes a
   * password when it listens on an address other than loopback and none is given.
   */
  metricsUser: string;
  metricsPassword: string;
  /** Check every response against the contract's schema (tests turn it on). */
  validateResponses: boolean;
  /** Webhook retry backoff: first retry after `webhookRetryBaseMs`, doubling, capped. */
  webhookRetryBaseMs: number;
  webhookRetryCapMs: number;
  webhookTimeoutMs: number;
  /**
   * Hosts webhooks are sent to; loopback by default, `*` for any. A subscription to another https
   * host is accepted and its deliveries recorded `not_sent` (docs/decisions/0019-webhook-targets.md).
   */
  webhookAllowHosts: '*' | string[];
  /** HTTP client of webhook deliveries (default `globalThis.fetch`); the Node server passes undici's. */
  webhookFetch?: typeof fetch;
  /** Run the /v2 detection simulator. */
  simulator: boolean;
  /** Simulated detections per enabled camera per minute. */
  simulatorEventsPerMinute: number;
  /** Ping interval of the /v2 event WebSocket; a client that missed the previous pong is dropped. */
  streamPingIntervalMs: number;
  /** Bytes a WebSocket client may leave unread before it is cut off as too slow. */
  streamMaxBufferedBytes: number;
  /**
   * Refuse request bodies with fields the contract does not declare (400 `VALIDATION_ERROR`
   * naming each) instead of answering with a `Nimbus-Warning` header that names them. Off by default.
   */
  strict: boolean;
  /**
   * Requests kept by the request journal (`GET /__mock/requests`); 0 turns it off. Their bodies
   * together stay under 8 MiB (oldest dropped first); a body over 64 KiB is kept as a note of its size.
   */
  journalSize: number;
  /**
   * Cost of password hashing. `standard`: scrypt N=2^14 (about 100 ms a hash). `test`: N=2^4,
   * for suites that register and log in per test; the hashes protect nothing, keep it off servers
   * that hold real passwords. A hash records its cost, so either server verifies both kinds.
   * The default is `test` in a test runner's process (`NODE_ENV=test`, which vitest and jest
   * set), else `standard`; `nimbus mock start` always asks for `standard`.
   */
  passwordCost: PasswordCost;
  /**
   * Moves the simulated clock this many milliseconds after every accepted write, so records
   * created one after another never share a millisecond and lists (ordered by `created_at`,
   * ties by id) come back in creation order. 0 (off) by default; 1 in `startMockServer`.
   */
  clockStepMs: number;
  /**
   * Throttling of failed logins (wrong password or TOTP code), per account (the email, known or
   * not) and per client address; `false` turns it off (load tests). On by default.
   */
  loginThrottle: false | LoginThrottleSettings;
  logger: Logger;
  /**
   * Forward every /api/v1 and /v2 request to a deployment instead of answering it, check each
   * exchange against the contract and journal its divergences (`nimbus mock proxy`,
   * docs/decisions/0021-mock-proxy.md). `createServer({ proxyTarget })` makes one.
   */
  proxy?: ProxyTarget;
}

/**
 * Past `maxFailures` failed logins of one email, or `maxFailuresPerAddress` from one client
 * address, within `windowSeconds` of the first, login answers 429 `RATE_LIMITED` (with
 * `Retry-After`) until that window ends. Simulated time: the clock routes move it.
 */
export interface LoginThrottleSettings {
  maxFailures: number;
  /** Higher than the per-account limit: many people may share one address (NAT, an office). */
  maxFailuresPerAddress: number;
  windowSeconds: number;
}

export const DEFAULT_LOGIN_THROTTLE: LoginThrottleSettings = {
  maxFailures: 10,
  maxFailuresPerAddress: 100,
  windowSeconds: 15 * 60,
};

export type { Logger };

export const silentLogger: Logger = { info() {}, warn() {}, error() {} };

export const consoleLogger: Logger = {
  info: (message, fields) => console.log(format(message, fields)),
  warn: (message, fields) => console.warn(format(message, fields)),
  error: (message, fields) => console.error(format(message, fields)),
};

function format(message: string, fields?: Record<string, unknown>): string {
  return fields && Object.keys(fields).length > 0 ? `${message} ${JSON.stringify(fields)}` : message;
}

export function resolveConfig(partial: Partial<ServerConfig> = {}): ServerConfig {
  const config: ServerConfig = {
    transitionDelayMs: 0,
    accessTokenTtlSeconds: 15 * 60,
    refreshTokenTtlSeconds: 30 * 86_400,
    maxBodyBytes: 1024 * 1024,
    corsOrigins: [],
    allowedHosts: 'any',
    metricsUser: 'metrics',
    metricsPassword: 'metrics',
    validateResponses: false,
    webhookRetryBaseMs: 1000,
    webhookRetryCapMs: 30_000,
    webhookTimeoutMs: 5000,
    webhookAllowHosts: ['127.0.0.1', 'localhost', '::1', '[::1]'],
    simulator: false,
    simulatorEventsPerMinute: 6,
    streamPingIntervalMs: 30_000,
    streamMaxBufferedBytes: 1024 * 1024,
    strict: false,
    journalSize: 1000,
    passwordCost: inTestRunner() ? 'test' : 'standard',
    clockStepMs: 0,
    loginThrottle: DEFAULT_LOGIN_THROTTLE,
    logger: silentLogger,
    ...stripUndefined(partial),
  };
  // The log never carries the control token or a token the server issued, whatever logs them.
  return { ...config, logger: redactingLogger(config.logger, config.controlToken) };
}

/** vitest and jest set NODE_ENV=test in their processes; a browser has no `process`. */
function inTestRunner(): boolean {
  return typeof process !== 'undefined' && process.env?.NODE_ENV === 'test';
}

function stripUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
