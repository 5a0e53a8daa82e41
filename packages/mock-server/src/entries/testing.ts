import type { Nimbus, NimbusOptions } from '@nimbus/sdk';
import type { Fault, FaultSpec } from '../core/services/faults';
import type { JournalEntry, JournalFilter } from '../core/services/journal';
import {
  type JournalRequests,
  journalRequests,
  type NearMiss,
  type RequestMatcher,
  RequestVerificationError,
} from '../core/services/request-matcher';
import type { StateExport } from '../families/mock/state-export';
import type { CreateServerOptions, RunningServer } from '../node/create-server';
import { loopbackClient } from '../node/loopback-client';

export type {
  Fault,
  FaultSpec,
  JournalEntry,
  JournalFilter,
  JournalRequests,
  NearMiss,
  RequestMatcher,
  StateExport,
};
export { RequestVerificationError };

/** Injected faults of a test server or handler set (`/__mock/faults`), validated as the route validates them. */
export interface FaultsHandle {
  create(spec: FaultSpec): Promise<Fault>;
  /** The faults in force, in the order they are tried. */
  list(): Promise<Fault[]>;
  /** Removes one fault; rejects when there is none of that id. */
  delete(id: string): Promise<void>;
  clear(): Promise<void>;
}

/**
 * A reference server for one test file or one test: ephemeral port, in memory, no delays, and
 * password hashing at the test cost (`passwordCost: 'test'`).
 */
export interface MockServer {
  url: string;
  server: RunningServer;
  /** An anonymous client (no token, no project) pointed at the server. */
  client: Nimbus;
  /** A client with other options (tokens, project, retries) pointed at the server. */
  createClient(options?: Omit<NimbusOptions, 'baseUrl'>): Nimbus;
  /**
   * Empties the state, the faults and the request journal (POST /__mock/reset); with a state
   * export, goes back to it instead (PUT /__mock/state): its users, sessions and tokens included.
   */
  reset(to?: StateExport): Promise<void>;
  /**
   * The state now (as GET /__mock/state). `includeSecret` adds the signing secret, so tokens
   * issued before stay valid after an import into another server or handler set.
   */
  exportState(options?: { includeSecret?: boolean }): StateExport;
  /** Replaces the whole state (PUT /__mock/state); an export with a secret replaces the signing secret. */
  importState(state: StateExport): Promise<void>;
  /**
   * The request journal (GET /__mock/requests): what the server received and answered, oldest
   * first. `requests(matcher)` lists the matching ones; `requests.find`, `.count` and
   * `.expect(matcher, n)` verify, the last failing with the closest requests.
   */
  requests: JournalRequests;
  /** Injected faults, as `client.mock.faults` drives them. */
  faults: FaultsHandle;
  clock: {
    /** Moves simulated time forward; due lifecycles, billing and timers run. */
    advance(seconds: number): Promise<void>;
    /** Stops simulated time until advanced (or `unfreeze()`, or a reset): no task comes due on its own. */
    freeze(): Promise<void>;
    unfreeze(): Promise<void>;
    now(): Date;
  };
  close(): Promise<void>;
}

/**
 * Starts a reference server for tests.
 *
 * @example
 * const mock = await startMockServer();
 * afterAll(() => mock.close());
 * const { client } = await seedTenant(mock);
 * await client.instances.create({ name: 'web', flavor: 'small', region: 'hn' });
 */
export async function startMockServer(options: CreateServerOptions = {}): Promise<MockServer> {
  // Loaded here, not by the import: a test file that only connects to a running server
  // (connectMockServer) loads the SDK's client, not the server and the contract's schemas.
  const { createServer, exportState } = await import('../index');
  const server = await createServer({
    port: 0,
    inMemory: true,
    transitionDelayMs: 0,
    validateResponses: true,
    webhookRetryBaseMs: 20,
    webhookRetryCapMs: 200,
    passwordCost: 'test',
    // Creates answered within one millisecond would list in random (id) order.
    clockStepMs: 1,
    ...options,
  });
  const { client, createClient } = connectMockServer(server.url, { controlToken: server.controlToken });
  return {
    url: server.url,
    server,
    client,
    createClient,
    async reset(to) {
      await client.mock.reset();
      if (to) await client.mock.state.import(to);
    },
    exportState: (exportOptions) => exportState(server.app.runtime, exportOptions),
    async importState(state) {
      await client.mock.state.import(state);
    },
    requests: journalRequests(server.app.runtime.journal),
    faults: {
      create: (spec) => client.mock.faults.create(spec),
      list: async () => (await client.mock.faults.list()).data,
      delete: (id) => client.mock.faults.delete(id),
      clear: () => client.mock.faults.clear(),
    },
    clock: {
      async advance(seconds: number) {
        await client.mock.clock.advance({ seconds });
      },
      async freeze() {
        await client.mock.clock.freeze({ frozen: true });
      },
      async unfreeze() {
        await client.mock.clock.freeze({ frozen: false });
      },
      now: () => new Date(server.app.runtime.clock.now()),
    },
    close: () => server.close(),
  };
}

