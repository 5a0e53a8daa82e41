import { APIResource, Nimbus } from '@nimbus/sdk';
import { NAMESPACE_SUMMARIES, type Operation, operations } from '@nimbus/sdk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sdkPathOf } from '../src/codegen/api-reference';
import { PROJECT_ID, uuid } from './helpers/fixtures';
import { type RecordedRequest, type Reply, type StubServer, startStubServer } from './helpers/stub-server';

/** One SDK method as a consumer reaches it: `loadBalancers.healthProbes` + `create`. */
interface SdkMethod {
  namespace: string;
  name: string;
  resource: APIResource;
  /** Names of the namespaces nested right under this method's namespace. */
  siblings: string[];
}

/** Every method of every namespace of `root`, at any depth, found at runtime. */
function sdkMethods(root: object, prefix = ''): SdkMethod[] {
  const found: SdkMethod[] = [];
  for (const [key, value] of Object.entries(root)) {
    if (!(value instanceof APIResource)) continue;
    const namespace = prefix ? `${prefix}.${key}` : key;
    const children = Object.entries(value)
      .filter(([, child]) => child instanceof APIResource)
      .map(([name]) => name);
    for (const name of methodNames(value)) {
      found.push({ namespace, name, resource: value, siblings: children });
    }
    found.push(...sdkMethods(value, namespace));
  }
  return found;
}

function methodNames(resource: APIResource): string[] {
  const names = new Set<string>();
  for (let proto = Object.getPrototypeOf(resource); proto !== APIResource.prototype; ) {
    for (const name of Object.getOwnPropertyNames(proto)) {
      const descriptor = Object.getOwnPropertyDescriptor(proto, name);
      if (name !== 'constructor' && typeof descriptor?.value === 'function') names.add(name);
    }
    proto = Object.getPrototypeOf(proto);
  }
  return [...names];
}

const label = (method: SdkMethod) => `${method.namespace}.${method.name}`;

/** Verbs the rule replaces, with the verb to use instead. */
const REPLACED_VERBS: Record<string, string> = {
  add: 'create',
  new: 'create',
  get: 'retrieve',
  fetch: 'retrieve',
  edit: 'update',
  remove: 'delete',
  destroy: 'delete',
};

/** `addStep` -> `add`; `list` -> `list`. */
const firstWord = (name: string) => /^[a-z]+/.exec(name)?.[0] ?? name;

/** `healthProbes` -> `healthprobe`, `policies` -> `policy`: how a sub-resource shows inside a method name. */
const singular = (name: string) => name.replace(/ies$/, 'y').replace(/s$/, '').toLowerCase();

function verbViolations(methods: SdkMethod[]): string[] {
  return methods
    .filter((method) => firstWord(method.name) in REPLACED_VERBS)
    .map(
      (method) =>
        `${label(method)}: say ${REPLACED_VERBS[firstWord(method.name)]}, not ${firstWord(method.name)}`,
    );
}

function subResourceViolations(methods: SdkMethod[]): string[] {
  return methods.flatMap((method) =>
    method.siblings
      .filter((child) => method.name !== child && method.name.toLowerCase().includes(singular(child)))
      .map((child) => `${label(method)}: belongs in ${method.namespace}.${child}`),
  );
}

/** Stands for any argument: a path id (through `toString`), a body, a query or a playback target. */
class AnyArgument {
  readonly id = uuid(1);
  readonly camera_id = uuid(2);
  readonly date = '2026-03-01';
  readonly hour = '01';
  readonly segment = 0;
  readonly ts = '2026-03-01T01:00:00.000Z';
  toString() {
    return uuid(3);
  }
}

/** Opens a WebSocket, or checks or signs a webhook delivery locally, rather than calling a route. */
const NOT_A_ROUTE_CALL = new Set(['stream', 'unwrap', 'verifySignature', 'sign']);
/** Polls another method's route (`list` or `retrieve`) rather than owning one. */
const POLLING_HELPERS = new Set(['waitFor']);

/** What the stub answers: one item on every list, so iteration has something to walk. */
function reply(request: RecordedRequest): Reply {
  const item = { id: uuid(9) };
  if (request.path.startsWith('/v2/')) return { status: 200, body: { items: [item], next_cursor: null } };
  if (request.path.startsWith('/__mock/'))
    return { status: 200, body: request.method === 'GET' ? { items: [item] } : {} };
  if (request.method === 'GET') {
    return { status: 200, body: { success: true, data: [item], meta: { page: 1, per_page: 20, total: 1 } } };
  }
  return { status: 200, body: { success: true, data: item } };
}

