import { describe, expect } from 'vitest';
import { expectConflict, expectInvalid, expectNotFound, it } from '../../support';

describe('transit hubs', () => {
  it('creates a hub with the default private ASN', async ({ alice }) => {
    const hub = await alice.client.transitHubs.create({ name: 'core', region: 'hn' });
    expect(hub).toMatchObject({ name: 'core', region: 'hn', asn: 64512, status: 'available' });
    const page = await alice.client.transitHubs.list({ region: 'hn' });
    expect(page.data.map((h) => h.id)).toContain(hub.id);
  });

  it('accepts both private ASN ranges at their edges', async ({ alice }) => {
    for (const asn of [64512, 65534, 4_200_000_000, 4_294_967_294]) {
      await expect(
        alice.client.transitHubs.create({ name: `asn-${asn}`, region: 'hn', asn }),
      ).resolves.toMatchObject({
        asn,
      });
    }
  });

  it.for([64511, 65535, 13335, 4_199_999_999, 4_294_967_295, 65000.5])(
    'refuses the ASN %d',
    async (asn, { alice }) => {
      await expectInvalid(alice.client.transitHubs.create({ name: 'bad', region: 'hn', asn }), 'body.asn');
    },
  );

  it('refuses a missing region', async ({ alice }) => {
    await expectInvalid(alice.client.transitHubs.create({ name: 'x' } as never), 'body.region');
  });
});

describe('transit hub attachments', () => {
  it('attaches a VPC once; the same pair again is 409', async ({ alice }) => {
    const hub = await alice.client.transitHubs.create({ name: 'attach', region: 'hn' });
    const vpc = await alice.client.vpcs.create({ name: 'attach', region: 'hn' });
    const attachment = await alice.client.transitHubAttachments.create({ hub_id: hub.id, vpc_id: vpc.id });
    expect(attachment).toMatchObject({ hub_id: hub.id, vpc_id: vpc.id, status: 'available' });
    const duplicate = await expectConflict(
      alice.client.transitHubAttachments.create({ hub_id: hub.id, vpc_id: vpc.id }),
    );
    expect(duplicate.details).toEqual({ attachment_id: attachment.id });
    // The same VPC on another hub is a different pair.
    const other = await alice.client.transitHubs.create({ name: 'attach-2', region: 'hn' });
    await expect(
      alice.client.transitHubAttachments.create({ hub_id: other.id, vpc_id: vpc.id }),
    ).resolves.toBeTruthy();
    const page = await alice.client.transitHubAttachments.list({ vpc_id: vpc.id });
    expect(page.data.map((a) => a.hub_id)).toEqual([hub.id, other.id]);
    expect((await alice.client.transitHubAttachments.list({ hub_id: hub.id })).total).toBe(1);
  });

  it('answers 404 naming which id is unknown, including ids of another project', async ({ alice, bob }) => {
    const hub = await alice.client.transitHubs.create({ name: 'named', region: 'hn' });
    const vpc = await alice.client.vpcs.create({ name: 'named', region: 'hn' });
    const bobsHub = await bob.client.transitHubs.create({ name: 'bob', region: 'hn' });
    const bobsVpc = await bob.client.vpcs.create({ name: 'bob', region: 'hn' });
    await expectNotFound(
      alice.client.transitHubAttachments.create({ hub_id: bobsHub.id, vpc_id: vpc.id }),
      'body.hub_id',
    );
    await expectNotFound(
      alice.client.transitHubAttachments.create({ hub_id: hub.id, vpc_id: bobsVpc.id }),
      'body.vpc_id',
    );
    await expectInvalid(
      alice.client.transitHubAttachments.create({ hub_id: 'nope', vpc_id: vpc.id }),
      'body.hub_id',
    );
  });
});

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
