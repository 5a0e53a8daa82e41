import { ErrorCode } from '@nimbus/sdk/contract/common';
import type { Reply } from './request';

/**
 * An error with an HTTP answer. Handlers throw these; the core turns them into the
 * envelope of the API the route belongs to.
 */
export class HttpError extends Error {
  override readonly name = 'HttpError';

  /** Made by the factories below: a code always goes with its status. */
  protected constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: unknown,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }

  /** An error of the API's `code`, with the status the API documents for it. */
  static of(
    code: ErrorCode,
    message: string,
    details?: unknown,
    headers?: Record<string, string>,
  ): HttpError {
    return new HttpError(STATUS_OF_CODE[code], code, message, details, headers);
  }

  /** An injected fault's error (`POST /__mock/faults`): any status and code the test asked for. */
  static injected(
    status: number,
    code: string,
    message: string,
    details: unknown,
    headers: Record<string, string>,
  ): HttpError {
    return new HttpError(status, code, message, details, headers);
  }

  static validation(details: { path: string; message: string }[], message = 'Request validation failed') {
    return HttpError.of(ErrorCode.VALIDATION_ERROR, message, details);
  }

  static notFound(what = 'Resource') {
    return HttpError.of(ErrorCode.NOT_FOUND, `${what} not found`);
  }

  static conflict(message: string, details?: unknown) {
    return HttpError.of(ErrorCode.CONFLICT, message, details);
  }

  static invalidState(message: string, details?: unknown) {
    return HttpError.of(ErrorCode.INVALID_STATE, message, details);
  }

  static unauthenticated(message = 'Authentication required') {
    return HttpError.of(ErrorCode.UNAUTHENTICATED, message, undefined, { 'WWW-Authenticate': 'Bearer' });
  }

  static forbidden(message = 'You do not have permission for this action', details?: unknown) {
    return HttpError.of(ErrorCode.FORBIDDEN, message, details);
  }
}

/**
 * The status each error code is answered with (docs/decisions/0002-v1-envelopes-and-errors.md,
 * 0006 for /v2, 0001 and 0008 for 405 and a reused idempotency key, 0010 for 503): the server
 * answers by it, and the exchange check holds a deployment to it.
 */
export const STATUS_OF_CODE: Readonly<Record<ErrorCode, number>> = {
  VALIDATION_ERROR: 400,
  INVALID_JSON: 400,
  PROJECT_HEADER_REQUIRED: 400,
  UNAUTHENTICATED: 401,
  INVALID_CREDENTIALS: 401,
  MFA_REQUIRED: 401,
  INVALID_MFA_CODE: 401,
  REFRESH_TOKEN_REUSED: 401,
  FORBIDDEN: 403,
  PROJECT_FORBIDDEN: 403,
  QUOTA_EXCEEDED: 403,
  POLICY_VIOLATION: 403,
  INSUFFICIENT_SCOPE: 403,
  CAMERA_LIMIT_REACHED: 403,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  CONFLICT: 409,
  IDEMPOTENCY_KEY_REUSED: 409,
  INVALID_STATE: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  INTERNAL_ERROR: 500,
  SERVICE_UNAVAILABLE: 503,
};

/**
 * An answer passed on as it is rather than in the envelope: an injected fault's raw body, or the
 * empty answer (status 0) of a dropped connection, which the adapters turn into no answer at all.
 */
export class RawReplyError extends HttpError {
  constructor(readonly reply: Reply) {
    super(reply.status, 'INJECTED_FAULT', 'Injected fault');
  }
}

/** Validation failure for a single field, in the `details` shape of docs/decisions/0002-v1-envelopes-and-errors.md. */
export function fieldError(path: string, message: string): HttpError {
  return HttpError.validation([{ path, message }], `${path}: ${message}`);
}
