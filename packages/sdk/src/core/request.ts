import { refreshRoute } from '../generated/client-routes';
import type { TokenPair } from '../generated/types';
import { VERSION } from '../version';
import type { WithResponse } from './api-promise';
import type { BodyOf, CallableEndpoint, ParamsOf, QueryOf, TypedSchema } from './endpoint';
import { APIConnectionError, APIError, APIUserAbortError, NimbusError } from './errors';
import { loggableBody } from './loggable-body';
import { type LevelledLogger, loggableHeaders, loggableUrl } from './logger';
import { type Decoded, decodeSuccess, errorBody } from './response';
import { isRetryableStatus, mayRetry, retryDelayMs } from './retry';
import type { Route } from './route';
import type { Session } from './session';
import { sleep } from './sleep';
import { type Fetch, type ReceivedResponse, send } from './transport';
import { validateResponse } from './validate';

/** Per-call settings; each overrides the client's for this call only. */
export interface RequestOptions {
  signal?: AbortSignal;
  /** Time for one attempt, headers and body, in ms. */
  timeoutMs?: number;
  maxRetries?: number;
  /**
   * Sent as `Idempotency-Key`. Also what makes a POST or PATCH safe to retry: without one,
   * they are never retried.
   */
  idempotencyKey?: string;
  headers?: Record<string, string>;
  /** `X-Project-ID` for this call instead of the client's project. */
  projectId?: string;
}

/**
 * Path parameters, query and body of one call, typed from the endpoint: `params` is required
 * when the path has placeholders, `body` when the endpoint takes one (unless `bodyOptional`).
 */
export type CallInput<E extends CallableEndpoint> = (E['params'] extends TypedSchema
  ? { params: ParamsOf<E> }
  : { params?: undefined }) &
  (E['query'] extends TypedSchema ? { query?: QueryOf<E> | undefined } : { query?: undefined }) &
  (E['body'] extends TypedSchema
    ? E['bodyOptional'] extends true
      ? { body?: BodyOf<E> | undefined }
      : { body: BodyOf<E> }
    : { body?: undefined });

/** `CallInput` once the endpoint's type is no longer known. */
export interface RawInput {
  params?: Record<string, unknown> | undefined;
  /** An object of the query's fields (the generated `...Params` interfaces have no index signature). */
  query?: object | undefined;
  body?: unknown;
}

/** What a client holds for its calls; `withProject()` copies differ only in `projectId`. */
export interface RequestContext {
  readonly baseUrl: string;
  readonly fetch: Fetch;
  readonly session: Session;
  readonly projectId: string | undefined;
  readonly apiKey: string | undefined;
  readonly controlToken: string | undefined;
  readonly defaultHeaders: Record<string, string>;
  readonly timeoutMs: number;
  readonly maxRetries: number;
  readonly validateResponses: boolean;
  readonly log: LevelledLogger;
}

export interface Completed extends Omit<Decoded, 'json'> {
  response: Response;
}

/**
 * Performs one call of `endpoint`: builds the URL and headers from the declaration, sends
 * with retries, renews an expired session once, and decodes the answer.
 */
export async function request(
  ctx: RequestContext,
  endpoint: Route | CallableEndpoint,
  input: RawInput,
  options: RequestOptions = {},
): Promise<Completed> {
  const sessionToken = ctx.session.accessToken;
  const headers = buildHeaders(ctx, endpoint, input, options);
  try {
    return await sendAndDecode(ctx, endpoint, input, headers, options);
  } catch (error) {
    // A token the caller put in `options.headers` is theirs to renew, not the session's.
    const sentSessionToken = sessionToken !== undefined && headers.authorization === `Bearer ${sessionToken}`;
    if (!sentSessionToken || !isExpiredSession(error)) throw error;
    const renewed = await ctx.session.renew(sessionToken, (refreshToken) =>
      exchangeRefreshToken(ctx, refreshToken),
    );
    if (!renewed) throw error;
    return sendAndDecode(ctx, endpoint, input, buildHeaders(ctx, endpoint, input, options), options);
  }
}

async function sendAndDecode(
  ctx: RequestContext,
  endpoint: Route | CallableEndpoint,
  input: RawInput,
  headers: HeaderRecord,
  options: RequestOptions,
): Promise<Completed> {
  const init: RequestInit = { method: endpoint.method, headers };
  if (input.body !== undefined) init.body = JSON.stringify(input.body);
  const received = await sendWithRetries(
    ctx,
    endpoint,
    buildUrl(ctx.baseUrl, endpoint, input),
    init,
    options,
  );
  const decoded = decodeSuccess(endpoint, received);
  if (ctx.validateResponses && decoded.json) {
    decoded.data = await validateResponse(endpoint, decoded.data, decoded.requestId);
  }
  return new CompletedCall(decoded, received);
}

/** A class, not a literal with a getter (V8 builds those slowly, on every call). */
class CompletedCall implements Completed {
  readonly data: unknown;
  readonly meta: Decoded['meta'];
  readonly requestId: string | null;
  readonly #received: ReceivedResponse;

