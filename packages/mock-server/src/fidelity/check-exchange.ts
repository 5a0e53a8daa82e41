import type { Endpoint } from '@nimbus/sdk/contract';
import { type Divergence, type Finding, shown } from './divergence';
import { bodyFindings } from './envelope-check';
import { type HeaderGet, headerFindings } from './header-check';
import { paramsOf, requestConforms } from './request-check';

/** Headers as a Fetch `Headers`, or a plain object (any case of names). */
export type HeaderSource = { get(name: string): string | null } | Readonly<Record<string, string>>;

/** One request and its answer, as parts. Bodies are text (null when there was none). */
export interface Exchange {
  /** The contract operation the request calls: its id and endpoint (`{ id, endpoint }` of `operations()`). */
  operation: { id: string; endpoint: Endpoint };
  request: { method: string; url: string | URL; headers: HeaderSource; body: string | null };
  response: { status: number; headers: HeaderSource; body: string | null };
}

/**
 * Checks one exchange against the contract: the status, the envelope of its API, every field of
 * the body against the contract's schema (missing, extra, wrong type, outside an enum or range),
 * the error code, a v1 list's paging and the headers the decisions promise. Returns one
 * divergence per difference, none for a faithful answer. A request the contract refuses must be
 * answered 400; otherwise any documented error status passes, since one exchange cannot tell
 * whether the resource exists or the caller may act.
 *
 * @example
 * const divergences = checkExchange({
 *   operation: { id: 'v1.instances.create', endpoint: v1.instances.create },
 *   request: { method: 'POST', url: '/api/v1/instances', headers: {}, body: '{"name":"web"}' },
 *   response: { status: 201, headers: response.headers, body: await response.text() },
 * });
 */
export function checkExchange(exchange: Exchange): Divergence[] {
  const { operation, request, response } = exchange;
  const { endpoint } = operation;
  const url = new URL(request.url, 'http://target.invalid');
  const requestHeader = headerGetter(request.headers);
  const responseHeader = headerGetter(response.headers);
  const requestId = responseHeader('x-request-id');
  const findings: Finding[] = [];
  const conforms = requestConforms(endpoint, {
    params: paramsOf(endpoint, url.pathname) ?? {},
    query: url.searchParams,
    body: request.body,
  });
  findings.push(...statusFindings(endpoint, response.status, conforms));
  const json = parsedJson(response.body);
  const jsonAnswer = (endpoint.responseKind ?? 'json') === 'json' || response.status >= 400;
  if (jsonAnswer && json.ok) {
    findings.push(
      ...bodyFindings({
        endpoint,
        status: response.status,
        body: json.value,
        query: url.searchParams,
        requestId,
      }),
    );
  } else if (jsonAnswer) {
    findings.push({ check: 'envelope', path: '$', expected: 'a JSON body', actual: shown(response.body) });
  }
  const code = json.ok ? (json.value as { error?: { code?: unknown } } | undefined)?.error?.code : undefined;
  findings.push(
    ...headerFindings({
      endpoint,
      status: response.status,
      code: typeof code === 'string' ? code : undefined,
      jsonAnswer,
      hasBody: jsonAnswer ? json.ok && json.value !== undefined : Boolean(response.body),
      requestHeader,
      responseHeader,
    }),
  );
  return findings.map((finding) => ({ operation: operation.id, ...finding, request_id: requestId }));
}

/**
 * `checkExchange` over Fetch objects; reads clones, so both stay readable. Pass a request that
 * was not sent, cloned before `fetch`: a clone sent and then dropped can leave its original
 * unusable on Node 20's fetch once the collector takes the clone (undici issue 4150).
 *
 * @example
 * const sent = request.clone();
 * const response = await fetch(request);
 * const divergences = await checkFetchExchange(operation, sent, response);
 */
export async function checkFetchExchange(
  operation: Exchange['operation'],
  request: Request,
  response: Response,
): Promise<Divergence[]> {
  const [requestBody, responseBody] = await Promise.all([
    request.body === null ? null : request.clone().text(),
    response.body === null ? null : response.clone().text(),
  ]);
  return checkExchange({
    operation,
    request: { method: request.method, url: request.url, headers: request.headers, body: requestBody },
    response: { status: response.status, headers: response.headers, body: responseBody },
  });
}

/** The divergence of a request that calls no route of the contract (the proxy forwards it anyway). */
export function unknownRoute(method: string, pathname: string, requestId: string | null): Divergence {
  return {
    operation: `${method} ${pathname}`,
    check: 'unknown-route',
    path: pathname,
    expected: 'a route of the contract',
    actual: `${method} ${pathname}`,
    request_id: requestId,
  };
}

/** A success must be the endpoint's own status; a request the contract refuses, a 400; a 500 never. */
function statusFindings(endpoint: Endpoint, status: number, conforms: boolean): Finding[] {
  const success = status >= 200 && status < 300;
  if (success && !conforms) {
    return [
      {
        check: 'status',
        path: '$',
        expected: '400 (the request fails the contract)',
        actual: String(status),
      },
    ];
  }
  if (
    (success && status !== endpoint.status) ||
    (status >= 300 && status < 400) ||
    status === 500 ||
    status < 200
  ) {
    return [{ check: 'status', path: '$', expected: String(endpoint.status), actual: String(status) }];
  }
  return [];
}

function parsedJson(text: string | null): { ok: true; value: unknown } | { ok: false } {
  if (text === null || text === '') return { ok: true, value: undefined };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

function headerGetter(headers: HeaderSource): HeaderGet {
  if (typeof (headers as Headers).get === 'function') return (name) => (headers as Headers).get(name);
  const lower = new Map(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
  return (name) => lower.get(name) ?? null;
}
