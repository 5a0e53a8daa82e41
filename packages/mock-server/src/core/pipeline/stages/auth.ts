import type { Endpoint } from '@nimbus/sdk/contract';
import { ErrorCode } from '@nimbus/sdk/contract/common';
import type { Principal } from '../../services/principal';
import type { Runtime } from '../../services/runtime';
import { sha256 } from '../../services/secrets';
import { apiKeys, sessions, users } from '../../services/tables';
import type { VerifyResult } from '../../services/tokens';
import { HttpError } from '../http-error';
import type { RequestHead } from '../request';
import type { Stage } from '../stage';

/** Who is calling. */

/**
 * Resolves the caller of `endpoint`, or throws 401. Public routes answer undefined. Answers
 * without a promise when nothing needs one (a token already verified, an API key): a promise
 * per request costs the busiest routes more than the check itself.
 */
export function authenticate(
  runtime: Runtime,
  request: RequestHead,
  /** The request's URL (a `URL` or a `RequestTarget`): only its query is read, for `?token=`. */
  target: Pick<URL, 'searchParams'>,
  endpoint: Endpoint,
): Principal | undefined | Promise<Principal> {
  switch (endpoint.auth) {
    case 'none':
      return undefined;
    case 'basic':
      return checkBasic(runtime, request);
    case 'query-token':
      return fromJwt(runtime, target.searchParams.get('token') ?? bearerOf(request), endpoint);
    case 'bearer': {
      const apiKey = request.headers.get('x-api-key');
      if (apiKey !== null && endpoint.api === 'v1' && !request.headers.has('authorization')) {
        if (!endpoint.project)
          throw HttpError.unauthenticated('API keys only authenticate project resource routes');
        return fromApiKey(runtime, apiKey);
      }
      const token = bearerOf(request) ?? (endpoint.api === 'v2' ? target.searchParams.get('token') : null);
      return fromJwt(runtime, token, endpoint);
    }
  }
}

function bearerOf(request: RequestHead): string | null {
  const header = request.headers.get('authorization');
  if (!header) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (!match) throw HttpError.unauthenticated('Authorization header must be "Bearer <token>"');
  return match[1]!;
}

function fromJwt(runtime: Runtime, token: string | null, endpoint: Endpoint): Principal | Promise<Principal> {
  if (!token) throw HttpError.unauthenticated('A bearer token is required');
  const tokens = runtime.tokens();
  const known = tokens.verifyKnown(token);
  if (known) return principalOf(runtime, known, endpoint);
  return tokens.verify(token).then((result) => principalOf(runtime, result, endpoint));
}

/** The caller a verified token names, once its session and user are still there. */
function principalOf(runtime: Runtime, result: VerifyResult, endpoint: Endpoint): Principal {
  if ('failure' in result) {
    throw HttpError.unauthenticated(result.failure === 'expired' ? 'Access token expired' : 'Invalid token');
  }
  const { claims } = result;
  const session = runtime.store.table(sessions).get(claims.sid);
  if (!session || session.revoked_at !== null || session.user_id !== claims.sub) {
    throw HttpError.unauthenticated('Session revoked');
  }
  if (!runtime.store.table(users).get(claims.sub)) throw HttpError.unauthenticated('User no longer exists');
  if (endpoint.api === 'v2') {
    if (claims.typ !== 'workload' || !claims.tenant_id) {
      throw HttpError.unauthenticated('The video API needs a workload token with a tenant_id');
    }
    return {
      kind: 'workload',
      userId: claims.sub,
      sessionId: claims.sid,
      tenantId: claims.tenant_id,
      scopes: claims.scope.split(' ').filter(Boolean),
    };
  }
  if (claims.typ !== 'access') throw HttpError.unauthenticated('An access token is required for /api/v1');
  return { kind: 'user', userId: claims.sub, sessionId: claims.sid, email: claims.email };
}

function fromApiKey(runtime: Runtime, key: string): Principal {
  const row = runtime.store.table(apiKeys).byKey('hash', sha256(key));
  if (!row) throw HttpError.unauthenticated('Invalid API key');
  return { kind: 'api_key', keyId: row.id, projectId: row.project_id, role: row.role };
}

function checkBasic(runtime: Runtime, request: RequestHead): undefined {
  const refuse = () =>
    HttpError.of(ErrorCode.UNAUTHENTICATED, 'Basic authentication required', undefined, {
      'WWW-Authenticate': 'Basic realm="nimbus-metrics"',
    });
  const header = request.headers.get('authorization');
  const match = header ? /^Basic\s+([A-Za-z0-9+/=]+)$/i.exec(header) : null;
  if (!match) throw refuse();
  let decoded: string;
  try {
    decoded = atob(match[1]!);
  } catch {
    throw refuse();
  }
  const { metricsUser, metricsPassword } = runtime.config;
  if (decoded !== `${metricsUser}:${metricsPassword}`) throw refuse();
  return undefined;
}

/** Stage: who is calling. Waits only when a token's signature is still to be checked (its first use). */
export const authenticationStage: Stage = (exchange) => {
  const found = authenticate(
    exchange.server.runtime,
    exchange.request,
    exchange.target,
    exchange.bound.endpoint,
  );
  if (!(found instanceof Promise)) {
    exchange.principal = found;
    return undefined;
  }
  return found.then((principal) => {
    exchange.principal = principal;
    return undefined;
  });
};
