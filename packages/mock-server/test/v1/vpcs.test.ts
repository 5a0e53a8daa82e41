import { describe, expect } from 'vitest';
import { seedTenant } from '../../src/entries/testing';
import { expectConflict, expectInvalid, expectNotFound, it, rejection } from '../support';

describe('VPCs', () => {
  it('creates a VPC with the default range and lists it', async ({ alice }) => {
    const vpc = await alice.client.vpcs.create({ name: 'default-range', region: 'hn' });
    expect(vpc).toMatchObject({
      name: 'default-range',
      region: 'hn',
      cidr: '10.0.0.0/16',
      status: 'available',
      project_id: alice.project.id,
    });
    const page = await alice.client.vpcs.list({ name: 'default-range' });
    expect(page.data.map((v) => v.id)).toEqual([vpc.id]);
  });

  it.for([
    ['10.0.0.0', 'must be an IPv4 CIDR block such as 10.0.0.0/16'],
    ['10.0.0.0/33', 'must be an IPv4 CIDR block such as 10.0.0.0/16'],
    ['10.0.0.0/8', 'prefix length must be between /16 and /28'],
    ['10.0.0.0/29', 'prefix length must be between /16 and /28'],
    ['0.0.0.0/0', 'prefix length must be between /16 and /28'],
    ['10.0.0.1/16', 'has host bits set; the network address is 10.0.0.0/16'],
  ] as const)('refuses cidr %s naming body.cidr', async ([cidr, message], { alice }) => {
    expect(
      await expectInvalid(alice.client.vpcs.create({ name: 'bad', region: 'hn', cidr }), 'body.cidr'),
    ).toBe(message);
  });

  it('accepts both ends of the prefix range', async ({ alice }) => {
    await expect(
      alice.client.vpcs.create({ name: 'wide', region: 'hn', cidr: '172.16.0.0/16' }),
    ).resolves.toBeTruthy();
    await expect(
      alice.client.vpcs.create({ name: 'narrow', region: 'hn', cidr: '192.168.9.16/28' }),
    ).resolves.toMatchObject({
      cidr: '192.168.9.16/28',
    });
  });

  it('refuses a missing name and a bad region', async ({ alice }) => {
    await expectInvalid(alice.client.vpcs.create({ region: 'hn' } as never), 'body.name');
    await expectInvalid(alice.client.vpcs.create({ name: 'x', region: 'Ha Noi' }), 'body.region');
  });

  it('pages the list in creation order', async ({ mock }) => {
    const tenant = await seedTenant(mock);
    for (const name of ['p1', 'p2', 'p3']) await tenant.client.vpcs.create({ name, region: 'hcm' });
    const second = await tenant.client.vpcs.list({ per_page: 2, page: 2 });
    expect(second.total).toBe(3);
    expect(second.page).toBe(2);
    expect(second.perPage).toBe(2);
    expect(second.data.map((v) => v.name)).toEqual(['p3']);
    const all: string[] = [];
    for await (const vpc of tenant.client.vpcs.list({ per_page: 1 })) all.push(vpc.name);
    expect(all).toEqual(['p1', 'p2', 'p3']);
  });

  it('stops at the vpcs quota of 20 per project', async ({ mock }) => {
    const tenant = await seedTenant(mock);
    for (let i = 0; i < 20; i++) await tenant.client.vpcs.create({ name: `q${i}`, region: 'hn' });
    const error = await rejection(tenant.client.vpcs.create({ name: 'q20', region: 'hn' }));
    expect(error.status).toBe(403);
    expect(error.code).toBe('QUOTA_EXCEEDED');
    expect(error.details).toMatchObject({ resource: 'vpcs', limit: 20 });
  });

  it('does not show one project the VPCs of another', async ({ alice, bob }) => {
    await bob.client.vpcs.create({ name: 'bob-only', region: 'hn' });
    const page = await alice.client.vpcs.list({ name: 'bob-only' });
    expect(page.total).toBe(0);
  });
});

