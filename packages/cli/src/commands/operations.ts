import type { Route } from '@nimbus/sdk';
import { type Endpoint, namespaceSummary, operations } from '@nimbus/sdk/contract';
import { fieldFlags, statusValues } from './fields';
import { kebab } from './flags';
import { derivedDescription, exampleWords, MORE_EXAMPLES, singular, words } from './help-texts';
import type { FieldSpec, GroupSpec, OperationSpec, PathArgument, WaitSpec } from './operation-spec';
import { TRANSITIONAL } from './transitional';

/**
 * Groups with commands of their own rather than generated ones: `nimbus auth ...`, and `users`,
 * whose one operation (`v1.users.me`) is `nimbus whoami`.
 */
const HAND_WRITTEN = new Set(['auth', 'users']);

/** Operations with a hand-written command instead: the dashboard page is `nimbus mock ui`. */
const HAND_WRITTEN_OPERATIONS = new Set(['mock.dashboard.retrieve']);

/**
 * Table columns of lists whose items carry whole requests or payloads: the rest is in `-o json`.
 * Other lists show every scalar field.
 */
const TABLE_COLUMNS: Record<string, string[]> = {
  'mock.requests.list': ['time', 'method', 'path', 'status', 'request_id'],
  'mock.faults.list': ['id', 'method', 'path', 'status', 'delay_ms', 'remaining'],
  'mock.webhookDeliveries.list': [
    'attempted_at',
    'subscription_id',
    'event_type',
    'attempt',
    'status',
    'status_code',
    'error',
  ],
};

/**
 * Flags not named after their field, by operation: one flag name means one thing across the CLI.
 * `events list`, `playback timeline` and `mock video-events create` name a camera with `--camera`,
 * as `events tail` does; `events list`'s page size is `--per-page`, as on every /v1 list
 * (`--limit` is `events tail`'s "stop after n"); `logs query` takes `--query`, as `--q` was one
 * typo from `-q` (ids only).
 */
const FLAG_NAMES: Record<string, Record<string, string>> = {
  'v2.events.list': { camera_id: 'camera', limit: 'per-page' },
  'v2.playback.timeline': { camera_id: 'camera' },
  'mock.videoEvents.create': { camera_id: 'camera' },
  'v1.logs.query': { q: 'query' },
};

/**
 * Every operation of the contract as plain data, one group per top-level resource (with its
 * sub-resources' operations), and the reference server's control routes as the group `mock`.
 * The build writes this to `dist/operations/`; `nimbus` reads it back instead of loading the
 * contract.
 */
export function describeOperations(): GroupSpec[] {
  const apiOperations = operations().filter(({ id }) => /^(v1|v2|mock)\./.test(id));
  const groups = new Map<string, GroupSpec>();
  for (const { id, endpoint } of apiOperations) {
    const { api, names } = commandNames(id);
    const group = names[0]!;
    // A route that duplicates another (`sameAs`) is offered once, under the other's name.
    if (HAND_WRITTEN.has(group) || HAND_WRITTEN_OPERATIONS.has(id) || endpoint.sameAs !== undefined) continue;
    let spec = groups.get(group);
    if (!spec) {
      spec = { group, description: namespaceSummary(namespaceOf(api, [group])), operations: [] };
      groups.set(group, spec);
    }
    // A delete reads what it deletes first, to name it in its question: the GET of the same path.
    const read =
      endpoint.method === 'DELETE'
        ? apiOperations.find((op) => op.endpoint.method === 'GET' && op.endpoint.path === endpoint.path)
        : undefined;
    spec.operations.push(
      describeOperation(
        id,
        api,
        names,
        endpoint,
        waitSpec(id, endpoint, apiOperations),
        read && routeOf(read.id, read.endpoint),
      ),
    );
  }
  return [...groups.values()];
}

/**
 * Where an operation's command sits: `v1.databases.replicas.create` is `databases replicas
 * create`, and a control route keeps its `mock` (`mock.faults.create` is `mock faults create`).
 */
function commandNames(id: string): { api: OperationSpec['api']; names: string[] } {
  const [api, ...rest] = id.split('.') as [OperationSpec['api'], ...string[]];
  return { api, names: api === 'mock' ? [api, ...rest] : rest };
}

