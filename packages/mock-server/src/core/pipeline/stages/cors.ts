import type { ApiName } from '@nimbus/sdk/contract';
import type { Reply, RequestHead } from '../request';
import type { OriginStanding, Stage } from '../stage';

const ALLOWED_HEADERS =
  'Authorization, Content-Type, X-Project-ID, X-API-Key, X-Request-Id, Idempotency-Key, X-Nimbus-Client';

/** Whether a request is a CORS preflight (answered before routing, for any path). */
export function isPreflight(request: RequestHead): boolean {
  return request.method === 'OPTIONS' && request.headers.has('access-control-request-method');
}

/** The answer to a preflight of an origin the policy allows (the CORS headers come after). */
export function preflightReply(request: RequestHead): Reply {
  return {
    status: 204,
    headers: {
      'access-control-allow-methods': 'GET, POST, PUT, PATCH, DELETE, OPTIONS',
      'access-control-allow-headers':
        request.headers.get('access-control-request-headers') ?? ALLOWED_HEADERS,
      'access-control-max-age': '600',
    },
    body: null,
  };
}

/** CORS answers loopback pages, the server's own and the listed origins; on control routes, never a listed one. */
export function corsAllowed(origin: OriginStanding, api: ApiName): boolean {
  if (origin === 'absent' || origin === 'foreign') return false;
  return api !== 'mock' || origin !== 'listed';
}

/** Headers every answer carries: its request id, `Vary: Origin`, and CORS for an allowed page. */
export function withCommonHeaders(
  reply: Reply,
  request: RequestHead,
  requestId: string,
  cors: boolean,
): void {
  const headers = reply.headers;
  headers['x-request-id'] = requestId;
  // Answers differ by Origin, so a shared cache must not give one page's answer to another.
  headers.vary = headers.vary ? `${headers.vary}, Origin` : 'Origin';
  if (!cors) return;
  headers['access-control-allow-origin'] = request.headers.get('origin')!;
  headers['access-control-expose-headers'] =
    'X-Request-Id, Retry-After, WWW-Authenticate, Allow, Nimbus-Warning';
}

/** Stage: answers a CORS preflight, for any path (the CORS headers are added to every answer after). */
export const preflightStage: Stage = (exchange) =>
  isPreflight(exchange.request) ? preflightReply(exchange.request) : undefined;