let server: StubServer;
let client: Nimbus;

beforeAll(async () => {
  server = await startStubServer(reply);
  client = new Nimbus({ baseUrl: server.url, projectId: PROJECT_ID, accessToken: 'at', maxRetries: 0 });
});

afterAll(() => server.close());

/** Calls `method` with stand-in arguments and answers the requests it sent (none for a URL builder). */
async function requestsOf(method: SdkMethod): Promise<{ result: unknown; sent: RecordedRequest[] }> {
  const before = server.requests.length;
  const fn = (method.resource as unknown as Record<string, (...args: unknown[]) => unknown>)[method.name]!;
  const args = Array.from({ length: fn.length }, () => new AnyArgument());
  let result: unknown;
  try {
    result = fn.apply(method.resource, args);
    if (result instanceof Promise) await result;
  } catch {
    // A stand-in answer may not satisfy the method; the request it sent is what counts.
  }
  return { result, sent: server.requests.slice(before) };
}

/** The contract operation a request reached: literal segments win over `{params}`. */
function operationOf(request: RecordedRequest, all: Operation[]): Operation | undefined {
  const candidates = all.filter(
    ({ endpoint }) =>
      endpoint.method === request.method &&
      new RegExp(`^${endpoint.path.replace(/\{\w+\}/g, '[^/]+')}$`).test(request.path),
  );
  const params = (op: Operation) => op.endpoint.path.split('{').length;
  return candidates.sort((a, b) => params(a) - params(b))[0];
}

/** The operation a route counts as: a route declared `sameAs` another is that other one. */
const operationKey = (op: Operation) => op.endpoint.sameAs ?? op.id;

/** Which methods reached each operation, and the methods that reached none. */
async function reachedOperations(
  methods: SdkMethod[],
): Promise<{ reachedBy: Map<string, string[]>; violations: string[] }> {
  const all = operations();
  const reachedBy = new Map<string, string[]>();
  const violations: string[] = [];
  for (const method of methods) {
    if (NOT_A_ROUTE_CALL.has(method.name) || POLLING_HELPERS.has(method.name)) continue;
    const { result, sent } = await requestsOf(method);
    if (sent.length === 0) {
      if (result instanceof Promise) violations.push(`${label(method)}: sent no request`);
      continue; // A URL builder.
    }
    const op = operationOf(sent[0]!, all);
    if (!op) {
      violations.push(`${label(method)}: ${sent[0]!.method} ${sent[0]!.path} is in no contract operation`);
      continue;
    }
    const key = operationKey(op);
    reachedBy.set(key, [...(reachedBy.get(key) ?? []), label(method)]);
  }
  return { reachedBy, violations };
}

async function routeViolations(methods: SdkMethod[]): Promise<string[]> {
  const { reachedBy, violations } = await reachedOperations(methods);
  for (const [key, labels] of reachedBy) {
    if (labels.length > 1) violations.push(`${key} is reached by ${labels.join(' and ')}`);
  }
  return violations;
}

/** Where the client offers an operation, as api.md says it: `databases.replicas.create`. */
const sdkNameOf = (operationId: string) => sdkPathOf(operationId).replace(/^client\./, '');

/** Operations whose method has another name than the contract's, or that no method reaches. */
async function nameViolations(methods: SdkMethod[]): Promise<string[]> {
  const { reachedBy } = await reachedOperations(methods);
  return operations()
    .filter((op) => op.endpoint.sameAs === undefined)
    .flatMap((op) => {
      const labels = reachedBy.get(op.id) ?? [];
      const expected = sdkNameOf(op.id);
      if (labels.length === 0) return [`${op.id}: no method (expected ${expected})`];
      return labels
        .filter((name) => name !== expected)
        .map((name) => `${op.id}: ${name}, expected ${expected}`);
    });
}

async function listViolations(methods: SdkMethod[]): Promise<string[]> {
  const violations: string[] = [];
  for (const method of methods.filter((m) => m.name === 'list')) {
    const { result } = await requestsOf(method);
    if (!result || typeof (result as AsyncIterable<unknown>)[Symbol.asyncIterator] !== 'function') {
      violations.push(`${label(method)}: not iterable with for await`);
      continue;
    }
    const items: unknown[] = [];
    for await (const item of result as AsyncIterable<unknown>) items.push(item);
    if (items.length !== 1) violations.push(`${label(method)}: iterated ${items.length} items, served 1`);
  }
  return violations;
}

