import { ErrorCode } from '@nimbus/sdk/contract/common';
import type { Reply } from './request';

/**
 * An error with an HTTP answer. Handlers throw these; the core turns them into the
 * envelope of the API the route belongs to.
 */
export class HttpError extends Error {
  override readonly name = 'HttpError';

  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: unknown,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }

  static validation(details: { path: string; message: string }[], message = 'Request validation failed') {
    return new HttpError(400, ErrorCode.VALIDATION_ERROR, message, details);
  }

  static notFound(what = 'Resource') {
    return new HttpError(404, ErrorCode.NOT_FOUND, `${what} not found`);
  }

  static conflict(message: string, details?: unknown) {
    return new HttpError(409, ErrorCode.CONFLICT, message, details);
  }

  static invalidState(message: string, details?: unknown) {
    return new HttpError(409, ErrorCode.INVALID_STATE, message, details);
  }

  static unauthenticated(message = 'Authentication required') {
    return new HttpError(401, ErrorCode.UNAUTHENTICATED, message, undefined, {
      'WWW-Authenticate': 'Bearer',
    });
  }

  static forbidden(message = 'You do not have permission for this action', details?: unknown) {
    return new HttpError(403, ErrorCode.FORBIDDEN, message, details);
  }
}

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
