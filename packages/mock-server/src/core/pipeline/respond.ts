import type { ApiName } from '@nimbus/sdk/contract';
import { ErrorCode } from '@nimbus/sdk/contract/common';
import { HttpError, RawReplyError } from './http-error';
import { type BodyParts, joinParts, type Reply } from './request';

const JSON_TYPE = 'application/json; charset=utf-8';

/** A JSON reply; `headers` may use any case (HttpError headers are written `Retry-After`). */
export function jsonReply(status: number, body: unknown, headers: Record<string, string> = {}): Reply {
  const out: Record<string, string> = { 'content-type': JSON_TYPE };
  for (const name in headers) out[name.toLowerCase()] = headers[name]!;
  return { status, headers: out, body: JSON.stringify(body) };
}

/**
 * A JSON reply of a body joined from texts serialised before (records' JSON, see BodyParts);
 * with `keepParts`, the reply carries them for the journal.
 */
export function jsonPartsReply(status: number, parts: BodyParts, keepParts: boolean): Reply {
  const body = joinParts(parts);
  return { status, headers: { 'content-type': JSON_TYPE }, body, parts: keepParts ? parts : undefined };
}

/** The error body of the API a path belongs to: v1 envelope, or bare `{ error }` for /v2 and /__mock. */
export function errorReply(api: ApiName, error: HttpError): Reply {
  if (error instanceof RawReplyError) return error.reply;
  const body = {
    code: error.code,
    message: error.message,
    ...(error.details !== undefined && { details: error.details }),
  };
  const payload = api === 'v1' ? { success: false, error: body } : { error: body };
  return jsonReply(error.status, payload, error.headers);
}

export function apiOfPath(pathname: string): ApiName {
  if (pathname.startsWith('/v2')) return 'v2';
  if (pathname.startsWith('/__mock')) return 'mock';
  return 'v1';
}

export function internalError(): HttpError {
  return HttpError.of(ErrorCode.INTERNAL_ERROR, 'Internal server error');
}

export { HttpError };
