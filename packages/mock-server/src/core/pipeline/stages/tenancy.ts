import type { Endpoint } from '@nimbus/sdk/contract';
import { ErrorCode } from '@nimbus/sdk/contract/common';
import { permissionOf } from '@nimbus/sdk/contract/define';
import * as z from 'zod';
import { allows, memberPermissions, permissionsOfRole } from '../../services/permissions';
import type { Principal } from '../../services/principal';
import type { Runtime } from '../../services/runtime';
import { projects } from '../../services/tables';
import { HttpError } from '../http-error';
import type { RequestHead } from '../request';
import type { Stage } from '../stage';

/** `z.uuid()`'s own pattern, tested directly: a zod parse per request cost more than the lookup after it. */
const PROJECT_HEADER = z.regexes.uuid();

/**
 * The project of a project route (`X-Project-ID`, or an API key's own) once the caller's role
 * there allows the endpoint's permission; '' on other routes. Another tenant's project answers
 * exactly as a missing one (403 PROJECT_FORBIDDEN).
 */
export function authorizeProject(
  runtime: Runtime,
  request: RequestHead,
  endpoint: Endpoint,
  principal: Principal | undefined,
): string {
  if (!endpoint.project) return '';
  const header = request.headers.get('x-project-id');
  if (header === null || header === '') {
    if (principal?.kind === 'api_key')
      return checkPermission(runtime, endpoint, principal, principal.projectId);
    throw HttpError.of(ErrorCode.PROJECT_HEADER_REQUIRED, 'The X-Project-ID header is required');
  }
  if (!PROJECT_HEADER.test(header)) {
    throw HttpError.validation(
      [{ path: 'header.x-project-id', message: 'must be a UUID' }],
      'X-Project-ID must be a UUID',
    );
  }
  return checkPermission(runtime, endpoint, principal, header);
}

function checkPermission(
  runtime: Runtime,
  endpoint: Endpoint,
  principal: Principal | undefined,
  projectId: string,
): string {
  const forbidden = () => HttpError.of(ErrorCode.PROJECT_FORBIDDEN, 'Project not found or not accessible');
  if (!principal || principal.kind === 'workload') throw forbidden();
  if (!runtime.store.table(projects).get(projectId)) throw forbidden();
  const granted =
    principal.kind === 'api_key'
      ? principal.projectId === projectId
        ? permissionsOfRole(runtime.store, projectId, principal.role)
        : undefined
      : memberPermissions(runtime.store, projectId, principal.userId, runtime.clock.iso());
  if (!granted) throw forbidden();
  const needed = permissionOf(endpoint);
  if (needed && !allows(granted, needed)) {
    throw HttpError.forbidden(`Your role does not allow ${needed}`, { permission: needed });
  }
  return projectId;
}

/** The /v2 tenant of a workload token that carries the endpoint's scope; '' on other routes. */
export function authorizeTenant(endpoint: Endpoint, principal: Principal | undefined): string {
  if (endpoint.api !== 'v2' || endpoint.auth === 'none' || endpoint.auth === 'basic') return '';
  if (principal?.kind !== 'workload') throw HttpError.unauthenticated('A workload token is required');
  if (endpoint.scope && !principal.scopes.includes(endpoint.scope)) {
    throw HttpError.of(ErrorCode.INSUFFICIENT_SCOPE, `The token lacks the scope ${endpoint.scope}`, {
      scope: endpoint.scope,
    });
  }
  return principal.tenantId;
}

/** Stage: the project (v1) or tenant (v2) the caller acts in, once their role or scopes allow the endpoint. */
export const tenancyStage: Stage = (exchange) => {
  const { endpoint } = exchange.bound;
  exchange.projectId = authorizeProject(
    exchange.server.runtime,
    exchange.request,
    endpoint,
    exchange.principal,
  );
  exchange.tenantId = authorizeTenant(endpoint, exchange.principal);
  return undefined;
};
