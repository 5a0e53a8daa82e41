import { describe, expect } from 'vitest';
import { type SeededTenant, seedTenant, startMockServer } from '../../src/entries/testing';
import { expectInvalid, expectNotFound, it, rejection } from '../support';

const newBalancer = (tenant: SeededTenant, name: string) =>
  tenant.client.loadBalancers.create({ name, region: 'hn' });

describe('load balancers', () => {
  it('creates an application, internet-facing balancer that goes provisioning -> active', async ({
    alice,
  }) => {
    const lb = await newBalancer(alice, 'web');
    expect(lb).toMatchObject({
      name: 'web',
      region: 'hn',
      type: 'application',
      scheme: 'internet',
      vpc_id: null,
      status: 'provisioning',
      health_probes: [],
    });
    expect(lb.dns_name).toMatch(/^web-[0-9a-f]{8}\.hn\.lb\.nimbus\.example$/);
    const active = await alice.client.loadBalancers.waitFor(lb.id, 'active', {
      intervalMs: 10,
      timeoutMs: 5_000,
    });
    expect(active.status).toBe('active');
  });

  it('keeps provisioning until the transition delay has passed on the simulated clock', async () => {
    const slow = await startMockServer({ transitionDelayMs: 60_000 });
    try {
      const tenant = await seedTenant(slow);
      const lb = await tenant.client.loadBalancers.create({ name: 'slow', region: 'hn' });
      expect((await tenant.client.loadBalancers.list({ id: lb.id })).data[0]?.status).toBe('provisioning');
      await slow.clock.advance(61);
      expect((await tenant.client.loadBalancers.list({ id: lb.id })).data[0]?.status).toBe('active');
    } finally {
      await slow.close();
    }
  });

  it('creates an internal network balancer inside a VPC of its region', async ({ alice }) => {
    const vpc = await alice.client.vpcs.create({ name: 'lb-vpc', region: 'hn' });
    const lb = await alice.client.loadBalancers.create({
      name: 'db.proxy',
      region: 'hn',
      type: 'network',
      scheme: 'internal',
      vpc_id: vpc.id,
    });
    expect(lb).toMatchObject({ type: 'network', scheme: 'internal', vpc_id: vpc.id });
    expect(lb.dns_name).toMatch(/^internal-db-proxy-[0-9a-f]{8}\.hn\./);
    await expectInvalid(
      alice.client.loadBalancers.create({ name: 'x', region: 'hcm', vpc_id: vpc.id }),
      'body.region',
    );
  });

  it('validates the body, naming each field', async ({ alice, bob }) => {
    await expectInvalid(
      alice.client.loadBalancers.create({ name: 'x', region: 'hn', scheme: 'internal' }),
      'body.vpc_id',
    );
    await expectInvalid(
      alice.client.loadBalancers.create({ name: 'x', region: 'hn', type: 'gateway' as never }),
      'body.type',
    );
    await expectInvalid(
      alice.client.loadBalancers.create({ name: 'x', region: 'hn', scheme: 'public' as never }),
      'body.scheme',
    );
    await expectInvalid(alice.client.loadBalancers.create({ name: '', region: 'hn' }), 'body.name');
    const bobsVpc = await bob.client.vpcs.create({ name: 'bob', region: 'hn' });
    await expectNotFound(
      alice.client.loadBalancers.create({ name: 'x', region: 'hn', vpc_id: bobsVpc.id }),
      'body.vpc_id',
    );
  });

  it('pages and filters the list', async ({ mock }) => {
    const tenant = await seedTenant(mock);
    for (const name of ['a', 'b', 'c']) await newBalancer(tenant, name);
    const first = await tenant.client.loadBalancers.list({ per_page: 2 });
    expect(first.total).toBe(3);
    expect(first.data.map((lb) => lb.name)).toEqual(['a', 'b']);
    expect(first.hasNextPage()).toBe(true);
    expect((await first.getNextPage()).data.map((lb) => lb.name)).toEqual(['c']);
    expect((await tenant.client.loadBalancers.list({ name: 'b' })).total).toBe(1);
    await expectInvalid(tenant.client.loadBalancers.list({ per_page: 101 }), 'query.per_page');
  });

  it('waitFor fails with 404 for a balancer of another project', async ({ alice, bob }) => {
    const lb = await newBalancer(bob, 'hidden');
    const error = await rejection(alice.client.loadBalancers.waitFor(lb.id, 'active', { intervalMs: 10 }));
    expect(error.status).toBe(404);
  });
});

describe('health probes', () => {
  it('adds an http probe with defaults and shows it on the balancer', async ({ alice }) => {
    const lb = await newBalancer(alice, 'probed');
    const probe = await alice.client.loadBalancers.healthProbes.create(lb.id, {
      protocol: 'http',
      port: 8080,
      path: '/healthz',
    });
    expect(probe).toMatchObject({
      load_balancer_id: lb.id,
      name: 'http-8080',
      protocol: 'http',
      port: 8080,
      path: '/healthz',
      interval_sec: 30,
      timeout_sec: 5,
      healthy_threshold: 3,
      unhealthy_threshold: 3,
    });
    const tcp = await alice.client.loadBalancers.healthProbes.create(lb.id, {
      name: 'raw',
      protocol: 'tcp',
      port: 5432,
      interval_sec: 5,
      timeout_sec: 4,
    });
    expect(tcp).toMatchObject({ name: 'raw', path: null, interval_sec: 5, timeout_sec: 4 });
    const listed = (await alice.client.loadBalancers.list({ id: lb.id })).data[0]!;
    expect(listed.health_probes.map((p) => p.id)).toEqual([probe.id, tcp.id]);
  });

  it('validates ports, paths, intervals, timeouts and thresholds', async ({ alice }) => {
    const lb = await newBalancer(alice, 'strict');
    const probe = (body: object) =>
      alice.client.loadBalancers.healthProbes.create(lb.id, {
        protocol: 'https',
        port: 443,
        path: '/',
        ...body,
      });
    await expectInvalid(probe({ port: 0 }), 'body.port');
    await expectInvalid(probe({ port: 65_536 }), 'body.port');
    await expectInvalid(probe({ port: 80.5 }), 'body.port');
    await expectInvalid(probe({ protocol: 'udp' }), 'body.protocol');
    await expectInvalid(probe({ path: undefined }), 'body.path');
    await expectInvalid(probe({ path: 'healthz' }), 'body.path');
    await expectInvalid(probe({ protocol: 'tcp', path: '/' }), 'body.path');
    await expectInvalid(probe({ interval_sec: 4 }), 'body.interval_sec');
    await expectInvalid(probe({ interval_sec: 301 }), 'body.interval_sec');
    expect(await expectInvalid(probe({ interval_sec: 10, timeout_sec: 10 }), 'body.timeout_sec')).toContain(
      '10',
    );
    // The default timeout (5) is not below an interval of 5.
    await expectInvalid(probe({ interval_sec: 5 }), 'body.timeout_sec');
    await expectInvalid(probe({ healthy_threshold: 0 }), 'body.healthy_threshold');
    await expectInvalid(probe({ unhealthy_threshold: 11 }), 'body.unhealthy_threshold');
    await expect(
      probe({ interval_sec: 300, timeout_sec: 299, healthy_threshold: 10, unhealthy_threshold: 1 }),
    ).resolves.toBeTruthy();
  });

  it("answers 404 for another project's balancer", async ({ alice, bob }) => {
    const lb = await newBalancer(bob, 'bobs');
    await expectNotFound(
      alice.client.loadBalancers.healthProbes.create(lb.id, { protocol: 'tcp', port: 22 }),
    );
  });
});
