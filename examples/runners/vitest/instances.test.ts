/**
 * Example: a vitest suite against Nimbus. One reference server for the file, a seeded tenant per
 * test, a fault, the request journal, and the msw handlers for code that takes a base URL and
 * never opens a port. Nothing to set up: vitest runs TypeScript and ES modules as they are.
 *
 *   npx vitest run examples/runners/vitest
 */
import { createNimbusHandlers } from '@nimbus/mock-server/msw';
import { type MockServer, seedTenant, startMockServer } from '@nimbus/mock-server/testing';
import { InternalServerError, Nimbus, NotFoundError } from '@nimbus/sdk';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

/** The code under test: names of the project's running VMs. */
async function runningNames(client: Nimbus): Promise<string[]> {
  const names: string[] = [];
  for await (const vm of client.instances.list({ status: 'running' })) names.push(vm.name);
  return names.sort();
}

describe('against a reference server', () => {
  let mock: MockServer;
  beforeAll(async () => {
    mock = await startMockServer();
  });
  afterAll(() => mock.close());
  afterEach(() => mock.reset());

  it('lists what the tenant runs, and sends one create per VM', async () => {
    const { client } = await seedTenant(mock, {
      instances: [{ name: 'web-1', flavor: 'small', region: 'hn' }],
    });
    const created = await client.instances.create({ name: 'web-2', flavor: 'small', region: 'hn' });
    await client.instances.waitFor(created.id, 'running');
    expect(await runningNames(client)).toEqual(['web-1', 'web-2']);
    mock.requests.expect({ method: 'POST', path: '/api/v1/instances', body: { name: 'web-2' } }, 1);
    await expect(client.instances.retrieve('00000000-0000-4000-8000-000000000000')).rejects.toBeInstanceOf(
      NotFoundError,
    );
  });

  it('surfaces a server failure', async () => {
    const { client } = await seedTenant(mock);
    await mock.faults.create({ method: 'GET', path: '/api/v1/instances', status: 503 });
    await expect(client.instances.list({}, { maxRetries: 0 })).rejects.toBeInstanceOf(InternalServerError);
  });
});

describe('against msw handlers', () => {
  const nimbus = createNimbusHandlers({ baseUrl: 'http://nimbus.test', seed: 'demo' });
  const server = setupServer(...nimbus.handlers);
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterAll(() => server.close());

  it('answers the SDK with no port open', async () => {
    const client = new Nimbus({ baseUrl: 'http://nimbus.test' });
    await client.auth.login({ email: 'demo@nimbus.dev', password: 'nimbus-demo-123' });
    const { data: projects } = await client.projects.list();
    expect(await runningNames(client.withProject(projects[0]!.id))).not.toEqual([]);
    expect(nimbus.requests({ method: 'POST', path: '/api/v1/auth/login' })).toHaveLength(1);
  });
});