describe('subnets', () => {
  it('creates subnets inside the VPC with a free-address count', async ({ alice }) => {
    const vpc = await alice.client.vpcs.create({ name: 'subnets', region: 'hn', cidr: '10.10.0.0/16' });
    const web = await alice.client.vpcs.subnets.create(vpc.id, {
      name: 'web',
      cidr: '10.10.1.0/24',
      zone: 'hn-a',
    });
    expect(web).toMatchObject({ vpc_id: vpc.id, cidr: '10.10.1.0/24', zone: 'hn-a', status: 'available' });
    // 256 addresses less the five the platform reserves.
    expect(web.available_ip_count).toBe(251);
    const regional = await alice.client.vpcs.subnets.create(vpc.id, { name: 'db', cidr: '10.10.2.0/29' });
    expect(regional).toMatchObject({ zone: null, available_ip_count: 3 });
    const page = await alice.client.vpcs.subnets.list(vpc.id);
    expect(page.data.map((s) => s.name)).toEqual(['web', 'db']);
    expect((await alice.client.vpcs.subnets.list(vpc.id, { zone: 'hn-a' })).total).toBe(1);
  });

  it('refuses a range outside the VPC, naming body.cidr', async ({ alice }) => {
    const vpc = await alice.client.vpcs.create({ name: 'outside', region: 'hn', cidr: '10.20.0.0/16' });
    const message = await expectInvalid(
      alice.client.vpcs.subnets.create(vpc.id, { name: 'far', cidr: '10.21.0.0/24' }),
      'body.cidr',
    );
    expect(message).toContain('10.20.0.0/16');
    // Larger than the VPC: starts inside, does not fit.
    const vpc28 = await alice.client.vpcs.create({ name: 'tiny', region: 'hn', cidr: '10.30.0.0/28' });
    await expectInvalid(
      alice.client.vpcs.subnets.create(vpc28.id, { name: 'big', cidr: '10.30.0.0/24' }),
      'body.cidr',
    );
  });

  it('refuses host bits, out-of-range prefixes and zones of another region', async ({ alice }) => {
    const vpc = await alice.client.vpcs.create({ name: 'rules', region: 'hn', cidr: '10.40.0.0/16' });
    await expectInvalid(
      alice.client.vpcs.subnets.create(vpc.id, { name: 's', cidr: '10.40.0.1/24' }),
      'body.cidr',
    );
    await expectInvalid(
      alice.client.vpcs.subnets.create(vpc.id, { name: 's', cidr: '10.40.0.0/30' }),
      'body.cidr',
    );
    await expectInvalid(alice.client.vpcs.subnets.create(vpc.id, { name: 's', cidr: 'ten' }), 'body.cidr');
    await expectInvalid(
      alice.client.vpcs.subnets.create(vpc.id, { name: 's', cidr: '10.40.0.0/24', zone: 'hcm-a' }),
      'body.zone',
    );
    await expectInvalid(
      alice.client.vpcs.subnets.create(vpc.id, { name: 's', cidr: '10.40.0.0/24', zone: 'a' }),
      'body.zone',
    );
  });

  it('answers 409 naming the sibling for an overlapping range, either way round', async ({ alice }) => {
    const vpc = await alice.client.vpcs.create({ name: 'overlap', region: 'hn', cidr: '10.50.0.0/16' });
    const first = await alice.client.vpcs.subnets.create(vpc.id, { name: 'first', cidr: '10.50.4.0/22' });
    const inner = await expectConflict(
      alice.client.vpcs.subnets.create(vpc.id, { name: 'inner', cidr: '10.50.5.0/24' }),
    );
    expect(inner.message).toContain('first');
    expect(inner.details).toEqual({ subnet_id: first.id, name: 'first', cidr: '10.50.4.0/22' });
    const outer = await expectConflict(
      alice.client.vpcs.subnets.create(vpc.id, { name: 'outer', cidr: '10.50.0.0/20' }),
    );
    expect(outer.details).toMatchObject({ subnet_id: first.id });
    // Adjacent ranges do not overlap.
    await expect(
      alice.client.vpcs.subnets.create(vpc.id, { name: 'next', cidr: '10.50.8.0/22' }),
    ).resolves.toMatchObject({ cidr: '10.50.8.0/22' });
  });

  it('lets two VPCs use the same subnet range', async ({ alice }) => {
    const a = await alice.client.vpcs.create({ name: 'twin-a', region: 'hn', cidr: '10.60.0.0/16' });
    const b = await alice.client.vpcs.create({ name: 'twin-b', region: 'hn', cidr: '10.60.0.0/16' });
    await alice.client.vpcs.subnets.create(a.id, { name: 's', cidr: '10.60.1.0/24' });
    await expect(
      alice.client.vpcs.subnets.create(b.id, { name: 's', cidr: '10.60.1.0/24' }),
    ).resolves.toBeTruthy();
  });

  it("answers 404 for another project's VPC and for an unknown one", async ({ alice, bob }) => {
    const bobs = await bob.client.vpcs.create({ name: 'private', region: 'hn' });
    await expectNotFound(alice.client.vpcs.subnets.create(bobs.id, { name: 's', cidr: '10.0.1.0/24' }));
    await expectNotFound(alice.client.vpcs.subnets.list(bobs.id));
    await expectNotFound(alice.client.vpcs.subnets.list(crypto.randomUUID()));
    await expectInvalid(alice.client.vpcs.subnets.list('not-a-uuid'), 'path.id');
  });
});

