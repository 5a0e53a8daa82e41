import type { ErrorCode } from '../generated/types';

/** Each error class's name, under a key every copy of the SDK in a process shares. */
const ERROR_CLASS: unique symbol = Symbol.for('@nimbus/sdk.errorClass') as never;

/**
 * Every error the SDK throws is a `NimbusError`. HTTP answers outside 2xx are `APIError`s
 * (one subclass per status family, chosen by `APIError.generate`); failures to get an answer
 * at all are `APIConnectionError`s; a body that does not match the contract is a
 * `ResponseValidationError`, deliberately not an `APIError`, because the server did answer 2xx.
 */
export class NimbusError extends Error {
  static readonly [ERROR_CLASS]: string = 'NimbusError';
  override name = 'NimbusError';

  /**
   * `instanceof` by the class's name as well as by its prototype. A process can hold two copies
   * of the SDK, its CommonJS build (what jest loads for `require()`) beside its ES module, and
   * an error made by one is still an instance of the other's class of the same name. A class
   * that does not name itself (an app's own subclass) matches by prototype only.
   */
  static override [Symbol.hasInstance](value: unknown): boolean {
    // biome-ignore lint/complexity/noThisInStatic: `this` is the class on the right of `instanceof`, a subclass included.
    return isInstance(this, value);
  }
}

function isInstance(Class: typeof NimbusError, value: unknown): boolean {
  if (Function.prototype[Symbol.hasInstance].call(Class, value)) return true;
  if (!Object.hasOwn(Class, ERROR_CLASS) || typeof value !== 'object' || value === null) return false;
  for (let proto = Object.getPrototypeOf(value); proto; proto = Object.getPrototypeOf(proto)) {
    const maker = Object.hasOwn(proto, 'constructor') ? proto.constructor : undefined;
    if (maker && Object.hasOwn(maker, ERROR_CLASS) && maker[ERROR_CLASS] === Class[ERROR_CLASS]) return true;
  }
  return false;
}

/** The error object inside a v1 envelope or a v2 error body. */
interface WireError {
  code?: unknown;
  message?: unknown;
  details?: unknown;
}

/** What the server's message cannot say: how to fix the call through the SDK. */
const HINTS: Record<string, string> = {
  PROJECT_HEADER_REQUIRED:
    'Give the client a project: new Nimbus({ projectId }), client.withProject(projectId), or the projectId option of the call',
};

export class APIError extends NimbusError {
  static override readonly [ERROR_CLASS]: string = 'APIError';
  override name = 'APIError';
  readonly status: number;
  /** Machine-readable code such as `INVALID_STATE` (docs/decisions/0002-v1-envelopes-and-errors.md, 0006-video-service.md); null when the body carried none. */
  readonly code: ErrorCode | null;
  readonly details: unknown;
  /** The server's `X-Request-Id`, to quote in bug reports and to find the request in server logs. */
  readonly requestId: string | null;
  readonly headers: Headers;

  constructor(status: number, body: unknown, headers: Headers) {
    const error = wireError(body);
    const message = typeof error?.message === 'string' ? error.message : fallbackMessage(status, body);
    const hint = typeof error?.code === 'string' ? HINTS[error.code] : undefined;
    super(hint ? `${message.replace(/\.$/, '')}. ${hint}` : message);
    this.status = status;
    // The server sends only the documented codes; one added by a newer server passes through as sent.
    this.code = typeof error?.code === 'string' ? (error.code as ErrorCode) : null;
    this.details = error?.details;
    this.requestId = headers.get('x-request-id');
    this.headers = headers;
  }

  /**
   * Builds the subclass that matches `status`, so callers can `catch (e) { if (e instanceof NotFoundError) ... }`.
   * `body` is the parsed JSON (v1 envelope or v2 error body) or the raw text when it was not JSON.
   */
  static generate(status: number, body: unknown, headers: Headers): APIError {
    const ErrorClass = errorClassFor(status);
    return new ErrorClass(status, body, headers);
  }
}

export class BadRequestError extends APIError {
  static override readonly [ERROR_CLASS]: string = 'BadRequestError';
  override name = 'BadRequestError';
}
export class AuthenticationError extends APIError {
  static override readonly [ERROR_CLASS]: string = 'AuthenticationError';
  override name = 'AuthenticationError';
}
export class PermissionDeniedError extends APIError {
  static override readonly [ERROR_CLASS]: string = 'PermissionDeniedError';
  override name = 'PermissionDeniedError';
}
export class NotFoundError extends APIError {
  static override readonly [ERROR_CLASS]: string = 'NotFoundError';
  override name = 'NotFoundError';
}
export class ConflictError extends APIError {
  static override readonly [ERROR_CLASS]: string = 'ConflictError';
  override name = 'ConflictError';
}
/** The request body is over the server's limit (1 MiB on the reference server); never retried. */
export class PayloadTooLargeError extends APIError {
  static override readonly [ERROR_CLASS]: string = 'PayloadTooLargeError';
  override name = 'PayloadTooLargeError';
}
export class UnprocessableEntityError extends APIError {
  static override readonly [ERROR_CLASS]: string = 'UnprocessableEntityError';
  override name = 'UnprocessableEntityError';
}
export class RateLimitError extends APIError {
  static override readonly [ERROR_CLASS]: string = 'RateLimitError';
  override name = 'RateLimitError';
}
export class InternalServerError extends APIError {
  static override readonly [ERROR_CLASS]: string = 'InternalServerError';
  override name = 'InternalServerError';
}

