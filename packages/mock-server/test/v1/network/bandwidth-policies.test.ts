import { describe, expect } from 'vitest';
import type { SeededTenant } from '../../../src/entries/testing';
import { containsAddress, parseCidr, parseIpv4 } from '../../../src/families/v1/network/cidr';
import { expectConflict, expectInvalid, expectNotFound, it, rejection } from '../../support';

const newVpc = (tenant: SeededTenant, name: string) => tenant.client.vpcs.create({ name, region: 'hn' });

describe('bandwidth policies', () => {
  it('creates a flat limit when no burst is given, and a burst when it is', async ({ alice }) => {
    const vpc = await newVpc(alice, 'bw');
    const flat = await alice.client.bandwidthPolicies.create({
      name: 'flat',
      target: { type: 'vpc', id: vpc.id },
      max_mbps: 100,
    });
    expect(flat).toMatchObject({ target: { type: 'vpc', id: vpc.id }, max_mbps: 100, burst_mbps: 100 });
    const gateway = await alice.client.vpnGateways.create({ name: 'gw', region: 'hn', vpc_id: vpc.id });
    const lb = await alice.client.loadBalancers.create({ name: 'lb', region: 'hn' });
    await expect(
      alice.client.bandwidthPolicies.create({
        name: 'vpn',
        target: { type: 'vpn_gateway', id: gateway.id },
        max_mbps: 1,
        burst_mbps: 100_000,
      }),
    ).resolves.toMatchObject({ burst_mbps: 100_000 });
    await expect(
      alice.client.bandwidthPolicies.create({
        name: 'lb',
        target: { type: 'load_balancer', id: lb.id },
        max_mbps: 100_000,
      }),
    ).resolves.toMatchObject({ max_mbps: 100_000 });
    const page = await alice.client.bandwidthPolicies.list({ name: 'flat' });
    expect(page.data.map((p) => p.id)).toEqual([flat.id]);
  });

  it('validates limits and target, naming each field', async ({ alice, bob }) => {
    const vpc = await newVpc(alice, 'bw-checks');
    const create = (body: object) =>
      alice.client.bandwidthPolicies.create({
        name: 'p',
        target: { type: 'vpc', id: vpc.id },
        max_mbps: 100,
        ...body,
      });
    await expectInvalid(create({ max_mbps: 0 }), 'body.max_mbps');
    await expectInvalid(create({ max_mbps: 100_001 }), 'body.max_mbps');
    expect(await expectInvalid(create({ burst_mbps: 99 }), 'body.burst_mbps')).toContain('100');
    await expectInvalid(create({ target: { type: 'subnet', id: vpc.id } }), 'body.target.type');
    await expectInvalid(create({ target: { type: 'vpc' } }), 'body.target.id');
    // The id exists, but is not a load balancer.
    await expectNotFound(create({ target: { type: 'load_balancer', id: vpc.id } }), 'body.target.id');
    const bobs = await newVpc(bob, 'bob');
    await expectNotFound(create({ target: { type: 'vpc', id: bobs.id } }), 'body.target.id');
  });

  it('allows one policy per target (409)', async ({ alice }) => {
    const vpc = await newVpc(alice, 'bw-once');
    const first = await alice.client.bandwidthPolicies.create({
      name: 'a',
      target: { type: 'vpc', id: vpc.id },
      max_mbps: 10,
    });
    const error = await expectConflict(
      alice.client.bandwidthPolicies.create({ name: 'b', target: { type: 'vpc', id: vpc.id }, max_mbps: 20 }),
    );
    expect(error.details).toEqual({ policy_id: first.id });
  });

  it('updates only the given fields and validates the result as a whole', async ({ alice }) => {
    const vpc = await newVpc(alice, 'bw-update');
    const other = await newVpc(alice, 'bw-update-2');
    const policy = await alice.client.bandwidthPolicies.create({
      name: 'p',
      target: { type: 'vpc', id: vpc.id },
      max_mbps: 100,
      burst_mbps: 200,
    });
    const renamed = await alice.client.bandwidthPolicies.update(policy.id, { name: 'renamed' });
    expect(renamed).toMatchObject({
      name: 'renamed',
      max_mbps: 100,
      burst_mbps: 200,
      target: { id: vpc.id },
    });
    // Raising max past the stored burst, or lowering burst under the stored max, breaks the whole.
    expect(
      await expectInvalid(
        alice.client.bandwidthPolicies.update(policy.id, { max_mbps: 300 }),
        'body.max_mbps',
      ),
    ).toContain('200');
    await expectInvalid(
      alice.client.bandwidthPolicies.update(policy.id, { burst_mbps: 50 }),
      'body.burst_mbps',
    );
    await expect(
      alice.client.bandwidthPolicies.update(policy.id, { max_mbps: 300, burst_mbps: 300 }),
    ).resolves.toMatchObject({
      max_mbps: 300,
      burst_mbps: 300,
    });
    const moved = await alice.client.bandwidthPolicies.update(policy.id, {
      target: { type: 'vpc', id: other.id },
    });
    expect(moved.target.id).toBe(other.id);
    // The old target is free again; the new one is taken.
    await alice.client.bandwidthPolicies.create({
      name: 'old',
      target: { type: 'vpc', id: vpc.id },
      max_mbps: 1,
    });
    const taken = await alice.client.bandwidthPolicies.create({
      name: 'x',
      target: { type: 'vpc', id: (await newVpc(alice, 'bw-3')).id },
      max_mbps: 1,
    });
    await expectConflict(
      alice.client.bandwidthPolicies.update(taken.id, { target: { type: 'vpc', id: other.id } }),
    );
    await expectInvalid(alice.client.bandwidthPolicies.update(policy.id, {}), 'body');
    await expectInvalid(alice.client.bandwidthPolicies.update(policy.id, { max_mbps: -1 }), 'body.max_mbps');
  });

  it("answers 404 when updating another project's policy", async ({ alice, bob }) => {
    const vpc = await newVpc(bob, 'bw-bob');
    const policy = await bob.client.bandwidthPolicies.create({
      name: 'p',
      target: { type: 'vpc', id: vpc.id },
      max_mbps: 10,
    });
    await expectNotFound(alice.client.bandwidthPolicies.update(policy.id, { max_mbps: 5 }));
    await expectNotFound(alice.client.bandwidthPolicies.update(crypto.randomUUID(), { max_mbps: 5 }));
  });
});

