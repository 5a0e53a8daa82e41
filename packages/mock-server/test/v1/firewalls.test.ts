import { ConflictError } from '@nimbus/sdk';
import { describe, expect } from 'vitest';
import { seedTenant } from '../../src/entries/testing';
import { failedPaths, it, rejection } from '../support';

const https = { name: 'https', direction: 'inbound', action: 'allow', ports: '443', priority: 100 } as const;

describe('firewalls', () => {
  it('creates a firewall in a VPC with rules and their defaults', async ({ tenant: { client, project } }) => {
    const vpc = await client.vpcs.create({ name: 'edge', region: 'hn' });
    const firewall = await client.firewalls.create({
      name: 'edge-fw',
      region: 'hn',
      vpc_id: vpc.id,
      rules: [
        https,
        {
          name: 'ping',
          direction: 'inbound',
          action: 'allow',
          protocol: 'icmp',
          source: '10.0.0.0/8',
          priority: 200,
        },
        {
          name: 'web-range',
          direction: 'inbound',
          action: 'deny',
          protocol: 'udp',
          ports: '8000-8100',
          priority: 300,
        },
        {
          name: 'out-all',
          direction: 'outbound',
          action: 'allow',
          protocol: 'any',
          destination: '::/0',
          priority: 100,
        },
      ],
    });
    expect(firewall).toMatchObject({ project_id: project.id, vpc_id: vpc.id, status: 'active' });
    expect(firewall.rules).toEqual([
      { ...https, protocol: 'tcp', source: '0.0.0.0/0', destination: '0.0.0.0/0' },
      {
        name: 'ping',
        direction: 'inbound',
        action: 'allow',
        protocol: 'icmp',
        ports: null,
        source: '10.0.0.0/8',
        destination: '0.0.0.0/0',
        priority: 200,
      },
      {
        name: 'web-range',
        direction: 'inbound',
        action: 'deny',
        protocol: 'udp',
        ports: '8000-8100',
        source: '0.0.0.0/0',
        destination: '0.0.0.0/0',
        priority: 300,
      },
      {
        name: 'out-all',
        direction: 'outbound',
        action: 'allow',
        protocol: 'any',
        ports: '*',
        source: '0.0.0.0/0',
        destination: '::/0',
        priority: 100,
      },
    ]);
    const bare = await client.firewalls.create({ name: 'empty', region: 'hn' });
    expect(bare).toMatchObject({ vpc_id: null, rules: [] });
  });

  it('validates ports, protocols, CIDRs and priorities, naming the rule field', async ({
    tenant: { client },
  }) => {
    const make = (rule: object) =>
      client.firewalls.create({ name: 'fw', region: 'hn', rules: [{ ...https, ...rule } as never] });
    for (const ports of ['0', '65536', '443-80', 'http', '80,443', '']) {
      expect(await failedPaths(make({ ports }))).toEqual(['body.rules.0.ports']);
    }
    expect(await failedPaths(make({ protocol: 'icmp', ports: '80' }))).toEqual(['body.rules.0.ports']);
    expect(await failedPaths(make({ protocol: 'gre' }))).toEqual(['body.rules.0.protocol']);
    expect(await failedPaths(make({ direction: 'sideways' }))).toEqual(['body.rules.0.direction']);
    expect(await failedPaths(make({ action: 'maybe' }))).toEqual(['body.rules.0.action']);
    expect(await failedPaths(make({ source: '10.0.0.0/33' }))).toEqual(['body.rules.0.source']);
    expect(await failedPaths(make({ destination: 'everywhere' }))).toEqual(['body.rules.0.destination']);
    expect(await failedPaths(make({ priority: 99 }))).toEqual(['body.rules.0.priority']);
    expect(await failedPaths(make({ priority: 4097 }))).toEqual(['body.rules.0.priority']);
    expect(await failedPaths(make({ priority: undefined }))).toEqual(['body.rules.0.priority']);
  });

  it('refuses a duplicate priority in the same direction, naming the duplicate', async ({
    tenant: { client },
  }) => {
    const duplicate = await rejection(
      client.firewalls.create({
        name: 'fw',
        region: 'hn',
        rules: [
          https,
          { ...https, name: 'http', ports: '80', direction: 'outbound' },
          { ...https, name: 'alt', ports: '8443' },
        ],
      }),
    );
    expect(duplicate.details).toEqual([
      { path: 'body.rules.2.priority', message: 'duplicate inbound priority 100 (already rules.0)' },
    ]);
    expect(
      await failedPaths(
        client.firewalls.create({ name: 'fw', region: 'hn', rules: [https, { ...https, priority: 110 }] }),
      ),
    ).toEqual(['body.rules.1.name']);
  });

  it('answers 400 for a VPC outside the project and 409 for a duplicate name', async ({
    mock,
    tenant: a,
  }) => {
    const b = await seedTenant(mock);
    const theirs = await b.client.vpcs.create({ name: 'theirs', region: 'hn' });
    expect(
      await failedPaths(a.client.firewalls.create({ name: 'fw', region: 'hn', vpc_id: theirs.id })),
    ).toEqual(['body.vpc_id']);
    await a.client.firewalls.create({ name: 'fw', region: 'hn' });
    expect(await rejection(a.client.firewalls.create({ name: 'fw', region: 'hn' }))).toBeInstanceOf(
      ConflictError,
    );
    await expect(b.client.firewalls.create({ name: 'fw', region: 'hn' })).resolves.toMatchObject({
      name: 'fw',
    });
  });

  it('lists per project with paging and filters', async ({ tenant: a }) => {
    const vpc = await a.client.vpcs.create({ name: 'v', region: 'hn' });
    await a.client.firewalls.create({ name: 'f1', region: 'hn' });
    await a.client.firewalls.create({ name: 'f2', region: 'hn', vpc_id: vpc.id });
    await a.client.firewalls.create({ name: 'f3', region: 'hcm' });
    expect((await a.client.firewalls.list({ vpc_id: vpc.id })).data.map((f) => f.name)).toEqual(['f2']);
    expect((await a.client.firewalls.list({ region: 'hcm' })).data.map((f) => f.name)).toEqual(['f3']);
    const page = await a.client.firewalls.list({ per_page: 2, page: 2 });
    expect(page).toMatchObject({ total: 3, page: 2 });
    expect(page.data.map((f) => f.name)).toEqual(['f3']);
  });
});