  constructor({ data, meta, requestId }: Decoded, received: ReceivedResponse) {
    this.data = data;
    this.meta = meta;
    this.requestId = requestId;
    this.#received = received;
  }

  /** Read through, so the Node transport builds the Response only for callers who ask for it. */
  get response(): Response {
    return this.#received.response;
  }
}

async function sendWithRetries(
  ctx: RequestContext,
  endpoint: Route | CallableEndpoint,
  url: string,
  init: RequestInit,
  options: RequestOptions,
): Promise<ReceivedResponse> {
  const maxRetries = options.maxRetries ?? ctx.maxRetries;
  const retryable = mayRetry(endpoint.method, options.idempotencyKey);
  const sendOptions = {
    timeoutMs: options.timeoutMs ?? ctx.timeoutMs,
    signal: options.signal,
    binary: endpoint.responseKind === 'binary',
  };
  const { log } = ctx;
  // Levels include the ones before them: with logging off, `error` is undefined and nothing is built.
  const logging = log.error !== undefined;
  const started = logging ? performance.now() : 0;
  const line = logging ? `${init.method} ${loggableUrl(url)}` : '';
  const body = log.debug ? await loggableBody(endpoint, init.body) : undefined;
  for (let retry = 0; ; retry++) {
    const canRetry = retryable && retry < maxRetries;
    log.debug?.(
      {
        headers: loggableHeaders(init.headers as HeaderRecord),
        ...(body !== undefined && { body }),
        attempt: retry + 1,
      },
      `${line} sending`,
    );
    let received: ReceivedResponse;
    try {
      received = await send(ctx.fetch, url, init, sendOptions);
    } catch (error) {
      // APITimeoutError is an APIConnectionError; a user abort is not, and is never retried,
      // nor is a call whose signal timed out (the signal stays aborted).
      const aborted = options.signal?.aborted === true;
      if (!canRetry || !(error instanceof APIConnectionError) || aborted) {
        const report = error instanceof APIUserAbortError || aborted ? log.info : log.error;
        report?.(outcome(started, retry, null), `${line} failed: ${describeError(error)}`);
        throw error;
      }
      const delayMs = retryDelayMs(retry);
      log.warn?.(
        { retry: retry + 1, delayMs: Math.round(delayMs) },
        `${line} failed: ${describeError(error)}; retry ${retry + 1} of ${maxRetries} in ${Math.round(delayMs)} ms`,
      );
      await sleep(delayMs, options.signal);
      continue;
    }
    const { status } = received;
    const requestId = logging ? received.header('x-request-id') : null;
    log.debug?.({ requestId, attempt: retry + 1 }, `${line} answered ${status}`);
    if (status >= 200 && status <= 299) {
      log.info?.(outcome(started, retry, requestId), `${line} ${status}`);
      return received;
    }
    const { headers } = received.response;
    if (!canRetry || !isRetryableStatus(status)) {
      const error = APIError.generate(status, errorBody(received.body), headers);
      const report = status >= 500 ? log.error : log.info;
      report?.(outcome(started, retry, requestId), `${line} ${status}${error.code ? ` ${error.code}` : ''}`);
      throw error;
    }
    const delayMs = retryDelayMs(retry, headers);
    log.warn?.(
      { requestId, retry: retry + 1, delayMs: Math.round(delayMs) },
      `${line} ${status}; retry ${retry + 1} of ${maxRetries} in ${Math.round(delayMs)} ms`,
    );
    await sleep(delayMs, options.signal);
  }
}

/** What the info and error lines report about a finished call. */
function outcome(started: number, retries: number, requestId: string | null) {
  return { requestId, retries, durationMs: Math.round(performance.now() - started) };
}

/** `APIConnectionError (ECONNREFUSED)`: the class, and the system error code when one is known. */
function describeError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  let cause: unknown = error.cause;
  for (let depth = 0; cause instanceof Error && depth < 3; depth++) {
    const { code } = cause as { code?: unknown };
    if (typeof code === 'string') return `${error.name} (${code})`;
    cause = cause.cause;
  }
  return error.name;
}

function buildUrl(baseUrl: string, endpoint: Route | CallableEndpoint, input: RawInput): string {
  const url = withoutTrailingSlashes(baseUrl) + fillPath(endpoint.path, input.params);
  if (input.query === undefined) return url;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(input.query)) {
    if (value === undefined || value === null) continue;
    for (const item of Array.isArray(value) ? value : [value]) search.append(key, String(item));
  }
  const query = search.toString();
  return query ? `${url}?${query}` : url;
}

let lastBaseUrl = '';
let lastTrimmed = '';

/** A client keeps one base URL: trimmed once, not on every call. */
function withoutTrailingSlashes(baseUrl: string): string {
  if (baseUrl !== lastBaseUrl) {
    lastTrimmed = baseUrl.replace(/\/+$/, '');
    lastBaseUrl = baseUrl;
  }
  return lastTrimmed;
}

