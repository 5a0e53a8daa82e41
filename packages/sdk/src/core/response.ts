import type { CallableEndpoint } from './endpoint';
import { ResponseValidationError } from './errors';
import type { Route } from './route';
import type { ReceivedResponse } from './transport';

/** `meta` of a v1 envelope; `page`, `per_page` and `total` only on lists. */
export interface EnvelopeMeta {
  request_id?: string;
  page?: number;
  per_page?: number;
  total?: number;
}

/** A successful answer with the v1 envelope taken off. */
export interface Decoded {
  data: unknown;
  /** Whether `data` came from a JSON body, the only kind the contract's response schemas describe. */
  json: boolean;
  meta: EnvelopeMeta | undefined;
  requestId: string | null;
}

/**
 * Turns a 2xx answer into the endpoint's result: nothing for 204, text or bytes for
 * non-JSON endpoints, `data` of the v1 envelope, the bare body of /v2 and /__mock.
 * The result is not checked against the contract here (see `validateResponse`).
 */
export function decodeSuccess(endpoint: Route | CallableEndpoint, received: ReceivedResponse): Decoded {
  const { status, body } = received;
  const headerRequestId = received.header('x-request-id');
  const kind = endpoint.responseKind ?? 'json';
  if (status === 204 || kind !== 'json') {
    const data = status === 204 ? undefined : body;
    return { data, json: false, meta: undefined, requestId: headerRequestId };
  }

  const fail = (message: string) =>
    new ResponseValidationError({
      operation: describe(endpoint),
      issues: [{ path: [], message }],
      requestId: headerRequestId,
    });
  const parsed = parseJson(textOf(body));
  if (parsed === invalidJson) throw fail('the body is not valid JSON');

  let data = parsed;
  let meta: EnvelopeMeta | undefined;
  if (endpoint.api === 'v1') {
    if (!isEnvelope(parsed)) throw fail('the body is not a v1 success envelope ({ success, data, meta })');
    data = parsed.data;
    meta = parsed.meta;
  }
  return { data, json: true, meta, requestId: headerRequestId ?? meta?.request_id ?? null };
}

/** The parsed body of an error answer: JSON when it is JSON, else the text, for the error message. */
export function errorBody(body: string | Uint8Array): unknown {
  const text = textOf(body);
  const parsed = parseJson(text);
  return parsed === invalidJson ? text : parsed;
}

/** `GET /api/v1/instances/{id}`: how errors name an operation. */
export function describe(endpoint: Route | CallableEndpoint): string {
  return `${endpoint.method} ${endpoint.path}`;
}

const invalidJson = Symbol('invalid JSON');

function textOf(body: string | Uint8Array): string {
  return typeof body === 'string' ? body : new TextDecoder().decode(body);
}

function parseJson(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return invalidJson;
  }
}

function isEnvelope(body: unknown): body is { data: unknown; meta?: EnvelopeMeta } {
  return typeof body === 'object' && body !== null && 'data' in body;
}