describe('one naming rule across the client', () => {
  it('finds the nested namespaces', () => {
    const namespaces = new Set(sdkMethods(client).map((m) => m.namespace));
    for (const nested of [
      'loadBalancers.healthProbes',
      'drPlans.steps',
      'iam.users',
      'mock.faults',
      'video.cameras',
    ]) {
      expect(namespaces).toContain(nested);
    }
  });

  it('uses create, retrieve, update and delete, never add, get or remove', () => {
    expect(verbViolations(sdkMethods(client))).toEqual([]);
  });

  it('puts a sub-resource in its namespace, never in a method name', () => {
    expect(subResourceViolations(sdkMethods(client))).toEqual([]);
  });

  it('makes every list, /v1 and /v2, iterable with for await', async () => {
    const lists = sdkMethods(client).filter((m) => m.name === 'list');
    expect(lists.map(label)).toEqual(expect.arrayContaining(['video.cameras.list', 'video.events.list']));
    expect(await listViolations(lists)).toEqual([]);
  });

  it('reaches each route (and each operation) through one method only', async () => {
    expect(await routeViolations(sdkMethods(client))).toEqual([]);
  });

  it('offers each operation under its contract name, and only there', async () => {
    expect(await nameViolations(sdkMethods(client))).toEqual([]);
  });

  it('describes every namespace of the contract in a sentence', () => {
    const namespaces = new Set(
      operations().flatMap(({ id }) =>
        id
          .split('.')
          .slice(0, -1)
          .map((_, i, parts) => parts.slice(0, i + 1).join('.')),
      ),
    );
    const undescribed = [...namespaces].filter((id) => id.includes('.') && !(id in NAMESPACE_SUMMARIES));
    expect(undescribed).toEqual([]);
  });
});

/** A client that breaks each rule once: the checks above must catch every break. */
class Steps extends APIResource {
  create() {
    return this._client.call({ method: 'POST', path: '/api/v1/dr/plans/{id}/steps' } as never, {
      params: { id: uuid(1) },
    });
  }
}

class Plans extends APIResource {
  readonly steps = new Steps(this._client);

  addStep(id: string) {
    return this._client.call({ method: 'POST', path: '/api/v1/dr/plans/{id}/steps' } as never, {
      params: { id },
    });
  }

  createBudget() {
    return this._client.call({ method: 'POST', path: '/api/v1/billing/budgets' } as never, { body: {} });
  }
}

class Clips extends APIResource {
  list() {
    return this._client.call({ method: 'GET', path: '/v2/api/cameras' } as never, {});
  }
}

class BrokenClient extends Nimbus {
  readonly plans = new Plans(this);
  readonly clips = new Clips(this);
}

describe('the checks', () => {
  let broken: SdkMethod[];

  beforeAll(() => {
    const instance = new BrokenClient({
      baseUrl: server.url,
      projectId: PROJECT_ID,
      accessToken: 'at',
      maxRetries: 0,
    });
    broken = sdkMethods(instance).filter((m) => m.namespace.startsWith('plans') || m.namespace === 'clips');
  });

  it('catch add and a sub-resource in a method name', () => {
    expect(verbViolations(broken)).toEqual(['plans.addStep: say create, not add']);
    expect(subResourceViolations(broken)).toEqual(['plans.addStep: belongs in plans.steps']);
  });

  it('catch a list that is not iterable', async () => {
    expect(await listViolations(broken)).toEqual(['clips.list: not iterable with for await']);
  });

  it('catch a route, or a twin operation, reached twice', async () => {
    const withBudgets = [...broken, ...sdkMethods(client).filter((m) => label(m) === 'budgets.create')];
    expect(await routeViolations(withBudgets)).toEqual([
      'v1.drPlans.steps.create is reached by plans.addStep and plans.steps.create',
      'v1.budgets.create is reached by plans.createBudget and budgets.create',
    ]);
  });

  it('catch a method named otherwise than its operation', async () => {
    const violations = await nameViolations(broken);
    expect(violations).toContain('v1.drPlans.steps.create: plans.addStep, expected drPlans.steps.create');
    expect(violations).toContain(
      'v1.drPlans.steps.create: plans.steps.create, expected drPlans.steps.create',
    );
    expect(violations).toContain('v1.instances.list: no method (expected instances.list)');
  });
});
