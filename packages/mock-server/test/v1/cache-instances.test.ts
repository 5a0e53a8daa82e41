import { BadRequestError, ConflictError, NotFoundError } from '@nimbus/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MockServer, type SeededTenant, seedTenant, startMockServer } from '../../src/entries/testing';
import { paths, rejection } from '../support';

let mock: MockServer;
let alice: SeededTenant;
let bob: SeededTenant;
/** Transitions take a minute here, so intermediate states stay until the clock moves. */
let slow: MockServer;
let carol: SeededTenant;

beforeAll(async () => {
  [mock, slow] = await Promise.all([startMockServer(), startMockServer({ transitionDelayMs: 60_000 })]);
  [alice, bob, carol] = await Promise.all([seedTenant(mock), seedTenant(mock), seedTenant(slow)]);
});
afterAll(() => Promise.all([mock.close(), slow.close()]));

describe('cache instances: create', () => {
  it('creates with sku Basic and 1 GB by default, provisioning then available', async () => {
    const cache = await alice.client.cacheInstances.create({ name: 'sessions', region: 'hn' });
    expect(cache).toMatchObject({
      name: 'sessions',
      region: 'hn',
      sku: 'Basic',
      capacity_gb: 1,
      redis_version: '7.2',
      status: 'provisioning',
      provisioned_at: null,
      project_id: alice.project.id,
    });
    const ready = await alice.client.cacheInstances.waitFor(cache.id, 'available', { intervalMs: 10 });
    expect(ready.provisioned_at).not.toBeNull();
  });

  it.each([
    ['Basic', 5, 'between 1 and 4 GB for sku Basic'],
    ['Standard', 33, 'between 1 and 32 GB for sku Standard'],
    ['Premium', 1, 'between 6 and 120 GB for sku Premium'],
  ] as const)(
    'refuses sku %s with %i GB, naming the field and the range',
    async (sku, capacity_gb, message) => {
      const error = await rejection(
        alice.client.cacheInstances.create({ name: 'c', region: 'hn', sku, capacity_gb }),
      );
      expect(error).toBeInstanceOf(BadRequestError);
      expect(error.code).toBe('VALIDATION_ERROR');
      expect(error.details).toEqual([expect.objectContaining({ path: 'body.capacity_gb' })]);
      expect(error.details![0]!.message).toContain(message);
    },
  );

  it.each([
    ['Basic', 4],
    ['Standard', 32],
    ['Premium', 6],
    ['Premium', 120],
  ] as const)('accepts sku %s with %i GB', async (sku, capacity_gb) => {
    const cache = await alice.client.cacheInstances.create({ name: 'edge', region: 'hn', sku, capacity_gb });
    expect(cache).toMatchObject({ sku, capacity_gb });
  });

  it.each([
    [{ region: undefined }, 'body.region'],
    [{ sku: 'Enterprise' }, 'body.sku'],
    [{ capacity_gb: 2.5 }, 'body.capacity_gb'],
    [{ capacity_gb: 0 }, 'body.capacity_gb'],
    [{ redis_version: '5.0' }, 'body.redis_version'],
  ])('refuses %j with 400 naming %s', async (patch, path) => {
    const error = await rejection(
      alice.client.cacheInstances.create({ name: 'c', region: 'hn', ...patch } as never),
    );
    expect(paths(error)).toContain(path);
  });

  it('records provisioned_at at the simulated time it became available', async () => {
    const cache = await carol.client.cacheInstances.create({ name: 'timed', region: 'hn' });
    await slow.clock.advance(60);
    const ready = await carol.client.cacheInstances.retrieve(cache.id);
    expect(ready.status).toBe('available');
    const elapsed = Date.parse(ready.provisioned_at!) - Date.parse(cache.created_at);
    expect(elapsed).toBeGreaterThanOrEqual(60_000);
    expect(elapsed).toBeLessThan(70_000);
  });

  it('enforces the cache_instances quota', async () => {
    const tenant = await seedTenant(mock);
    await mock.client.mock.quotas.update(tenant.project.id, { limits: { cache_instances: 1 } });
    await tenant.client.cacheInstances.create({ name: 'one', region: 'hn' });
    const error = await rejection(tenant.client.cacheInstances.create({ name: 'two', region: 'hn' }));
    expect(error.code).toBe('QUOTA_EXCEEDED');
  });
});

