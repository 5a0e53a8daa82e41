/**
 * Example: an integration test of your own code against Nimbus, with the test helpers of
 * `@nimbus/mock-server/testing`. Each file gets its own server (ephemeral port, in memory,
 * lifecycles without delay), so test files run in parallel without sharing anything.
 *
 *   npm run integration -w @nimbus/examples
 */
import { type MockServer, seedTenant, startMockServer } from '@nimbus/mock-server/testing';
import { type Instance, type Nimbus, NotFoundError } from '@nimbus/sdk';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

/** The code under test: stops every running VM of a project that is older than `maxAgeHours`. */
async function stopStaleInstances(client: Nimbus, now: Date, maxAgeHours: number): Promise<Instance[]> {
  const stopped: Instance[] = [];
  for await (const vm of client.instances.list({ status: 'running' })) {
    if (now.getTime() - Date.parse(vm.created_at) > maxAgeHours * 3_600_000) {
      stopped.push(await client.instances.stop(vm.id));
    }
  }
  return stopped;
}

describe('stopStaleInstances', () => {
  let mock: MockServer;
  beforeAll(async () => {
    mock = await startMockServer();
  });
  afterAll(() => mock.close());
  beforeEach(() => mock.reset()); // every test starts from an empty server

  it('stops the VMs older than the limit and leaves the young ones', async () => {
    // A user, logged in, with a project holding one VM: one call.
    const { client, resources } = await seedTenant(mock, {
      instances: [{ name: 'old-web', flavor: 'small', region: 'hn' }],
    });
    await mock.clock.advance(48 * 3600); // two days later on the server's clock
    const young = await client.instances.create({ name: 'new-web', flavor: 'small', region: 'hn' });
    await client.instances.waitFor(young.id, 'running');

    const stopped = await stopStaleInstances(client, mock.clock.now(), 24);

    expect(stopped.map((vm) => vm.id)).toEqual([resources.instances[0]!.id]);
    expect((await client.instances.retrieve(resources.instances[0]!.id)).status).toMatch(/^stop/);
    expect((await client.instances.retrieve(young.id)).status).toBe('running');
  });

  it('sees only its own project', async () => {
    const alice = await seedTenant(mock, { instances: [{ name: 'a', flavor: 'small', region: 'hn' }] });
    const bob = await seedTenant(mock);
    await expect(bob.client.instances.retrieve(alice.resources.instances[0]!.id)).rejects.toBeInstanceOf(
      NotFoundError,
    );
  });
});
