import { ErrorCode } from '@nimbus/sdk/contract/common';

/**
 * The status each error code is answered with (docs/decisions/0002-v1-envelopes-and-errors.md,
 * 0006 for /v2, 0001 and 0008 for 405 and a reused idempotency key, 0010 for 503).
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

export function isErrorCode(code: unknown): code is ErrorCode {
  return typeof code === 'string' && Object.hasOwn(ErrorCode, code);
}
