import { describe, expect } from 'vitest';
import { expectConflict, expectInvalid, expectNotFound, it } from '../support';

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
