import type { Operation } from '@nimbus/sdk/contract';
import { checkExchange, unknownRoute } from '../../fidelity/check-exchange';
import type { Divergence } from '../../fidelity/divergence';
import { type OperationLookup, operationLookup } from '../../fidelity/operation-lookup';
import type { BufferedRequest, Reply } from '../pipeline/request';
import type { RequestTarget } from '../pipeline/request-target';
import { onFirstUse } from './on-first-use';

/** One request the proxy forwarded, what the deployment answered, and how it differs from the contract. */
export interface ProxiedExchange {
  request: BufferedRequest;
  target: RequestTarget;
  reply: Reply;
  /** The contract operation the request called; undefined for one no route takes. */
  operation: Operation | undefined;
  divergences: Divergence[];
}

/**
 * A deployment the server forwards its API requests to instead of answering them
 * (`nimbus mock proxy`, docs/decisions/0021-mock-proxy.md). The forwarding itself is the
 * platform's (undici in Node): the core only checks and journals.
 */
export interface ProxyTarget {
  /** The deployment's base URL, as shown to people. */
  readonly url: string;
  /** Sends the request on and answers what the deployment answered. */
  forward(request: BufferedRequest, target: RequestTarget): Promise<Reply>;
  /** Called with each forwarded exchange (the `--record` writer takes what it answered). */
  onExchange?(exchange: ProxiedExchange): void;
}

/** Whether the proxy forwards a path: both APIs; the docs, the dashboard and control routes are the server's own. */
export function isProxied(pathname: string): boolean {
  return /^\/(?:api\/v1|v2)(?:\/|$)/.test(pathname) && !/^\/(?:api\/v1|v2)\/openapi\.json$/.test(pathname);
}

// The whole contract's schemas, loaded by the first proxied request only: a server that answers
// itself loads each family's on its first use.
const contractLookup = onFirstUse(async (): Promise<OperationLookup> => {
  const { operations } = await import('@nimbus/sdk/contract');
  return operationLookup(operations().filter(({ endpoint }) => endpoint.api !== 'mock'));
});

/** Forwards a request, checks the exchange against the contract, and hands it to `onExchange`. */
export async function proxyRequest(
  proxy: ProxyTarget,
  request: BufferedRequest,
  target: RequestTarget,
): Promise<ProxiedExchange> {
  const [reply, lookup] = await Promise.all([proxy.forward(request, target), contractLookup()]);
  const operation = lookup(request.method, target.pathname);
  const requestId = reply.headers['x-request-id'] ?? null;
  const divergences = operation
    ? checkExchange({
        operation,
        request: {
          method: request.method,
          url: request.url,
          headers: request.headers,
          body: textOf(request.bufferedBody),
        },
        response: { status: reply.status, headers: reply.headers, body: textOf(reply.body) },
      })
    : [unknownRoute(request.method, target.pathname, requestId)];
  const exchange = { request, target, reply, operation, divergences };
  proxy.onExchange?.(exchange);
  return exchange;
}

const decoder = new TextDecoder();

function textOf(body: string | Uint8Array | null): string | null {
  if (body === null || typeof body === 'string') return body;
  return body.byteLength === 0 ? null : decoder.decode(body);
}
