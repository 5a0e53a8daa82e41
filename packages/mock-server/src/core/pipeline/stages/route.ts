import { ErrorCode } from '@nimbus/sdk/contract/common';
import { HttpError } from '../http-error';
import type { RequestHead } from '../request';
import type { RequestTarget } from '../request-target';
import type { RouteMatch, Router } from '../router';
import type { Stage } from '../stage';

export type FoundRoute = Extract<RouteMatch, { kind: 'found' }>;

/** The contract operation a request is for: 404 for an unknown path, 405 (with `Allow`) for its method. */
export function routeOf(router: Router, request: RequestHead, target: RequestTarget): FoundRoute {
  const match = router.match(request.method, target.pathname);
  if (match.kind === 'found') return match;
  if (match.kind === 'not-found') {
    throw HttpError.of(
      ErrorCode.NOT_FOUND,
      `No route for ${request.method} ${target.pathname}: the routes of both APIs are listed at /docs`,
    );
  }
  throw HttpError.of(
    ErrorCode.METHOD_NOT_ALLOWED,
    `${request.method} is not allowed on ${target.pathname}`,
    undefined,
    { Allow: match.allow.join(', ') },
  );
}

/** Stage: finds the operation, waiting for its family to load on the first request for it. */
export const routeStage: Stage = (exchange) => {
  const { router, families } = exchange.server;
  const found = routeOf(router, exchange.request, exchange.target);
  exchange.route = found.path;
  exchange.params = found.params;
  const bound = families.operation(found.id);
  if (!(bound instanceof Promise)) {
    exchange.operation = bound;
    return undefined;
  }
  return bound.then((operation) => {
    exchange.operation = operation;
    return undefined;
  });
};