/** What a test file needs of a server another process or setup file started: its clients. */
export type MockServerConnection = Pick<MockServer, 'url' | 'client' | 'createClient'>;

/**
 * Clients of a reference server that is already running, for test files that share one server
 * (started once in a global setup, see the README): `seedTenant(connectMockServer(url))` gives
 * each file a tenant of its own. Importing this entry does not load the server, so such a file
 * pays for the SDK's client only. The clients send as `startMockServer()`'s do, with no retries.
 */
export function connectMockServer(
  url: string,
  options: { controlToken?: string } = {},
): MockServerConnection {
  const createClient = (clientOptions: Omit<NimbusOptions, 'baseUrl'> = {}) =>
    loopbackClient(url, { maxRetries: 0, controlToken: options.controlToken, ...clientOptions });
  return { url, client: createClient(), createClient };
}

/** SDK namespaces that create a project resource from one body: `client.<key>.create(body)`. */
export type SeedableKind = {
  [K in keyof Nimbus]: K extends 'projects'
    ? never
    : Nimbus[K] extends { create: (body: infer B, ...rest: never[]) => PromiseLike<unknown> }
      ? B extends string
        ? never
        : K
      : never;
}[keyof Nimbus];

type CreateFn<K extends SeedableKind> = Nimbus[K] extends { create: infer F } ? F : never;
type CreateBody<K extends SeedableKind> =
  CreateFn<K> extends (body: infer B, ...rest: never[]) => unknown ? B : never;
type Created<K extends SeedableKind> =
  CreateFn<K> extends (...args: never[]) => PromiseLike<infer R> ? R : never;

/** Resources to create in the new project, by SDK namespace: `{ instances: [...], buckets: [...] }`. */
export type SeedResources = { [K in SeedableKind]?: readonly CreateBody<K>[] };

/** What `seedTenant` created, by namespace, in the order given. */
export type SeededResources<O> = { [K in keyof O & SeedableKind]-?: Created<K>[] };

export interface SeedTenantOptions {
  name?: string;
  email?: string;
  password?: string;
  projectName?: string;
}

export interface SeededTenant {
  /** Logged in, with the new project selected. */
  client: Nimbus;
  user: { id: string; email: string; password: string };
  project: { id: string; name: string };
  accessToken: string;
}

let tenantCounter = 0;
const TENANT_OPTIONS = new Set(['name', 'email', 'password', 'projectName']);

/**
 * Registers a user, logs in and creates a project, in one call; then creates the resources
 * given by SDK namespace, one after the other in the order given.
 *
 * @example
 * const alice = await seedTenant(mock, { name: 'alice' });
 * const { client, resources } = await seedTenant(mock, {
 *   instances: [{ name: 'web', flavor: 'small', region: 'hn' }],
 *   buckets: [{ name: 'assets', region: 'hn' }],
 * });
 * resources.instances[0].id;
 */
export async function seedTenant<const O extends SeedTenantOptions & SeedResources>(
  mock: Pick<MockServer, 'createClient'>,
  options: O = {} as O,
): Promise<SeededTenant & { resources: SeededResources<O> }> {
  const name = options.name ?? `tenant-${++tenantCounter}-${crypto.randomUUID().slice(0, 8)}`;
  const email = options.email ?? `${name}@example.com`;
  const password = options.password ?? 'correct-horse-battery';
  const anonymous = mock.createClient();
  const user = await anonymous.auth.register({ email, password, full_name: name });
  const login = await anonymous.auth.login({ email, password });
  const project = await anonymous.projects.create({ name: options.projectName ?? `${name}-project` });
  const client = anonymous.withProject(project.id);
  const resources: Record<string, unknown[]> = {};
  for (const [kind, bodies] of Object.entries(options)) {
    if (TENANT_OPTIONS.has(kind)) continue;
    const namespace = (client as unknown as Record<string, { create?: (body: unknown) => Promise<unknown> }>)[
      kind
    ];
    if (typeof namespace?.create !== 'function' || !Array.isArray(bodies)) {
      throw new TypeError(`seedTenant: "${kind}" is not an SDK namespace with create()`);
    }
    resources[kind] = [];
    for (const body of bodies) resources[kind].push(await namespace.create(body));
  }
  return {
    client,
    user: { id: user.id, email, password },
    project: { id: project.id, name: project.name },
    accessToken: login.access_token,
    resources: resources as SeededResources<O>,
  };
}
