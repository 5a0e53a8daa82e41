import { type Endpoint, v1, v2 } from '@nimbus/sdk/contract';
import { fieldFlags } from './fields';
import type { FieldSpec, GroupSpec, OperationSpec } from './operation-spec';

/** Groups with commands of their own (`login`, `nimbus auth ...`) rather than generated ones. */
const HAND_WRITTEN = new Set(['auth']);

/**
 * Flags not named after their field, by operation: one flag name means one thing across the CLI.
 * `events list` and `playback timeline` name a camera with `--camera`, as `events tail` does;
 * `events list`'s page size is `--per-page`, as on every /v1 list (`--limit` is `events tail`'s
 * "stop after n"); `logs query` takes `--query`, as `--q` was one typo from `-q` (ids only).
 */
const FLAG_NAMES: Record<string, Record<string, string>> = {
  'v2.events.list': { camera_id: 'camera', limit: 'per-page' },
  'v2.playback.timeline': { camera_id: 'camera' },
  'v1.logs.query': { q: 'query' },
};

/**
 * Every operation of the contract as plain data, one group per resource group. The build
 * writes this to `dist/operations.json`; `nimbus` reads it back instead of loading the contract.
 */
export function describeOperations(): GroupSpec[] {
  const apis = [
    ['v1', v1],
    ['v2', v2],
  ] as const;
  const groups: GroupSpec[] = [];
  for (const [api, contract] of apis) {
    for (const [group, operations] of Object.entries(contract as Record<string, Record<string, unknown>>)) {
      if (HAND_WRITTEN.has(group)) continue;
      const endpoints = Object.entries(operations).filter((entry): entry is [string, Endpoint] =>
        isEndpoint(entry[1]),
      );
      if (endpoints.length === 0) continue;
      const retrievable = endpoints.some(([op]) => op === 'retrieve');
      groups.push({
        group,
        description: `${endpoints[0]![1].family}: ${endpoints[0]![1].path.replace(/\/\{.*$/, '')}`,
        operations: endpoints.map(([op, endpoint]) =>
          describeOperation(api, group, op, endpoint, retrievable),
        ),
      });
    }
  }
  return groups;
}

function describeOperation(
  api: 'v1' | 'v2',
  group: string,
  op: string,
  endpoint: Endpoint,
  retrievable: boolean,
): OperationSpec {
  const renamed = FLAG_NAMES[`${api}.${group}.${op}`] ?? {};
  const named = (flags: FieldSpec[]) => flags.map((f) => ({ ...f, flag: renamed[f.key] ?? f.flag }));
  const query = named(fieldFlags(endpoint.query));
  const paging = endpoint.list ? 'page' : query.some((f) => f.key === 'cursor') ? 'cursor' : undefined;
  return {
    group,
    op,
    api,
    summary: endpoint.summary,
    method: endpoint.method,
    path: endpoint.path,
    params: [...endpoint.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!),
    body: named(fieldFlags(endpoint.body)),
    query,
    hasBody: endpoint.body !== undefined,
    ...(paging && { paging }),
    retrievable,
    route: {
      id: `${api}.${group}.${op}`,
      api,
      method: endpoint.method,
      path: endpoint.path,
      status: endpoint.status,
      auth: endpoint.auth,
      ...(endpoint.project && { project: true }),
      ...(endpoint.list && { list: true }),
      ...(endpoint.responseKind && { responseKind: endpoint.responseKind }),
    },
    ...(endpoint.scope && { scope: endpoint.scope }),
    ...(endpoint.auth === 'basic' && { basicAuth: true }),
    ...((endpoint.responseKind === 'text' || endpoint.responseKind === 'binary') && { raw: true }),
  };
}

/** The endpoint a spec was made from. */
export function endpointOf(spec: Pick<OperationSpec, 'api' | 'group' | 'op'>): Endpoint {
  const contract = (spec.api === 'v1' ? v1 : v2) as unknown as Record<string, Record<string, Endpoint>>;
  const endpoint = contract[spec.group]?.[spec.op];
  if (!endpoint) throw new Error(`No operation ${spec.api}.${spec.group}.${spec.op} in the contract`);
  return endpoint;
}

function isEndpoint(value: unknown): value is Endpoint {
  return !!value && typeof value === 'object' && 'method' in value && 'path' in value;
}
