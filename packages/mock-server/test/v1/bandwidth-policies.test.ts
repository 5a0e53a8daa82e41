import { describe, expect } from 'vitest';
import type { SeededTenant } from '../../src/entries/testing';
import { expectConflict, expectInvalid, expectNotFound, it } from '../support';

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