describe('private endpoints', () => {
  it('takes the lowest free address inside its subnet, after the reserved ones', async ({ alice }) => {
    const vpc = await alice.client.vpcs.create({ name: 'pe', region: 'hn', cidr: '10.8.0.0/16' });
    const subnet = await alice.client.vpcs.subnets.create(vpc.id, { name: 'pe', cidr: '10.8.3.0/24' });
    const first = await alice.client.privateEndpoints.create({
      name: 'blob',
      subnet_id: subnet.id,
      service: 'storage',
    });
    expect(first).toMatchObject({
      subnet_id: subnet.id,
      vpc_id: vpc.id,
      service: 'storage',
      target_resource_id: null,
      private_ip: '10.8.3.4',
      status: 'available',
    });
    const range = parseCidr(subnet.cidr);
    if (!range.ok) throw new Error(range.message);
    expect(containsAddress(range.block, parseIpv4(first.private_ip)!)).toBe(true);
    const target = crypto.randomUUID();
    const second = await alice.client.privateEndpoints.create({
      name: 'db',
      subnet_id: subnet.id,
      service: 'sql',
      target_resource_id: target,
    });
    expect(second).toMatchObject({ private_ip: '10.8.3.5', target_resource_id: target });
    const [listed] = (await alice.client.vpcs.subnets.list(vpc.id)).data;
    expect(listed?.available_ip_count).toBe(251 - 2);
    expect((await alice.client.privateEndpoints.list({ subnet_id: subnet.id })).total).toBe(2);
    expect((await alice.client.privateEndpoints.list({ service: 'sql' })).data.map((e) => e.id)).toEqual([
      second.id,
    ]);
  });

  it('takes a chosen address once, inside the usable range only', async ({ alice }) => {
    const vpc = await alice.client.vpcs.create({ name: 'pe-pick', region: 'hn', cidr: '10.9.0.0/16' });
    const subnet = await alice.client.vpcs.subnets.create(vpc.id, { name: 's', cidr: '10.9.0.0/24' });
    const create = (private_ip: string) =>
      alice.client.privateEndpoints.create({
        name: 'kv',
        subnet_id: subnet.id,
        service: 'keyvault',
        private_ip,
      });
    await expect(create('10.9.0.200')).resolves.toMatchObject({ private_ip: '10.9.0.200' });
    const taken = await expectConflict(create('10.9.0.200'));
    expect(taken.message).toContain('10.9.0.200');
    await expectInvalid(create('10.9.1.7'), 'body.private_ip');
    await expectInvalid(create('10.9.0.3'), 'body.private_ip');
    await expectInvalid(create('10.9.0.255'), 'body.private_ip');
    await expectInvalid(create('10.9.0.999'), 'body.private_ip');
    // Automatic allocation skips the chosen address too.
    await expect(
      alice.client.privateEndpoints.create({ name: 'auto', subnet_id: subnet.id, service: 'cache' }),
    ).resolves.toMatchObject({
      private_ip: '10.9.0.4',
    });
  });

  it('answers 409 when the subnet is full', async ({ alice }) => {
    const vpc = await alice.client.vpcs.create({ name: 'pe-full', region: 'hn', cidr: '10.11.0.0/16' });
    const subnet = await alice.client.vpcs.subnets.create(vpc.id, { name: 'tiny', cidr: '10.11.0.8/29' });
    const ips: string[] = [];
    for (let i = 0; i < 3; i++) {
      ips.push(
        (
          await alice.client.privateEndpoints.create({
            name: `e${i}`,
            subnet_id: subnet.id,
            service: 'cache',
          })
        ).private_ip,
      );
    }
    expect(ips).toEqual(['10.11.0.12', '10.11.0.13', '10.11.0.14']);
    const error = await expectConflict(
      alice.client.privateEndpoints.create({ name: 'e3', subnet_id: subnet.id, service: 'cache' }),
    );
    expect(error.details).toEqual({ subnet_id: subnet.id });
  });

  it('validates the body and answers 404 naming body.subnet_id for unknown subnets', async ({
    alice,
    bob,
  }) => {
    const vpc = await bob.client.vpcs.create({ name: 'pe-bob', region: 'hn' });
    const bobs = await bob.client.vpcs.subnets.create(vpc.id, { name: 's', cidr: '10.0.0.0/24' });
    await expectNotFound(
      alice.client.privateEndpoints.create({ name: 'x', subnet_id: bobs.id, service: 'storage' }),
      'body.subnet_id',
    );
    await expectInvalid(
      alice.client.privateEndpoints.create({ name: 'x', subnet_id: bobs.id, service: 'ftp' as never }),
      'body.service',
    );
    await expectInvalid(
      alice.client.privateEndpoints.create({ name: 'x', subnet_id: 'subnet-1', service: 'sql' }),
      'body.subnet_id',
    );
  });
});

