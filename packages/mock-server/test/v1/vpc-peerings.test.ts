import { describe, expect } from 'vitest';
import { expectConflict, expectInvalid, expectNotFound, it } from '../support';

describe('VPC peerings', () => {
  it('peers two VPCs with disjoint ranges', async ({ alice }) => {
    const a = await alice.client.vpcs.create({ name: 'peer-a', region: 'hn', cidr: '10.1.0.0/16' });
    const b = await alice.client.vpcs.create({ name: 'peer-b', region: 'hcm', cidr: '10.2.0.0/16' });
    const peering = await alice.client.vpcPeerings.create({ vpc_id: a.id, peer_vpc_id: b.id });
    expect(peering).toMatchObject({ vpc_id: a.id, peer_vpc_id: b.id, status: 'active' });
    const page = await alice.client.vpcPeerings.list({ vpc_id: a.id });
    expect(page.data.map((p) => p.id)).toEqual([peering.id]);
    // The reverse direction is the same link.
    const again = await expectConflict(alice.client.vpcPeerings.create({ vpc_id: b.id, peer_vpc_id: a.id }));
    expect(again.details).toEqual({ peering_id: peering.id });
  });

  it('refuses overlapping ranges with 409', async ({ alice }) => {
    const a = await alice.client.vpcs.create({ name: 'ov-a', region: 'hn', cidr: '10.3.0.0/16' });
    const b = await alice.client.vpcs.create({ name: 'ov-b', region: 'hn', cidr: '10.3.128.0/24' });
    const error = await expectConflict(alice.client.vpcPeerings.create({ vpc_id: a.id, peer_vpc_id: b.id }));
    expect(error.details).toEqual({ vpc_cidr: '10.3.0.0/16', peer_vpc_cidr: '10.3.128.0/24' });
    expect((await alice.client.vpcPeerings.list({ vpc_id: a.id })).total).toBe(0);
  });

  it('refuses peering a VPC with itself (400)', async ({ alice }) => {
    const a = await alice.client.vpcs.create({ name: 'self', region: 'hn', cidr: '10.4.0.0/16' });
    await expectInvalid(
      alice.client.vpcPeerings.create({ vpc_id: a.id, peer_vpc_id: a.id }),
      'body.peer_vpc_id',
    );
  });

  it("answers 404 naming the field for another project's VPC", async ({ alice, bob }) => {
    const mine = await alice.client.vpcs.create({ name: 'mine', region: 'hn', cidr: '10.5.0.0/16' });
    const theirs = await bob.client.vpcs.create({ name: 'theirs', region: 'hn', cidr: '10.6.0.0/16' });
    await expectNotFound(
      alice.client.vpcPeerings.create({ vpc_id: mine.id, peer_vpc_id: theirs.id }),
      'body.peer_vpc_id',
    );
    await expectNotFound(
      alice.client.vpcPeerings.create({ vpc_id: theirs.id, peer_vpc_id: mine.id }),
      'body.vpc_id',
    );
  });
});
