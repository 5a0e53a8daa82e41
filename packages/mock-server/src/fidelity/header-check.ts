import type { Endpoint } from '@nimbus/sdk/contract';
import { mediaTypeOf } from '../openapi/media-type';
import type { Finding } from './divergence';

/** Reads a header by name, any case. */
export type HeaderGet = (name: string) => string | null;

/** A request id a client may choose; the server answers it back (docs/decisions/0008-request-handling.md). */
const CLIENT_REQUEST_ID = /^[\w.:-]{1,128}$/;
const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\b/i;

export interface HeaderContext {
  endpoint: Endpoint;
  status: number;
  /** The error code of an error answer, when it has one. */
  code: string | undefined;
  /** The answer is JSON: a JSON endpoint's, or an error of any endpoint. */
  jsonAnswer: boolean;
  hasBody: boolean;
  requestHeader: HeaderGet;
  responseHeader: HeaderGet;
}

/**
 * The headers the decisions promise: `X-Request-Id` on every answer (the client's own, when it
 * sent a valid one), `Retry-After` on a 429, `WWW-Authenticate` on an authentication failure,
 * a JSON content type on JSON bodies and the contract's media type on the others, and
 * `Cache-Control: private` on HLS media, whose URL carries a token.
 */
export function headerFindings(context: HeaderContext): Finding[] {
  const { endpoint, status, code, requestHeader, responseHeader } = context;
  const findings: Finding[] = [];
  const missing = (name: string, expected: string) =>
    findings.push({ check: 'header', path: name, expected, actual: 'absent' });
  const requestId = responseHeader('x-request-id');
  const sentId = requestHeader('x-request-id');
  if (requestId === null) missing('x-request-id', 'present');
  else if (sentId !== null && CLIENT_REQUEST_ID.test(sentId) && requestId !== sentId) {
    findings.push({ check: 'header', path: 'x-request-id', expected: sentId, actual: requestId });
  }
  if (status === 429 && !isRetryAfter(responseHeader('retry-after'))) {
    const value = responseHeader('retry-after');
    if (value === null) missing('retry-after', 'seconds or an HTTP date');
    else
      findings.push({
        check: 'header',
        path: 'retry-after',
        expected: 'seconds or an HTTP date',
        actual: value,
      });
  }
  if (status === 401 && (code === 'UNAUTHENTICATED' || endpoint.auth === 'basic')) {
    const scheme = endpoint.auth === 'basic' ? 'Basic' : 'Bearer';
    const value = responseHeader('www-authenticate');
    if (value === null) missing('www-authenticate', scheme);
    else if (!value.startsWith(scheme))
      findings.push({ check: 'header', path: 'www-authenticate', expected: scheme, actual: value });
  }
  const { jsonAnswer } = context;
  if (jsonAnswer && context.hasBody) {
    const type = responseHeader('content-type');
    if (type === null || !JSON_TYPE.test(type)) {
      findings.push({
        check: 'header',
        path: 'content-type',
        expected: 'application/json',
        actual: type ?? 'absent',
      });
    }
  }
  const media = jsonAnswer || status !== endpoint.status ? undefined : mediaTypeOf(endpoint);
  // Declared as any bytes (the docs page's scripts, styles and icon): no one type to hold it to.
  if (media !== undefined && media !== 'application/octet-stream' && context.hasBody) {
    const type = responseHeader('content-type');
    const actual = type === null ? 'absent' : type.split(';')[0]!.trim().toLowerCase();
    if (actual !== media) findings.push({ check: 'header', path: 'content-type', expected: media, actual });
  }
  if (endpoint.path.startsWith('/v2/hls/') && status < 300) {
    const value = responseHeader('cache-control');
    if (value === null || !/\bprivate\b/i.test(value)) {
      findings.push({
        check: 'header',
        path: 'cache-control',
        expected: 'private',
        actual: value ?? 'absent',
      });
    }
  }
  return findings;
}

function isRetryAfter(value: string | null): boolean {
  return value !== null && (/^\d+$/.test(value.trim()) || !Number.isNaN(Date.parse(value)));
}