/** The contract's namespace of a command's leading names (`v1.databases.replicas`, `mock.faults`). */
function namespaceOf(api: OperationSpec['api'], names: readonly string[]): string {
  return api === 'mock' ? names.join('.') : `${api}.${names.join('.')}`;
}

function describeOperation(
  id: string,
  api: OperationSpec['api'],
  names: string[],
  endpoint: Endpoint,
  wait: WaitSpec | undefined,
  read?: Route,
): OperationSpec {
  const renamed = FLAG_NAMES[id] ?? {};
  const named = (flags: FieldSpec[], inQuery: boolean) =>
    flags.map((f) => ({
      ...f,
      flag: renamed[f.key] ?? f.flag,
      description: f.description || derivedDescription(f, names, inQuery),
    }));
  const body = named(fieldFlags(endpoint.body), false);
  const query = named(fieldFlags(endpoint.query), true);
  const params = pathArguments(endpoint);
  const paging = endpoint.list ? 'page' : query.some((f) => f.key === 'cursor') ? 'cursor' : undefined;
  return {
    names,
    resourceSummaries: names
      .slice(1, -1)
      .map((_, i) => namespaceSummary(namespaceOf(api, names.slice(0, i + 2)))),
    api,
    summary: endpoint.summary,
    ...(endpoint.description && { description: endpoint.description }),
    method: endpoint.method,
    path: endpoint.path,
    params,
    body,
    query,
    hasBody: endpoint.body !== undefined,
    ...(paging && { paging }),
    ...(wait && { wait }),
    ...(read && { read }),
    route: routeOf(id, endpoint),
    ...(endpoint.scope && { scope: endpoint.scope }),
    ...(endpoint.auth === 'basic' && { basicAuth: true }),
    ...((endpoint.responseKind === 'text' || endpoint.responseKind === 'binary') && { raw: true }),
    ...(endpoint.responseKind === 'binary' && { binary: true }),
    example: exampleWords({ id, names, params, body, query }),
    ...(MORE_EXAMPLES[id] && { moreExamples: MORE_EXAMPLES[id] }),
    ...(TABLE_COLUMNS[id] && { columns: TABLE_COLUMNS[id] }),
  };
}

/** What the SDK needs to call an endpoint, as plain data. */
function routeOf(id: string, endpoint: Endpoint): Route {
  return {
    id,
    api: endpoint.api,
    method: endpoint.method,
    path: endpoint.path,
    status: endpoint.status,
    auth: endpoint.auth,
    ...(endpoint.project && { project: true }),
    ...(endpoint.list && { list: true }),
    ...(endpoint.responseKind && { responseKind: endpoint.responseKind }),
  };
}

/** Operations that start something `--wait` follows whatever their answer's statuses say (see `waitSpec`). */
const WAITABLE = /^(create|start|stop|scale|failover|execute|drill|update)$/;

/**
 * How `--wait` reads back what an operation answers, for an operation whose answer can be in a
 * transitional state (`replicas create` answers `provisioning`), and for the verbs that have
 * taken `--wait` since it came (`WAITABLE`) on a resource with a `retrieve`. The reader is the
 * resource's `retrieve` (named as the operation's sibling, or answering the same schema), or
 * else the list whose items are that schema: a database's replicas have no `retrieve`, and
 * `replicas list <database-id>` holds them.
 */
