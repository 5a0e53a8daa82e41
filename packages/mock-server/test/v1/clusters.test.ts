import { ConflictError, NotFoundError } from '@nimbus/sdk';
import { describe, expect } from 'vitest';
import { seedTenant } from '../../src/entries/testing';
import { failedPaths, it, rejection } from '../support';

const pool = { name: 'system', flavor: 'medium' } as const;

describe('Kubernetes clusters with a visible transition delay', () => {
  it('walks provisioning -> running on the clock', async ({ slowMock: mock }) => {
    const { client } = await seedTenant(mock);
    const cluster = await client.clusters.create({ name: 'prod', region: 'hn', node_pools: [pool] });
    expect(cluster.status).toBe('provisioning');
    expect((await client.clusters.list({ status: 'provisioning' })).total).toBe(1);
    await mock.clock.advance(60);
    expect((await client.clusters.retrieve(cluster.id)).status).toBe('running');
    expect((await client.clusters.list({ status: 'provisioning' })).total).toBe(0);
  });
});

describe('Kubernetes clusters', () => {
  it('creates with defaults and waitFor resolves once running', async ({ tenant: { client, project } }) => {
    const cluster = await client.clusters.create({
      name: 'apps',
      region: 'hn',
      node_pools: [pool, { name: 'burst', flavor: 'large', count: 2, autoscale: { min: 1, max: 10 } }],
    });
    expect(cluster).toMatchObject({
      project_id: project.id,
      kubernetes_version: '1.31',
      node_count: 5,
      node_pools: [
        { name: 'system', flavor: 'medium', count: 3, autoscale: null },
        { name: 'burst', flavor: 'large', count: 2, autoscale: { min: 1, max: 10 } },
      ],
    });
    expect(cluster.endpoint).toBe(`https://apps-${project.id.slice(0, 8)}.hn.k8s.nimbus.local`);
    const running = await client.clusters.waitFor(cluster.id, 'running', { intervalMs: 10, timeoutMs: 5000 });
    expect(running).toMatchObject({ id: cluster.id, status: 'running' });
  });

  it('validates versions, pools, flavors, counts and autoscale bounds', async ({ tenant: { client } }) => {
    const make = (body: object) =>
      client.clusters.create({ name: 'c', region: 'hn', node_pools: [pool], ...body });
    expect(await failedPaths(make({ kubernetes_version: '1.20' }))).toEqual(['body.kubernetes_version']);
    expect(await failedPaths(make({ node_pools: [] }))).toEqual(['body.node_pools']);
    expect(await failedPaths(make({ node_pools: [{ ...pool, flavor: 'huge' }] }))).toEqual([
      'body.node_pools.0.flavor',
    ]);
    expect(await failedPaths(make({ node_pools: [{ ...pool, count: 0 }] }))).toEqual([
      'body.node_pools.0.count',
    ]);
    expect(await failedPaths(make({ node_pools: [{ ...pool, count: 101 }] }))).toEqual([
      'body.node_pools.0.count',
    ]);
    expect(await failedPaths(make({ node_pools: [{ ...pool, name: 'Has-Dash' }] }))).toEqual([
      'body.node_pools.0.name',
    ]);
    expect(
      await failedPaths(make({ node_pools: [{ ...pool, count: 12, autoscale: { min: 1, max: 10 } }] })),
    ).toEqual(['body.node_pools.0.count']);
    expect(
      await failedPaths(make({ node_pools: [{ ...pool, count: 5, autoscale: { min: 6, max: 4 } }] })),
    ).toEqual(['body.node_pools.0.autoscale.min']);
    expect(await failedPaths(make({ node_pools: [pool, { ...pool, flavor: 'small' }] }))).toEqual([
      'body.node_pools.1.name',
    ]);
    expect(await failedPaths(client.clusters.create({ name: 'c', region: 'hn' } as never))).toEqual([
      'body.node_pools',
    ]);
  });

  it('answers 409 for a duplicate name and 404 for another project or an unknown id', async ({
    mock,
    tenant: a,
  }) => {
    const b = await seedTenant(mock);
    const mine = await a.client.clusters.create({ name: 'one', region: 'hn', node_pools: [pool] });
    expect(
      await rejection(a.client.clusters.create({ name: 'one', region: 'hcm', node_pools: [pool] })),
    ).toBeInstanceOf(ConflictError);
    await expect(
      b.client.clusters.create({ name: 'one', region: 'hn', node_pools: [pool] }),
    ).resolves.toBeDefined();
    expect(await rejection(b.client.clusters.retrieve(mine.id))).toBeInstanceOf(NotFoundError);
    expect(await rejection(a.client.clusters.retrieve(crypto.randomUUID()))).toBeInstanceOf(NotFoundError);
    expect(await failedPaths(a.client.clusters.retrieve('not-a-uuid'))).toEqual(['path.id']);
  });

  it('pages the list', async ({ tenant: { client } }) => {
    for (const name of ['c1', 'c2', 'c3'])
      await client.clusters.create({ name, region: 'hn', node_pools: [pool] });
    const page = await client.clusters.list({ per_page: 2 });
    expect(page).toMatchObject({ total: 3, perPage: 2 });
    expect(page.data.map((c) => c.name)).toEqual(['c1', 'c2']);
    expect((await page.getNextPage()).data.map((c) => c.name)).toEqual(['c3']);
  });
});
