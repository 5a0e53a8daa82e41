import { Nimbus, type NimbusOptions } from '@nimbus/sdk';
import { type CreateServerOptions, createServer, type RunningServer } from '../node/create-server';

/** A reference server for one test file or one test: ephemeral port, in memory, no delays. */
export interface MockServer {
  url: string;
  server: RunningServer;
  /** An anonymous client (no token, no project) pointed at the server. */
  client: Nimbus;
  /** A client with other options (tokens, project, retries) pointed at the server. */
  createClient(options?: Omit<NimbusOptions, 'baseUrl'>): Nimbus;
  /** Empties the state (POST /__mock/reset). */
  reset(): Promise<void>;
  clock: {
    /** Moves simulated time forward; due lifecycles, billing and timers run. */
    advance(seconds: number): Promise<void>;
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
  const server = await createServer({
    port: 0,
    inMemory: true,
    transitionDelayMs: 0,
    validateResponses: true,
    webhookRetryBaseMs: 20,
    webhookRetryCapMs: 200,
    ...options,
  });
  const createClient = (clientOptions: Omit<NimbusOptions, 'baseUrl'> = {}) =>
    new Nimbus({ maxRetries: 0, ...clientOptions, baseUrl: server.url });
  const client = createClient();
  return {
    url: server.url,
    server,
    client,
    createClient,
    async reset() {
      await client.mock.reset();
    },
    clock: {
      async advance(seconds: number) {
        await client.mock.advanceClock({ seconds });
      },
      now: () => new Date(server.app.runtime.clock.now()),
    },
    close: () => server.close(),
  };
}

export interface SeededTenant {
  /** Logged in, with the new project selected. */
  client: Nimbus;
  user: { id: string; email: string; password: string };
  project: { id: string; name: string };
  accessToken: string;
}

let tenantCounter = 0;

/**
 * Registers a user, logs in and creates a project, in one call.
 *
 * @example
 * const alice = await seedTenant(mock, { name: 'alice' });
 */
export async function seedTenant(
  mock: Pick<MockServer, 'createClient'>,
  options: { name?: string; email?: string; password?: string; projectName?: string } = {},
): Promise<SeededTenant> {
  const name = options.name ?? `tenant-${++tenantCounter}-${crypto.randomUUID().slice(0, 8)}`;
  const email = options.email ?? `${name}@example.com`;
  const password = options.password ?? 'correct-horse-battery';
  const client = mock.createClient();
  const user = await client.auth.register({ email, password, full_name: name });
  const login = await client.auth.login({ email, password });
  const project = await client.projects.create({ name: options.projectName ?? `${name}-project` });
  return {
    client: client.withProject(project.id),
    user: { id: user.id, email, password },
    project: { id: project.id, name: project.name },
    accessToken: login.access_token,
  };
}