/** No HTTP answer: DNS failure, refused or reset connection, TLS error. `cause` holds the original. */
export class APIConnectionError extends NimbusError {
  static override readonly [ERROR_CLASS]: string = 'APIConnectionError';
  override name = 'APIConnectionError';
  constructor(options?: { message?: string; cause?: unknown }) {
    super(options?.message ?? 'Connection error.', { cause: options?.cause });
  }
}

/** No answer within `timeoutMs` (headers and body together). */
export class APITimeoutError extends APIConnectionError {
  static override readonly [ERROR_CLASS]: string = 'APITimeoutError';
  override name = 'APITimeoutError';
  constructor(options?: { message?: string; cause?: unknown }) {
    super({ message: options?.message ?? 'Request timed out.', cause: options?.cause });
  }
}

/** The caller's `signal` aborted the request. Never retried. */
export class APIUserAbortError extends NimbusError {
  static override readonly [ERROR_CLASS]: string = 'APIUserAbortError';
  override name = 'APIUserAbortError';
  constructor(options?: { message?: string; cause?: unknown }) {
    super(options?.message ?? 'Request was aborted.', { cause: options?.cause });
  }
}

/**
 * What an aborted `signal` ends a call with: a signal that timed out (`AbortSignal.timeout()`)
 * is a timeout, as the call's own `timeoutMs` is; any other abort is the caller's.
 */
export function abortError(signal: AbortSignal, cause: unknown = signal.reason): NimbusError {
  const { reason } = signal;
  if (reason instanceof Error && reason.name === 'TimeoutError') {
    return new APITimeoutError({ message: "Request timed out: the call's signal timed out", cause });
  }
  return new APIUserAbortError({ cause });
}

/** Why a webhook delivery was refused. */
export type WebhookVerificationFailure =
  | 'missing_signature'
  | 'malformed_signature'
  | 'stale_timestamp'
  | 'signature_mismatch'
  | 'invalid_event';

/**
 * A webhook delivery that cannot be trusted or used: no `X-Nimbus-Signature`, a signature that
 * does not match the body and secret, a timestamp outside the tolerance, or (signed, but) a
 * body that is not a CloudEvent. Answer such a delivery with a 4xx and do not act on it.
 */
export class WebhookVerificationError extends NimbusError {
  static override readonly [ERROR_CLASS]: string = 'WebhookVerificationError';
  override name = 'WebhookVerificationError';
  readonly reason: WebhookVerificationFailure;

  constructor(reason: WebhookVerificationFailure, message: string) {
    super(message);
    this.reason = reason;
  }
}

/** One mismatch between a response body and the contract schema. */
export interface ValidationIssue {
  path: PropertyKey[];
  message: string;
}

/**
 * A 2xx body the SDK cannot use: not JSON, not a v1 envelope, or (with `validateResponses: true`)
 * not matching the endpoint's response schema.
 */
export class ResponseValidationError extends NimbusError {
  static override readonly [ERROR_CLASS]: string = 'ResponseValidationError';
  override name = 'ResponseValidationError';
  readonly issues: ValidationIssue[];
  readonly requestId: string | null;

  constructor(options: { operation: string; issues: ValidationIssue[]; requestId: string | null }) {
    const first = options.issues[0];
    const where = first ? ` at ${first.path.map(String).join('.') || '(root)'}: ${first.message}` : '';
    super(`Response of ${options.operation} does not match the contract${where}`);
    this.issues = options.issues;
    this.requestId = options.requestId;
  }
}

/**
 * A waiter gave up before the resource reached the wanted state. `T` is what was polled:
 * `catch` sees `unknown`, so narrow with `instanceof` and say what was awaited, e.g.
 * `(error as WaitTimeoutError<Instance>).lastValue.status`.
 */
export class WaitTimeoutError<T = unknown> extends NimbusError {
  static override readonly [ERROR_CLASS]: string = 'WaitTimeoutError';
  override name = 'WaitTimeoutError';
  /** The last value polled, to show how far the resource got. */
  readonly lastValue: T;

  constructor(message: string, lastValue: T) {
    super(message);
    this.lastValue = lastValue;
  }
}

function errorClassFor(status: number): typeof APIError {
  switch (status) {
    case 400:
      return BadRequestError;
    case 401:
      return AuthenticationError;
    case 403:
      return PermissionDeniedError;
    case 404:
      return NotFoundError;
    case 409:
      return ConflictError;
    case 413:
      return PayloadTooLargeError;
    case 422:
      return UnprocessableEntityError;
    case 429:
      return RateLimitError;
    default:
      return status >= 500 ? InternalServerError : APIError;
  }
}

/** v1 wraps the error as `{ success: false, error }`, v2 as `{ error }`: both have an `error` object. */
function wireError(body: unknown): WireError | undefined {
  if (!body || typeof body !== 'object' || !('error' in body)) return undefined;
  const { error } = body as { error: unknown };
  return error && typeof error === 'object' ? (error as WireError) : undefined;
}

function fallbackMessage(status: number, body: unknown): string {
  if (typeof body === 'string' && body.trim() !== '') return `${status} ${body.trim().slice(0, 200)}`;
  return `${status} status code (no error body)`;
}