/** A path template split once into its text and its placeholders: `['/api/v1/instances/', 'id', '']`. */
const templates = new Map<string, string[]>();

/** `buildPath` with the template's regex run once per template instead of once per call. */
function fillPath(template: string, params: Record<string, unknown> | undefined): string {
  let parts = templates.get(template);
  if (parts === undefined) {
    parts = template.split(/\{(\w+)\}/);
    templates.set(template, parts);
  }
  let path = parts[0] as string;
  for (let i = 1; i < parts.length; i += 2) {
    const key = parts[i] as string;
    const value = params?.[key];
    if (value === undefined || value === null || value === '') {
      throw new TypeError(`Missing path parameter "${key}" for ${template}`);
    }
    path += encodeURIComponent(String(value)) + (parts[i + 1] as string);
  }
  return path;
}

/**
 * Request headers by lower-case name. A plain object, not a `Headers`: building and iterating
 * one cost more than the rest of the SDK's work per call, and every transport takes a record.
 */
type HeaderRecord = Record<string, string>;

/** A header name is an HTTP token; a value holds no CR, LF or NUL (they would forge headers). */
const HEADER_NAME = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
const BAD_HEADER_VALUE = /[\0\r\n]/;

/** Sent on every call. Browsers forbid setting User-Agent, so the SDK names itself in its own header everywhere. */
const CLIENT_HEADER = `sdk/${VERSION}`;

/**
 * Later sources win: client defaults, then what the endpoint needs, then the call's own headers.
 * What comes from the caller (defaults, credentials, ids, extra headers) is checked as `Headers`
 * would check it; the SDK's own names and values need no check.
 */
function buildHeaders(
  ctx: RequestContext,
  endpoint: Route | CallableEndpoint,
  input: RawInput,
  options: RequestOptions,
): HeaderRecord {
  const headers: HeaderRecord = {};
  for (const name of Object.keys(ctx.defaultHeaders)) {
    setChecked(headers, name, ctx.defaultHeaders[name]);
  }
  headers['x-nimbus-client'] = CLIENT_HEADER;
  if ((endpoint.responseKind ?? 'json') === 'json') headers.accept = 'application/json';
  if (endpoint.auth === 'bearer') {
    const token = ctx.session.accessToken;
    if (token !== undefined) headers.authorization = `Bearer ${checkedToken(token)}`;
    else if (ctx.apiKey !== undefined) headers['x-api-key'] = checkedValue('x-api-key', ctx.apiKey);
  } else if (
    (endpoint.auth === 'control' || endpoint.auth === 'control-page') &&
    ctx.controlToken !== undefined
  ) {
    headers.authorization = `Bearer ${checkedValue('authorization', ctx.controlToken)}`;
  }
  const projectId = options.projectId ?? ctx.projectId;
  if (endpoint.project && projectId !== undefined) {
    headers['x-project-id'] = checkedValue('x-project-id', projectId);
  }
  if (input.body !== undefined) headers['content-type'] = 'application/json';
  if (options.idempotencyKey !== undefined) {
    headers['idempotency-key'] = checkedValue('idempotency-key', options.idempotencyKey);
  }
  if (options.headers) {
    for (const name of Object.keys(options.headers)) setChecked(headers, name, options.headers[name]);
  }
  return headers;
}

let lastCheckedToken: string | undefined;

/** The session's token, checked once per token rather than once per call (it is the longest value). */
function checkedToken(token: string): string {
  if (token !== lastCheckedToken) {
    checkedValue('authorization', token);
    lastCheckedToken = token;
  }
  return token;
}

/** Sets `name` (in lower case) to `value` once both are shown to be safe to send. */
function setChecked(headers: HeaderRecord, name: string, value: unknown): void {
  if (!HEADER_NAME.test(name)) throw invalidHeader(name);
  headers[name.toLowerCase()] = checkedValue(name, value);
}

/** `value`, once shown to be a string with no CR, LF or NUL. */
function checkedValue(name: string, value: unknown): string {
  if (typeof value !== 'string' || BAD_HEADER_VALUE.test(value)) throw invalidHeader(name);
  return value;
}

function invalidHeader(name: string): NimbusError {
  return new NimbusError(
    `Invalid header ${JSON.stringify(name.toLowerCase())}: not an HTTP token, or a CR, LF or NUL in its value`,
  );
}

/** Only an expired or revoked token is worth a refresh; wrong credentials, MFA and the like are not. */
function isExpiredSession(error: unknown): boolean {
  return error instanceof APIError && error.status === 401 && error.code === 'UNAUTHENTICATED';
}

async function exchangeRefreshToken(
  ctx: RequestContext,
  refreshToken: string,
): Promise<WithResponse<TokenPair>> {
  // No caller signal: the refresh is shared, and one caller giving up must not fail the others.
  const { data, response, requestId } = await request(ctx, refreshRoute, {
    body: { refresh_token: refreshToken },
  });
  return { data: data as TokenPair, response, requestId };
}
