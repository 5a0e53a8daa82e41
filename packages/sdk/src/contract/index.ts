/**
 * The Nimbus contract: every endpoint of /api/v1, /v2 and the reference server's
 * control routes, declared once. The SDK, the server, the OpenAPI documents and the
 * msw handlers all derive from these objects.
 */
import type { Endpoint } from './define';
import { mock } from './mock';
import { auth, users } from './v1/auth';
import { instances } from './v1/instances';
import { projects } from './v1/projects';

export * from './common';
export * from './define';
export * from './mock';
export * from './v1/auth';
export * from './v1/instances';
export * from './v1/projects';

export const v1 = { auth, users, projects, instances };
export const v2 = {};

export const contract = { v1, v2, mock };

/** One endpoint with its operation id, e.g. `v1.instances.create`. */
export interface Operation {
  id: string;
  endpoint: Endpoint;
}

/** Every endpoint of the contract, in declaration order. */
export function operations(): Operation[] {
  const out: Operation[] = [];
  for (const [api, families] of Object.entries(contract)) {
    walk(api, families as Record<string, unknown>, out);
  }
  return out;
}

function walk(prefix: string, node: Record<string, unknown>, out: Operation[]): void {
  for (const [key, value] of Object.entries(node)) {
    if (isEndpoint(value)) out.push({ id: `${prefix}.${key}`, endpoint: value });
    else if (value && typeof value === 'object')
      walk(`${prefix}.${key}`, value as Record<string, unknown>, out);
  }
}

function isEndpoint(value: unknown): value is Endpoint {
  return !!value && typeof value === 'object' && 'method' in value && 'path' in value && 'api' in value;
}
