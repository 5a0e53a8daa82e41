import { type Endpoint, type Operation, operations } from '@nimbus/sdk/contract';

/** What a caller holds: a user token with a project, and the project's /v2 token. */
export interface Credentials {
  accessToken: string;
  projectId: string;
  workloadToken: string;
}

export interface RouteInput {
  params?: Record<string, string>;
  query?: Record<string, string>;
  /** A value sent as JSON. */
  body?: unknown;
  /** Bytes sent as they are (malformed JSON, huge bodies); wins over `body`. */
  rawBody?: string;
  contentType?: string | null;
  headers?: Record<string, string>;
}

export const BASE_URL = 'http://nimbus.local';

/** Fills `{name}` placeholders, URI-encoded. */
export function pathOf(endpoint: Endpoint, params: Record<string, string> = {}): string {
  return endpoint.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`No value for {${name}} of ${endpoint.path}`);
    return encodeURIComponent(value);
  });
}

/**
 * The request a well-behaved client sends for `endpoint`: its path, its auth (bearer, API
 * project header, /v2 workload token, basic, or `?token=`), and a JSON body.
 */
export function requestFor(endpoint: Endpoint, input: RouteInput, credentials: Credentials): Request {
  const url = new URL(pathOf(endpoint, input.params), BASE_URL);
  for (const [key, value] of Object.entries(input.query ?? {})) url.searchParams.set(key, value);
  const headers = new Headers();
  switch (endpoint.auth) {
    case 'bearer':
      headers.set(
        'authorization',
        `Bearer ${endpoint.api === 'v2' ? credentials.workloadToken : credentials.accessToken}`,
      );
      break;
    case 'basic':
      headers.set('authorization', `Basic ${btoa('metrics:metrics')}`);
      break;
    case 'query-token':
      url.searchParams.set('token', credentials.workloadToken);
      break;
  }
  if (endpoint.project) headers.set('x-project-id', credentials.projectId);
  const body = input.rawBody ?? (input.body === undefined ? undefined : JSON.stringify(input.body));
  if (body !== undefined && input.contentType !== null) {
    headers.set('content-type', input.contentType ?? 'application/json');
  }
  for (const [name, value] of Object.entries(input.headers ?? {})) headers.set(name, value);
  return new Request(url, { method: endpoint.method, headers, body });
}

/** Path parameters of a template, in order. */
export function paramNames(endpoint: Endpoint): string[] {
  return [...endpoint.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
}

/** Parameters whose collection is not the path right before them. */
const PARAM_SOURCES: Record<string, string> = {
  'v1.compliance.forPolicy policyId': 'v1.policies.create',
  'v1.anomalies.acknowledge id': 'v1.anomalies.detect',
  'v1.projects.delegate id': 'project',
  'v2.playback.forEvent id': 'mock.videoEvents.create',
  'v2.playback.playlist cam': 'v2.cameras.create',
  'v2.playback.segment cam': 'v2.cameras.create',
  'v2.playback.snapshot cam': 'v2.cameras.create',
  'mock.quotas.update project_id': 'project',
  'mock.videoTenants.update tenant_id': 'project',
};

const creators = new Map(
  operations()
    .filter((op) => op.endpoint.method === 'POST')
    .map((op) => [op.endpoint.path, op.id]),
);

/**
 * Which operation creates the records a path parameter names: the POST on the path up to that
 * parameter (`/api/v1/topics/{id}/subscriptions/{subscriptionId}` -> topic subscriptions),
 * or `project` for the caller's project. Undefined when nothing in the contract creates them.
 */
export function sourceOf(operation: Operation, param: string): string | undefined {
  const special = PARAM_SOURCES[`${operation.id} ${param}`];
  if (special) return special;
  const path = operation.endpoint.path;
  const collection = path.slice(0, path.indexOf(`/{${param}}`));
  return creators.get(collection);
}

/** Every operation, except those that would end the test's own session or state. */
export function routes(filter: (op: Operation) => boolean = () => true): Operation[] {
  return operations().filter(filter);
}
