import { describe, expect } from 'vitest';
import type { SeededTenant } from '../../src/entries/testing';
import { expectInvalid, expectNotFound, it } from '../support';

const newBalancer = (tenant: SeededTenant, name: string) =>
  tenant.client.loadBalancers.create({ name, region: 'hn' });

describe('global load balancers', () => {
  it('creates a latency-routed global balancer by default', async ({ alice }) => {
    const hn = await newBalancer(alice, 'g-hn');
    const glb = await alice.client.globalLoadBalancers.create({
      name: 'edge',
      backends: [{ load_balancer_id: hn.id }],
    });
    expect(glb).toMatchObject({
      routing: 'latency',
      status: 'active',
      backends: [{ load_balancer_id: hn.id, weight: null, priority: null }],
    });
    expect(glb.dns_name).toMatch(/^edge-[0-9a-f]{8}\.glb\.nimbus\.example$/);
    const page = await alice.client.globalLoadBalancers.list({ routing: 'latency' });
    expect(page.data.map((g) => g.id)).toContain(glb.id);
  });

  it('needs a weight on every backend for weighted routing', async ({ alice }) => {
    const a = await newBalancer(alice, 'w-a');
    const b = await newBalancer(alice, 'w-b');
    const message = await expectInvalid(
      alice.client.globalLoadBalancers.create({
        name: 'weighted',
        routing: 'weighted',
        backends: [{ load_balancer_id: a.id, weight: 70 }, { load_balancer_id: b.id }],
      }),
      'body.backends.1.weight',
    );
    expect(message).toContain('weighted');
    await expectInvalid(
      alice.client.globalLoadBalancers.create({
        name: 'weighted',
        routing: 'weighted',
        backends: [{ load_balancer_id: a.id, weight: 101 }],
      }),
      'body.backends.0.weight',
    );
    const glb = await alice.client.globalLoadBalancers.create({
      name: 'weighted',
      routing: 'weighted',
      backends: [
        { load_balancer_id: a.id, weight: 70 },
        { load_balancer_id: b.id, weight: 30 },
      ],
    });
    expect(glb.backends.map((x) => x.weight)).toEqual([70, 30]);
  });

  it('needs unique priorities for failover routing', async ({ alice }) => {
    const a = await newBalancer(alice, 'f-a');
    const b = await newBalancer(alice, 'f-b');
    const failover = (priorities: (number | undefined)[]) =>
      alice.client.globalLoadBalancers.create({
        name: 'failover',
        routing: 'failover',
        backends: [
          { load_balancer_id: a.id, priority: priorities[0] },
          { load_balancer_id: b.id, priority: priorities[1] },
        ],
      });
    await expectInvalid(failover([1, undefined]), 'body.backends.1.priority');
    expect(await expectInvalid(failover([1, 1]), 'body.backends.1.priority')).toContain('unique');
    await expect(failover([1, 2])).resolves.toMatchObject({ routing: 'failover' });
  });

  it('refuses duplicates, empty lists, internal balancers and unknown ones', async ({ alice, bob }) => {
    const a = await newBalancer(alice, 'd-a');
    await expectInvalid(
      alice.client.globalLoadBalancers.create({
        name: 'x',
        backends: [{ load_balancer_id: a.id }, { load_balancer_id: a.id }],
      }),
      'body.backends.1.load_balancer_id',
    );
    await expectInvalid(
      alice.client.globalLoadBalancers.create({ name: 'x', backends: [] }),
      'body.backends',
    );
    await expectInvalid(
      alice.client.globalLoadBalancers.create({
        name: 'x',
        routing: 'random' as never,
        backends: [{ load_balancer_id: a.id }],
      }),
      'body.routing',
    );
    const vpc = await alice.client.vpcs.create({ name: 'glb', region: 'hn' });
    const internal = await alice.client.loadBalancers.create({
      name: 'in',
      region: 'hn',
      scheme: 'internal',
      vpc_id: vpc.id,
    });
    await expectInvalid(
      alice.client.globalLoadBalancers.create({ name: 'x', backends: [{ load_balancer_id: internal.id }] }),
      'body.backends.0.load_balancer_id',
    );
    const bobs = await newBalancer(bob, 'bob');
    await expectNotFound(
      alice.client.globalLoadBalancers.create({
        name: 'x',
        backends: [{ load_balancer_id: a.id }, { load_balancer_id: bobs.id }],
      }),
      'body.backends.1.load_balancer_id',
    );
  });
});
