import { describe, expect } from 'vitest';
import { containsAddress, parseCidr, parseIpv4 } from '../../src/families/v1/network/cidr';
import { expectConflict, expectInvalid, expectNotFound, it } from '../support';

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
