/**
 * Example: verifying what your code sent, and how it copes with a failing server, with the
 * request journal and the faults of `@nimbus/mock-server/testing`.
 *
 *   npm run verification -w @nimbus/examples
 */
import {
  type MockServer,
  RequestVerificationError,
  seedTenant,
  startMockServer,
} from '@nimbus/mock-server/testing';
import type { Nimbus } from '@nimbus/sdk';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

/** The code under test: a web tier of `count` small VMs, each create retried under its own key. */
async function provisionWebTier(client: Nimbus, count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 1; i <= count; i++) {
    const vm = await client.instances.create(
      { name: `web-${i}`, flavor: 'small', region: 'hn' },
      { idempotencyKey: `web-tier-${i}`, maxRetries: 2 },
    );
    ids.push(vm.id);
  }
  return ids;
}

describe('provisionWebTier', () => {
  let mock: MockServer;
  beforeAll(async () => {
    mock = await startMockServer();
  });
  afterAll(() => mock.close());
  beforeEach(() => mock.reset()); // empties the state, the faults and the journal

  it('creates one small VM per instance asked for, and nothing else', async () => {
    const { client } = await seedTenant(mock);
    await provisionWebTier(client, 2);

    // Exactly one create per name, with the body the app meant (a partial match).
    mock.requests.expect({
      method: 'POST',
      path: '/api/v1/instances',
      body: { name: 'web-1', flavor: 'small' },
    });
    mock.requests.expect({
      method: 'POST',
      path: '/api/v1/instances',
      body: { name: 'web-2', flavor: 'small' },
    });
    // No deletes, and every create carried its idempotency key.
    mock.requests.expect({ method: 'DELETE', path: '/api/v1/instances/{id}' }, 0);
    expect(
      mock.requests.count({
        method: 'post',
        path: '/api/v1/instances',
        headers: { 'Idempotency-Key': 'web-tier-1' },
      }),
    ).toBe(1);
    // The journal keeps what the server answered too.
    expect(mock.requests.find({ method: 'POST', path: '/api/v1/instances' })?.response.status).toBe(201);
  });

  it('survives a 503 on the first create: the SDK retries with the same key, one VM is made', async () => {
    const { client } = await seedTenant(mock);
    await mock.faults.create({ method: 'post', path: '/api/v1/instances', status: 503, times: 1 });

    const ids = await provisionWebTier(client, 1);

    expect(ids).toHaveLength(1);
    expect(mock.requests.count({ method: 'POST', path: '/api/v1/instances', status: 503 })).toBe(1);
    mock.requests.expect({ method: 'POST', path: '/api/v1/instances', status: 201 }, 1);
    expect(await mock.faults.list()).toEqual([]); // its one use is spent
  });

  it('a failed verification names the closest requests', async () => {
    const { client } = await seedTenant(mock);
    await provisionWebTier(client, 1);

    const check = () =>
      mock.requests.expect({ method: 'POST', path: '/api/v1/instances', body: { flavor: 'large' } });

    expect(check).toThrow(RequestVerificationError);
    expect(check).toThrow(/body\.flavor is "small", expected "large"/);
  });
});
