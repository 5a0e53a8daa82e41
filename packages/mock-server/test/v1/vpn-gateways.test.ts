import { describe, expect } from 'vitest';
import { expectConflict, expectInvalid, expectNotFound, it } from '../support';

let vpcId: string;

it.beforeAll(async ({ alice }) => {
  vpcId = (await alice.client.vpcs.create({ name: 'vpn', region: 'hn' })).id;
});

/** RFC 5737 documentation ranges: the only place gateway addresses may come from. */
const DOCUMENTATION = /^(192\.0\.2|198\.51\.100|203\.0\.113)\.(\d+)$/;

const bgp = { asn: 65010, peer_ip: '198.51.100.200', peer_asn: 65020 };

describe('VPN gateways', () => {
  it('creates a gateway with a documentation-range public IP and BGP unconfigured', async ({
    alice,
    bob,
  }) => {
    const gateway = await alice.client.vpnGateways.create({ name: 'gw', region: 'hn', vpc_id: vpcId });
    expect(gateway).toMatchObject({
      vpc_id: vpcId,
      status: 'available',
      bgp_status: 'unconfigured',
      bgp: null,
    });
    expect(gateway.public_ip).toMatch(DOCUMENTATION);
    const second = await bob.client.vpnGateways.create({
      name: 'gw',
      region: 'hn',
      vpc_id: (await bob.client.vpcs.create({ name: 'v', region: 'hn' })).id,
    });
    // Public addresses are unique across every project.
    expect(second.public_ip).toMatch(DOCUMENTATION);
    expect(second.public_ip).not.toBe(gateway.public_ip);
  });

  it("refuses an unknown VPC (404 naming body.vpc_id) and a region other than the VPC's", async ({
    alice,
    bob,
  }) => {
    const bobsVpc = await bob.client.vpcs.create({ name: 'bob', region: 'hn' });
    await expectNotFound(
      alice.client.vpnGateways.create({ name: 'gw', region: 'hn', vpc_id: bobsVpc.id }),
      'body.vpc_id',
    );
    expect(
      await expectInvalid(
        alice.client.vpnGateways.create({ name: 'gw', region: 'hcm', vpc_id: vpcId }),
        'body.region',
      ),
    ).toContain('hn');
  });

  it('goes unconfigured -> configured -> established, never showing the auth key', async ({ alice }) => {
    const gateway = await alice.client.vpnGateways.create({ name: 'happy', region: 'hn', vpc_id: vpcId });
    const configured = await alice.client.vpnGateways.configureBgp(gateway.id, {
      ...bgp,
      auth_key: 's3cret-md5-key',
    });
    expect(configured.bgp_status).toBe('configured');
    expect(configured.bgp).toEqual({ ...bgp, auth_key_set: true });
    expect(JSON.stringify(configured)).not.toContain('s3cret-md5-key');
    const established = await alice.client.vpnGateways.activateBgp(gateway.id);
    expect(established).toMatchObject({ id: gateway.id, bgp_status: 'established' });
    const listed = await alice.client.vpnGateways.list({ bgp_status: 'established' });
    expect(listed.data.map((g) => g.id)).toEqual([gateway.id]);
    expect(JSON.stringify(listed.data)).not.toContain('s3cret-md5-key');
    expect(JSON.stringify(listed.data)).not.toContain('sealed');
  });

  it('stores the auth key sealed, so the state export never holds it in clear', async ({ mock, alice }) => {
    const gateway = await alice.client.vpnGateways.create({ name: 'sealed', region: 'hn', vpc_id: vpcId });
    await alice.client.vpnGateways.configureBgp(gateway.id, { ...bgp, auth_key: 'plain-text-key-42' });
    const state = JSON.stringify(mock.server.app.runtime.store.state);
    expect(state).not.toContain('plain-text-key-42');
    const row = mock.server.app.runtime.store.state.tables.vpn_gateways?.[gateway.id];
    expect(row?.bgp_auth_key_sealed).toMatch(/^sealed\$/);
  });

  it('answers 409 INVALID_STATE when activating from unconfigured, and when already established', async ({
    alice,
  }) => {
    const gateway = await alice.client.vpnGateways.create({ name: 'early', region: 'hn', vpc_id: vpcId });
    const early = await expectConflict(alice.client.vpnGateways.activateBgp(gateway.id), 'INVALID_STATE');
    expect(early.details).toMatchObject({ bgp_status: 'unconfigured', allowed: ['configured'] });
    await alice.client.vpnGateways.configureBgp(gateway.id, bgp);
    await alice.client.vpnGateways.activateBgp(gateway.id);
    await expectConflict(alice.client.vpnGateways.activateBgp(gateway.id), 'INVALID_STATE');
  });

  it('reconfiguring an established session takes it back to configured and replaces the key', async ({
    alice,
  }) => {
    const gateway = await alice.client.vpnGateways.create({ name: 'reconf', region: 'hn', vpc_id: vpcId });
    await alice.client.vpnGateways.configureBgp(gateway.id, { ...bgp, auth_key: 'first-key-123' });
    await alice.client.vpnGateways.activateBgp(gateway.id);
    const changed = await alice.client.vpnGateways.configureBgp(gateway.id, {
      ...bgp,
      peer_asn: 4_200_000_001,
    });
    expect(changed.bgp_status).toBe('configured');
    expect(changed.bgp).toEqual({ ...bgp, peer_asn: 4_200_000_001, auth_key_set: false });
    await expect(alice.client.vpnGateways.activateBgp(gateway.id)).resolves.toMatchObject({
      bgp_status: 'established',
    });
  });

  it('validates the BGP settings, naming each field', async ({ alice }) => {
    const gateway = await alice.client.vpnGateways.create({ name: 'checks', region: 'hn', vpc_id: vpcId });
    const configure = (body: object) =>
      alice.client.vpnGateways.configureBgp(gateway.id, { ...bgp, ...body });
    expect(await expectInvalid(configure({ asn: 13335 }), 'body.asn')).toContain('private ASN');
    await expectInvalid(configure({ asn: 65535 }), 'body.asn');
    await expectInvalid(configure({ asn: 4_294_967_295 }), 'body.asn');
    await expectInvalid(configure({ peer_ip: '198.51.100.300' }), 'body.peer_ip');
    await expectInvalid(configure({ peer_ip: 'peer.example.com' }), 'body.peer_ip');
    await expectInvalid(configure({ peer_ip: gateway.public_ip }), 'body.peer_ip');
    await expectInvalid(configure({ peer_asn: 0 }), 'body.peer_asn');
    await expectInvalid(configure({ peer_asn: bgp.asn }), 'body.peer_asn');
    await expectInvalid(configure({ auth_key: 'short' }), 'body.auth_key');
    // A public peer ASN is fine: the customer's network need not be private.
    await expect(configure({ peer_asn: 13335 })).resolves.toMatchObject({ bgp_status: 'configured' });
  });

  it("answers 404 for another project's gateway", async ({ alice, bob }) => {
    const gateway = await alice.client.vpnGateways.create({ name: 'mine', region: 'hn', vpc_id: vpcId });
    await expectNotFound(bob.client.vpnGateways.configureBgp(gateway.id, bgp));
    await expectNotFound(bob.client.vpnGateways.activateBgp(gateway.id));
  });
});
