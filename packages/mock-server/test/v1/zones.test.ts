import { ConflictError } from '@nimbus/sdk';
import { describe, expect } from 'vitest';
import { seedTenant } from '../../src/entries/testing';
import { failedPaths, it, rejection } from '../support';

describe('DNS zones', () => {
  it('creates a public zone with defaults, name servers and record sets with their FQDN', async ({
    tenant: { client, project },
  }) => {
    const zone = await client.zones.create({
      name: 'example.com',
      record_sets: [
        { name: '@', type: 'A', values: ['203.0.113.10', '203.0.113.11'] },
        { name: 'www', type: 'CNAME', ttl: 300, values: ['example.com.'] },
        { name: '@', type: 'MX', values: ['10 mail.example.com'] },
        { name: 'v6', type: 'AAAA', values: ['2001:db8::1'] },
        { name: '_dmarc', type: 'TXT', values: ['v=DMARC1; p=none'] },
        { name: 'sub', type: 'NS', values: ['ns1.other.net'] },
      ],
    });
    expect(zone).toMatchObject({
      project_id: project.id,
      name: 'example.com',
      type: 'public',
      vpc_ids: [],
      status: 'active',
    });
    expect(zone.name_servers).toHaveLength(4);
    expect(zone.name_servers[0]).toMatch(/^ns1-\d\d\.nimbus-dns\.net$/);
    expect(zone.record_sets.map((r) => [r.fqdn, r.type, r.ttl])).toEqual([
      ['example.com', 'A', 3600],
      ['www.example.com', 'CNAME', 300],
      ['example.com', 'MX', 3600],
      ['v6.example.com', 'AAAA', 3600],
      ['_dmarc.example.com', 'TXT', 3600],
      ['sub.example.com', 'NS', 3600],
    ]);
  });

  it('links private zones to VPCs of the project', async ({ mock, tenant: { client } }) => {
    const vpc = await client.vpcs.create({ name: 'core', region: 'hn' });
    const zone = await client.zones.create({ name: 'corp.internal', type: 'private', vpc_ids: [vpc.id] });
    expect(zone).toMatchObject({ type: 'private', vpc_ids: [vpc.id], name_servers: [] });

    const other = await seedTenant(mock);
    const theirs = await other.client.vpcs.create({ name: 'theirs', region: 'hn' });
    expect(
      await failedPaths(
        client.zones.create({ name: 'x.internal', type: 'private', vpc_ids: [vpc.id, theirs.id] }),
      ),
    ).toEqual(['body.vpc_ids.1']);
    expect(await failedPaths(client.zones.create({ name: 'y.internal', type: 'private' }))).toEqual([
      'body.vpc_ids',
    ]);
    expect(await failedPaths(client.zones.create({ name: 'z.example', vpc_ids: [vpc.id] }))).toEqual([
      'body.vpc_ids',
    ]);
  });

  it('validates names, types, TTLs and values per record type', async ({ tenant: { client } }) => {
    const make = (record: object) =>
      client.zones.create({ name: 'check.example', record_sets: [record as never] });
    expect(await failedPaths(client.zones.create({ name: 'Not A Zone' }))).toEqual(['body.name']);
    expect(await failedPaths(client.zones.create({ name: 'localhost' }))).toEqual(['body.name']);
    expect(
      await failedPaths(client.zones.create({ name: 'ok.example', type: 'secret' as 'public' })),
    ).toEqual(['body.type']);
    expect(await failedPaths(make({ name: 'a', type: 'A', values: ['999.1.1.1'] }))).toEqual([
      'body.record_sets.0.values.0',
    ]);
    expect(await failedPaths(make({ name: 'a', type: 'AAAA', values: ['10.0.0.1'] }))).toEqual([
      'body.record_sets.0.values.0',
    ]);
    expect(
      await failedPaths(make({ name: 'a', type: 'CNAME', values: ['a.example.net', 'b.example.net'] })),
    ).toEqual(['body.record_sets.0.values']);
    expect(await failedPaths(make({ name: 'a', type: 'CNAME', values: ['not a host'] }))).toEqual([
      'body.record_sets.0.values.0',
    ]);
    expect(await failedPaths(make({ name: 'a', type: 'MX', values: ['mail.example.com'] }))).toEqual([
      'body.record_sets.0.values.0',
    ]);
    expect(await failedPaths(make({ name: 'a', type: 'SRV', values: ['x'] }))).toEqual([
      'body.record_sets.0.type',
    ]);
    expect(await failedPaths(make({ name: 'a', type: 'A', ttl: 30, values: ['10.0.0.1'] }))).toEqual([
      'body.record_sets.0.ttl',
    ]);
    expect(await failedPaths(make({ name: 'a', type: 'A', ttl: 90_000, values: ['10.0.0.1'] }))).toEqual([
      'body.record_sets.0.ttl',
    ]);
    expect(await failedPaths(make({ name: 'a b', type: 'A', values: ['10.0.0.1'] }))).toEqual([
      'body.record_sets.0.name',
    ]);
    expect(await failedPaths(make({ name: '@', type: 'CNAME', values: ['elsewhere.net'] }))).toEqual([
      'body.record_sets.0.name',
    ]);
    expect(await failedPaths(make({ name: 'a', type: 'A', values: [] }))).toEqual([
      'body.record_sets.0.values',
    ]);
    expect(await failedPaths(client.zones.create({} as never))).toEqual(['body.name']);
  });

  it('refuses duplicate record sets and a CNAME beside other records', async ({ tenant: { client } }) => {
    const duplicate = await rejection(
      client.zones.create({
        name: 'dup.example',
        record_sets: [
          { name: 'www', type: 'A', values: ['10.0.0.1'] },
          { name: 'www', type: 'A', values: ['10.0.0.2'] },
        ],
      }),
    );
    expect(duplicate.details).toEqual([
      { path: 'body.record_sets.1', message: expect.stringContaining('duplicate A') },
    ]);
    expect(
      await failedPaths(
        client.zones.create({
          name: 'mix.example',
          record_sets: [
            { name: 'www', type: 'CNAME', values: ['lb.example.net'] },
            { name: 'www', type: 'TXT', values: ['hello'] },
          ],
        }),
      ),
    ).toEqual(['body.record_sets.1.name']);
  });

  it('answers 409 for a name already in the project, not for another project', async ({
    mock,
    tenant: a,
  }) => {
    const b = await seedTenant(mock);
    await a.client.zones.create({ name: 'shared.example' });
    const again = await rejection(a.client.zones.create({ name: 'shared.example' }));
    expect(again).toBeInstanceOf(ConflictError);
    expect(again.code).toBe('CONFLICT');
    await expect(b.client.zones.create({ name: 'shared.example' })).resolves.toMatchObject({
      name: 'shared.example',
    });
  });

  it('counts against the zones quota', async ({ mock, tenant: { client, project } }) => {
    await mock.client.mock.quotas.update(project.id, { limits: { zones: 1 } });
    await client.zones.create({ name: 'first.example' });
    const over = await rejection(client.zones.create({ name: 'second.example' }));
    expect(over.status).toBe(403);
    expect(over.code).toBe('QUOTA_EXCEEDED');
  });

  it('lists with paging and filters, per project', async ({ mock, tenant: a }) => {
    const b = await seedTenant(mock);
    const vpc = await a.client.vpcs.create({ name: 'v', region: 'hn' });
    for (const name of ['one.example', 'two.example', 'three.example']) await a.client.zones.create({ name });
    await a.client.zones.create({ name: 'four.internal', type: 'private', vpc_ids: [vpc.id] });
    await b.client.zones.create({ name: 'other.example' });

    const page = await a.client.zones.list({ per_page: 3, page: 2 });
    expect(page).toMatchObject({ total: 4, page: 2, perPage: 3 });
    expect(page.data.map((z) => z.name)).toEqual(['four.internal']);
    expect((await a.client.zones.list({ type: 'private' })).data.map((z) => z.name)).toEqual([
      'four.internal',
    ]);
    expect((await a.client.zones.list({ name: 'two.example' })).total).toBe(1);
    expect((await b.client.zones.list()).data.map((z) => z.name)).toEqual(['other.example']);
  });
});