describe('cache instances: scale', () => {
  it('moves available -> scaling -> available with the new size', async () => {
    const cache = await carol.client.cacheInstances.create({ name: 'grow', region: 'hn' });
    await slow.clock.advance(60);
    const { provisioned_at } = await carol.client.cacheInstances.retrieve(cache.id);
    const scaling = await carol.client.cacheInstances.scale(cache.id, { sku: 'Standard', capacity_gb: 16 });
    expect(scaling).toMatchObject({ status: 'scaling', sku: 'Standard', capacity_gb: 16 });
    await expect(carol.client.cacheInstances.retrieve(cache.id)).resolves.toMatchObject({
      status: 'scaling',
    });
    await slow.clock.advance(60);
    const done = await carol.client.cacheInstances.retrieve(cache.id);
    expect(done).toMatchObject({ status: 'available', sku: 'Standard', capacity_gb: 16 });
    // provisioned_at marks the first availability; a scale does not move it.
    expect(provisioned_at).not.toBeNull();
    expect(done.provisioned_at).toBe(provisioned_at);
  });

  it('answers 409 INVALID_STATE while provisioning and while scaling', async () => {
    const cache = await carol.client.cacheInstances.create({ name: 'busy', region: 'hn' });
    const early = await rejection(carol.client.cacheInstances.scale(cache.id, { capacity_gb: 2 }));
    expect(early).toBeInstanceOf(ConflictError);
    expect(early.code).toBe('INVALID_STATE');
    await slow.clock.advance(60);
    await carol.client.cacheInstances.scale(cache.id, { capacity_gb: 2 });
    const twice = await rejection(carol.client.cacheInstances.scale(cache.id, { capacity_gb: 3 }));
    expect(twice.code).toBe('INVALID_STATE');
    await slow.clock.advance(60);
    await expect(carol.client.cacheInstances.retrieve(cache.id)).resolves.toMatchObject({ capacity_gb: 2 });
  });

  it("checks the target against the target sku's bounds", async () => {
    const cache = await alice.client.cacheInstances.create({ name: 'bounds', region: 'hn', capacity_gb: 2 });
    await alice.client.cacheInstances.waitFor(cache.id, 'available', { intervalMs: 10 });
    // Premium starts at 6 GB: keeping 2 GB does not fit.
    const keep = await rejection(alice.client.cacheInstances.scale(cache.id, { sku: 'Premium' }));
    expect(keep.details).toEqual([expect.objectContaining({ path: 'body.capacity_gb' })]);
    expect(keep.details![0]!.message).toContain('between 6 and 120 GB for sku Premium');
    const tooBig = await rejection(alice.client.cacheInstances.scale(cache.id, { capacity_gb: 8 }));
    expect(tooBig.details![0]!.message).toContain('between 1 and 4 GB for sku Basic');
    const empty = await rejection(alice.client.cacheInstances.scale(cache.id, {}));
    expect(empty).toBeInstanceOf(BadRequestError);
    await expect(alice.client.cacheInstances.retrieve(cache.id)).resolves.toMatchObject({
      status: 'available',
      sku: 'Basic',
      capacity_gb: 2,
    });
    await expect(
      alice.client.cacheInstances.scale(cache.id, { sku: 'Premium', capacity_gb: 6 }),
    ).resolves.toMatchObject({
      status: 'scaling',
    });
  });
});

describe('cache instances: read, list, delete', () => {
  it("answers 404 for another project's instance on every route", async () => {
    const cache = await bob.client.cacheInstances.create({ name: 'bobs', region: 'hn' });
    for (const call of [
      () => alice.client.cacheInstances.retrieve(cache.id),
      () => alice.client.cacheInstances.scale(cache.id, { capacity_gb: 2 }),
      () => alice.client.cacheInstances.delete(cache.id),
    ]) {
      expect(await rejection(call())).toBeInstanceOf(NotFoundError);
    }
    await expect(bob.client.cacheInstances.retrieve(cache.id)).resolves.toMatchObject({ name: 'bobs' });
  });

  it('deletes with 204, even mid-lifecycle', async () => {
    const cache = await carol.client.cacheInstances.create({ name: 'short-lived', region: 'hn' });
    const { response } = await carol.client.cacheInstances.delete(cache.id).withResponse();
    expect(response.status).toBe(204);
    await slow.clock.advance(60);
    expect(await rejection(carol.client.cacheInstances.retrieve(cache.id))).toBeInstanceOf(NotFoundError);
  });

  it('pages and filters the list', async () => {
    const tenant = await seedTenant(mock);
    await tenant.client.cacheInstances.create({ name: 'a', region: 'hn' });
    await tenant.client.cacheInstances.create({ name: 'b', region: 'hcm', sku: 'Premium', capacity_gb: 6 });
    await tenant.client.cacheInstances.create({ name: 'c', region: 'hn', sku: 'Standard' });
    const page = await tenant.client.cacheInstances.list({ per_page: 2, page: 2 });
    expect(page.total).toBe(3);
    expect(page.data.map((c) => c.name)).toEqual(['c']);
    const premium = await tenant.client.cacheInstances.list({ sku: 'Premium' });
    expect(premium.data.map((c) => c.name)).toEqual(['b']);
    const hn = await tenant.client.cacheInstances.list({ region: 'hn' });
    expect(hn.total).toBe(2);
  });
});