describe('DDoS plans', () => {
  it('creates a standard plan by default, with no resources', async ({ alice }) => {
    const plan = await alice.client.ddosPlans.create({ name: 'empty' });
    expect(plan).toMatchObject({
      tier: 'standard',
      protected_resources: [],
      alert_email: null,
      status: 'active',
    });
    expect((await alice.client.ddosPlans.list({ tier: 'standard' })).data.map((p) => p.id)).toContain(
      plan.id,
    );
  });

  it('protects VPCs, load balancers and VPN gateways of the project', async ({ alice }) => {
    const vpc = await newVpc(alice, 'ddos');
    const lb = await alice.client.loadBalancers.create({ name: 'ddos', region: 'hn' });
    const gateway = await alice.client.vpnGateways.create({ name: 'ddos', region: 'hn', vpc_id: vpc.id });
    const plan = await alice.client.ddosPlans.create({
      name: 'full',
      tier: 'basic',
      protected_resources: [vpc.id, lb.id, gateway.id],
      alert_email: 'soc@example.com',
    });
    expect(plan).toMatchObject({
      tier: 'basic',
      protected_resources: [vpc.id, lb.id, gateway.id],
      alert_email: 'soc@example.com',
    });
  });

  it('answers 400 naming each unknown or foreign id, and validates the rest', async ({ alice, bob }) => {
    const vpc = await newVpc(alice, 'ddos-check');
    const bobs = await newVpc(bob, 'ddos-bob');
    const hub = await alice.client.transitHubs.create({ name: 'not-protectable', region: 'hn' });
    const error = await rejection(
      alice.client.ddosPlans.create({ name: 'x', protected_resources: [vpc.id, bobs.id, hub.id] }),
    );
    expect(error.status).toBe(400);
    expect((error.details as { path: string }[]).map((d) => d.path)).toEqual([
      'body.protected_resources.1',
      'body.protected_resources.2',
    ]);
    await expectInvalid(
      alice.client.ddosPlans.create({ name: 'x', protected_resources: [vpc.id, hub.id] }),
      'body.protected_resources.1',
    );
    await expectInvalid(
      alice.client.ddosPlans.create({ name: 'x', protected_resources: [vpc.id, vpc.id] }),
      'body.protected_resources.1',
    );
    await expectInvalid(alice.client.ddosPlans.create({ name: 'x', tier: 'premium' as never }), 'body.tier');
    await expectInvalid(alice.client.ddosPlans.create({ name: 'x', alert_email: 'soc' }), 'body.alert_email');
  });
});
