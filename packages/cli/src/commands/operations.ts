import { type Endpoint, namespaceSummary, v1, v2 } from '@nimbus/sdk/contract';
import { fieldFlags } from './fields';
import { kebab } from './flags';
import { derivedDescription, exampleWords, singular } from './help-texts';
import type { FieldSpec, GroupSpec, OperationSpec, PathArgument } from './operation-spec';

/**
 * Groups with commands of their own rather than generated ones: `nimbus auth ...`, and `users`,
 * whose one operation (`v1.users.me`) is `nimbus whoami`.
 */
const HAND_WRITTEN = new Set(['auth', 'users']);

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
 * Every operation of the contract as plain data, one group per top-level resource (with its
 * sub-resources' operations). The build writes this to `dist/operations/`; `nimbus` reads it
 * back instead of loading the contract.
 */
export function describeOperations(): GroupSpec[] {
  const apis = [
    ['v1', v1],
    ['v2', v2],
  ] as const;
  const groups: GroupSpec[] = [];
  for (const [api, contract] of apis) {
    for (const [group, node] of Object.entries(contract as Record<string, Node>)) {
      if (HAND_WRITTEN.has(group)) continue;
      // A route that duplicates another (`sameAs`) is offered once, under the other's name.
      const operations = endpointsOf(node, [group])
        .filter(([, endpoint]) => endpoint.sameAs === undefined)
        .map(([names, endpoint, siblings]) => describeOperation(api, names, endpoint, siblings));
      groups.push({ group, description: namespaceSummary(`${api}.${group}`), operations });
    }
  }
  return groups;
}

type Node = { [key: string]: Endpoint | Node };

/** The endpoints under `node`, each with its names (`['databases', 'replicas', 'create']`) and the names beside it. */
function endpointsOf(node: Node, names: string[]): [string[], Endpoint, string[]][] {
  return Object.entries(node).flatMap(([key, child]) =>
    isEndpoint(child)
      ? [[[...names, key], child, Object.keys(node)] as [string[], Endpoint, string[]]]
      : endpointsOf(child, [...names, key]),
  );
}

function describeOperation(
  api: 'v1' | 'v2',
  names: string[],
  endpoint: Endpoint,
  siblings: string[],
): OperationSpec {
  const id = `${api}.${names.join('.')}`;
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
      .map((_, i) => namespaceSummary(`${api}.${names.slice(0, i + 2).join('.')}`)),
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
    retrievable: siblings.includes('retrieve'),
    route: {
      id,
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
    example: exampleWords({ id, names, params, body, query }),
  };
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
    const name = key === 'id' || key === 'name' ? `${owner}-${key}` : (ARGUMENT_NAMES[key] ?? kebab(key));
    return [{ key, name, description: argumentDescription(name) }];
  });
}

/** Placeholders whose own name says too little. */
const ARGUMENT_NAMES: Record<string, string> = { cam: 'camera-id' };

/** `database-id` -> `Id of the database`; `date` -> `Date`. */
function argumentDescription(name: string): string {
  const match = /^(.*)-(id|name)$/.exec(name);
  if (match) {
    const words = match[1]!.split('-').map((word) => ACRONYMS[word] ?? word);
    return `${match[2] === 'id' ? 'Id' : 'Name'} of the ${words.join(' ')}`;
  }
  return ARGUMENT_TEXTS[name] ?? name;
}

/** Words of a path that are written in capitals in a sentence. */
const ACRONYMS: Record<string, string> = {
  vpc: 'VPC',
  cdn: 'CDN',
  api: 'API',
  dr: 'DR',
  vpn: 'VPN',
  ddos: 'DDoS',
};

const ARGUMENT_TEXTS: Record<string, string> = {
  date: 'Day of the recording (UTC), YYYY-MM-DD',
  hour: 'Hour of the recording (UTC), 00..23',
  segment: 'Segment file name, such as 000.ts',
  file: 'Snapshot file name: <event id>.jpg',
};

/** The endpoint a spec was made from. */
export function endpointOf(spec: Pick<OperationSpec, 'api' | 'names'>): Endpoint {
  let node: Endpoint | Node | undefined = (spec.api === 'v1' ? v1 : v2) as unknown as Node;
  for (const name of spec.names) node = isEndpoint(node) ? undefined : node?.[name];
  if (!node || !isEndpoint(node))
    throw new Error(`No operation ${spec.api}.${spec.names.join('.')} in the contract`);
  return node;
}

function isEndpoint(value: unknown): value is Endpoint {
  return !!value && typeof value === 'object' && 'method' in value && 'path' in value;
}