function waitSpec(
  id: string,
  endpoint: Endpoint,
  all: readonly { id: string; endpoint: Endpoint }[],
): WaitSpec | undefined {
  if (endpoint.method === 'GET') return undefined;
  const sibling = [...id.split('.').slice(0, -1), 'retrieve'].join('.');
  const named = all.find((op) => op.id === sibling);
  const transitional = statusValues(endpoint.response).some((status) => TRANSITIONAL.has(status));
  if (!transitional && !(named && WAITABLE.test(id.split('.').at(-1)!))) return undefined;
  const reads = (op: { endpoint: Endpoint }) =>
    op.endpoint.method === 'GET' && op.endpoint.sameAs === undefined;
  const retrieve =
    named ??
    all.find(
      (op) =>
        reads(op) &&
        !op.endpoint.list &&
        /\}$/.test(op.endpoint.path) &&
        op.endpoint.response === endpoint.response,
    );
  if (retrieve)
    return { route: routeOf(retrieve.id, retrieve.endpoint), ...scopeOf(retrieve.endpoint), by: 'retrieve' };
  const list = all.find((op) => reads(op) && itemsOf(op.endpoint) === endpoint.response);
  if (!list) return undefined;
  const idFilter = list.endpoint.query?.shape.id === undefined ? undefined : 'id';
  return {
    route: routeOf(list.id, list.endpoint),
    ...scopeOf(list.endpoint),
    by: 'list',
    ...(idFilter && { idFilter }),
  };
}

/** The schema of one item of a list endpoint: a /v1 list's response, a /v2 list's `items`' element. */
function itemsOf(endpoint: Endpoint): unknown {
  if (endpoint.list) return endpoint.response;
  const def = (endpoint.response as { _zod?: { def?: { type?: string; shape?: Record<string, unknown> } } })
    ._zod?.def;
  const items =
    def?.type === 'object'
      ? (def.shape?.items as { _zod?: { def?: { type?: string; element?: unknown } } } | undefined)
      : undefined;
  return items?._zod?.def?.type === 'array' ? items._zod.def.element : undefined;
}

function scopeOf(endpoint: Endpoint): { scope?: string } {
  return endpoint.scope === undefined ? {} : { scope: endpoint.scope };
}

/**
 * The path placeholders as arguments, named for what they hold: `{id}` after `databases` is
 * `database-id`, `{name}` after `buckets` is `bucket-name`, `{subscriptionId}` is `subscription-id`.
 */
function pathArguments(endpoint: Endpoint): PathArgument[] {
  const segments = endpoint.path.split('/');
  return segments.flatMap((segment, i) => {
    const key = /^\{(\w+)\}$/.exec(segment)?.[1];
    if (!key) return [];
    const owner = singular(segments[i - 1] ?? '');
    // `/bucket-names/{name}` is `<bucket-name>`, not `<bucket-name-name>`.
    const named = owner.endsWith(`-${key}`) ? owner : `${owner}-${key}`;
    const name = key === 'id' || key === 'name' ? named : (ARGUMENT_NAMES[key] ?? kebab(key));
    const uuid = isUuidSchema(endpoint.params?.shape[key]);
    return [{ key, name, description: argumentDescription(name), ...(uuid && { uuid }) }];
  });
}

/** Whether a path parameter's schema is the contract's `Uuid` (a zod string of format uuid). */
function isUuidSchema(schema: unknown): boolean {
  return (schema as { format?: unknown } | undefined)?.format === 'uuid';
}

/** Placeholders whose own name says too little. */
const ARGUMENT_NAMES: Record<string, string> = { cam: 'camera-id', segment: 'segment-name' };

/** `database-id` -> `Id of the database`; `date` -> `Date`. */
function argumentDescription(name: string): string {
  if (ARGUMENT_TEXTS[name]) return ARGUMENT_TEXTS[name];
  const match = /^(.*)-(id|name)$/.exec(name);
  if (match) return `${match[2] === 'id' ? 'Id' : 'Name'} of the ${words(match[1]!.replace(/-/g, '_'))}`;
  return name;
}

const ARGUMENT_TEXTS: Record<string, string> = {
  date: 'Day of the recording (UTC), YYYY-MM-DD',
  hour: 'Hour of the recording (UTC), 00..23',
  file: 'Snapshot file name: <event id>.jpg',
  // Segments are numbered from the hour's start, so the first one recorded is rarely 000.ts.
  'segment-name': "Segment file name, as the hour's playlist lists it (such as 303.ts)",
};

/** The endpoint a spec was made from. */
export function endpointOf(spec: Pick<OperationSpec, 'route'>): Endpoint {
  const { id } = spec.route;
  const endpoint = operations().find((op) => op.id === id)?.endpoint;
  if (!endpoint) throw new Error(`No operation ${id} in the contract`);
  return endpoint;
}
