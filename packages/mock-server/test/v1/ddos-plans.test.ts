import { describe, expect } from 'vitest';
import type { SeededTenant } from '../../src/entries/testing';
import { expectInvalid, it, rejection } from '../support';

const newVpc = (tenant: SeededTenant, name: string) => tenant.client.vpcs.create({ name, region: 'hn' });

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