describe('route tables', () => {
  it('creates a route table with no routes by default, and one with routes', async ({ alice }) => {
    const vpc = await alice.client.vpcs.create({ name: 'routes', region: 'hn', cidr: '10.70.0.0/16' });
    const empty = await alice.client.vpcs.routeTables.create(vpc.id, { name: 'empty' });
    expect(empty).toMatchObject({ vpc_id: vpc.id, name: 'empty', routes: [] });
    const table = await alice.client.vpcs.routeTables.create(vpc.id, {
      name: 'public',
      routes: [
        { destination: '0.0.0.0/0', target: { type: 'internet' } },
        { destination: '10.70.0.0/16', target: { type: 'local' } },
        { destination: '192.168.0.0/16', target: { type: 'nat' } },
      ],
    });
    expect(table.routes).toEqual([
      { destination: '0.0.0.0/0', target: { type: 'internet', id: null } },
      { destination: '10.70.0.0/16', target: { type: 'local', id: null } },
      { destination: '192.168.0.0/16', target: { type: 'nat', id: null } },
    ]);
    const page = await alice.client.vpcs.routeTables.list(vpc.id);
    expect(page.data.map((t) => t.name)).toEqual(['empty', 'public']);
  });

  it('refuses duplicate destinations, naming the second', async ({ alice }) => {
    const vpc = await alice.client.vpcs.create({ name: 'dupes', region: 'hn' });
    const message = await expectInvalid(
      alice.client.vpcs.routeTables.create(vpc.id, {
        name: 'dup',
        routes: [
          { destination: '0.0.0.0/0', target: { type: 'internet' } },
          { destination: '0.0.0.0/0', target: { type: 'nat' } },
        ],
      }),
      'body.routes.1.destination',
    );
    expect(message).toContain('routes.0');
  });

  it('checks each destination and target', async ({ alice }) => {
    const vpc = await alice.client.vpcs.create({ name: 'targets', region: 'hn', cidr: '10.80.0.0/16' });
    const create = (routes: unknown) =>
      alice.client.vpcs.routeTables.create(vpc.id, { name: 't', routes: routes as never });
    await expectInvalid(
      create([{ destination: '10.0.0.1/8', target: { type: 'nat' } }]),
      'body.routes.0.destination',
    );
    await expectInvalid(
      create([{ destination: 'anywhere', target: { type: 'nat' } }]),
      'body.routes.0.destination',
    );
    await expectInvalid(
      create([{ destination: '0.0.0.0/0', target: { type: 'gateway' } }]),
      'body.routes.0.target.type',
    );
    await expectInvalid(
      create([{ destination: '0.0.0.0/0', target: { type: 'peering' } }]),
      'body.routes.0.target.id',
    );
    await expectInvalid(
      create([{ destination: '0.0.0.0/0', target: { type: 'internet', id: crypto.randomUUID() } }]),
      'body.routes.0.target.id',
    );
    await expectInvalid(
      create([{ destination: '10.0.0.0/8', target: { type: 'local' } }]),
      'body.routes.0.destination',
    );
    await expectNotFound(
      create([{ destination: '10.90.0.0/16', target: { type: 'peering', id: crypto.randomUUID() } }]),
      'body.routes.0.target.id',
    );
  });

  it('routes to a peering, VPN gateway and transit hub this VPC is wired to, and no other', async ({
    alice,
  }) => {
    const vpc = await alice.client.vpcs.create({ name: 'wired', region: 'hn', cidr: '10.100.0.0/16' });
    const peer = await alice.client.vpcs.create({ name: 'wired-peer', region: 'hn', cidr: '10.101.0.0/16' });
    const stranger = await alice.client.vpcs.create({
      name: 'stranger',
      region: 'hn',
      cidr: '10.102.0.0/16',
    });
    const peering = await alice.client.vpcPeerings.create({ vpc_id: peer.id, peer_vpc_id: vpc.id });
    const gateway = await alice.client.vpnGateways.create({ name: 'gw', region: 'hn', vpc_id: vpc.id });
    const hub = await alice.client.transitHubs.create({ name: 'hub', region: 'hn' });
    await alice.client.transitHubAttachments.create({ hub_id: hub.id, vpc_id: vpc.id });
    const table = await alice.client.vpcs.routeTables.create(vpc.id, {
      name: 'wired',
      routes: [
        { destination: '10.101.0.0/16', target: { type: 'peering', id: peering.id } },
        { destination: '172.16.0.0/12', target: { type: 'vpn', id: gateway.id } },
        { destination: '10.200.0.0/16', target: { type: 'transit_hub', id: hub.id } },
      ],
    });
    expect(table.routes.map((r) => r.target)).toEqual([
      { type: 'peering', id: peering.id },
      { type: 'vpn', id: gateway.id },
      { type: 'transit_hub', id: hub.id },
    ]);
    const other = (type: 'peering' | 'vpn' | 'transit_hub', id: string) =>
      alice.client.vpcs.routeTables.create(stranger.id, {
        name: 'x',
        routes: [{ destination: '10.0.0.0/8', target: { type, id } }],
      });
    expect(await expectInvalid(other('peering', peering.id), 'body.routes.0.target.id')).toContain('peering');
    expect(await expectInvalid(other('vpn', gateway.id), 'body.routes.0.target.id')).toContain('another VPC');
    expect(await expectInvalid(other('transit_hub', hub.id), 'body.routes.0.target.id')).toContain(
      'not attached',
    );
  });

  it("answers 404 for another project's VPC", async ({ alice, bob }) => {
    const bobs = await bob.client.vpcs.create({ name: 'bob-routes', region: 'hn' });
    await expectNotFound(alice.client.vpcs.routeTables.create(bobs.id, { name: 'x' }));
    await expectNotFound(alice.client.vpcs.routeTables.list(bobs.id));
  });
});
