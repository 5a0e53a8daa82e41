import { ConflictError } from '@nimbus/sdk';
import { describe, expect } from 'vitest';
import { seedTenant } from '../../src/entries/testing';
import { failedPaths, it, rejection } from '../support';

const registryName = () => `reg${crypto.randomUUID().replace(/-/g, '').slice(0, 10)}`;

describe('container registries', () => {
  it('creates with defaults and derives the login server', async ({ tenant: { client, project } }) => {
    const name = registryName();
    const registry = await client.registries.create({ name, region: 'hn' });
    expect(registry).toMatchObject({
      project_id: project.id,
      name,
      sku: 'basic',
      admin_enabled: false,
      login_server: `${name}.registry.nimbus.local`,
      storage_quota_gb: 10,
      status: 'available',
    });
    const premium = await client.registries.create({ name: registryName(), region: 'hn', sku: 'premium' });
    expect(premium.storage_quota_gb).toBe(500);
  });

  it('validates the name (5..50 lowercase letters and digits) and the sku', async ({
    tenant: { client },
  }) => {
    for (const name of ['abcd', 'a'.repeat(51), 'Upper123', 'with-dash']) {
      expect(await failedPaths(client.registries.create({ name, region: 'hn' }))).toEqual(['body.name']);
    }
    expect(
      await failedPaths(
        client.registries.create({ name: registryName(), region: 'hn', sku: 'gold' as 'basic' }),
      ),
    ).toEqual(['body.sku']);
    expect(await failedPaths(client.registries.create({ name: registryName(), region: 'Hà Nội' }))).toEqual([
      'body.region',
    ]);
  });

  it('answers 409 for a name taken in any project', async ({ mock, tenant: a }) => {
    const b = await seedTenant(mock);
    const name = registryName();
    await a.client.registries.create({ name, region: 'hn' });
    const taken = await rejection(b.client.registries.create({ name, region: 'hn' }));
    expect(taken).toBeInstanceOf(ConflictError);
    expect(taken.code).toBe('CONFLICT');
  });

  it('lists per project with paging and filters', async ({ mock, tenant: a }) => {
    const b = await seedTenant(mock);
    for (const sku of ['basic', 'standard', 'standard'] as const)
      await a.client.registries.create({ name: registryName(), region: 'hn', sku });
    await b.client.registries.create({ name: registryName(), region: 'hn' });
    expect((await a.client.registries.list({ sku: 'standard' })).total).toBe(2);
    const page = await a.client.registries.list({ per_page: 1, page: 3 });
    expect(page).toMatchObject({ total: 3, page: 3 });
    expect(page.data[0]!.sku).toBe('standard');
    expect((await b.client.registries.list()).total).toBe(1);
  });
});
