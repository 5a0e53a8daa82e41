import { ConflictError } from '@nimbus/sdk';
import { describe, expect } from 'vitest';
import { seedTenant } from '../../src/entries/testing';
import { failedPaths, it, rejection } from '../support';

const vaultName = () => `kv-${crypto.randomUUID().slice(0, 8)}`;

describe('key vaults', () => {
  it('creates a vault with defaults and a URI from its name', async ({ tenant: { client, project } }) => {
    const name = vaultName();
    const vault = await client.vaults.create({ name, region: 'hn' });
    expect(vault).toMatchObject({
      project_id: project.id,
      name,
      region: 'hn',
      sku: 'standard',
      soft_delete_days: 90,
      purge_protection: false,
      vault_uri: `https://${name}.vault.nimbus.local`,
      secrets: [],
      status: 'active',
    });
  });

  it('stores initial secrets sealed: names and versions only, in responses and the state', async ({
    mock,
    tenant: { client },
  }) => {
    const values = { 'db-password': 'hunter2-correct-horse', 'api-token': 'tok_live_5f1e2d3c' };
    const vault = await client.vaults.create({
      name: vaultName(),
      region: 'hn',
      sku: 'premium',
      secrets: values,
    });
    expect(vault.secrets.map((s) => s.name)).toEqual(['db-password', 'api-token']);
    for (const secret of vault.secrets) expect(secret.version).toMatch(/^[0-9a-f]{32}$/);
    const listed = await client.vaults.list();
    const seen = JSON.stringify([vault, listed.data]);
    const state = JSON.stringify(await mock.client.mock.state.export());
    for (const value of Object.values(values)) {
      expect(seen).not.toContain(value);
      expect(state).not.toContain(value);
    }
    expect(state).toContain('sealed$');
  });

  it('validates name, sku, soft-delete days and secret names', async ({ tenant: { client } }) => {
    expect(await failedPaths(client.vaults.create({ name: 'kv', region: 'hn' }))).toEqual(['body.name']);
    expect(await failedPaths(client.vaults.create({ name: 'Bad_Vault', region: 'hn' }))).toEqual([
      'body.name',
    ]);
    expect(await failedPaths(client.vaults.create({ name: 'double--dash', region: 'hn' }))).toEqual([
      'body.name',
    ]);
    expect(
      await failedPaths(client.vaults.create({ name: vaultName(), region: 'hn', sku: 'gold' as 'standard' })),
    ).toEqual(['body.sku']);
    expect(
      await failedPaths(client.vaults.create({ name: vaultName(), region: 'hn', soft_delete_days: 6 })),
    ).toEqual(['body.soft_delete_days']);
    expect(
      await failedPaths(client.vaults.create({ name: vaultName(), region: 'hn', soft_delete_days: 91 })),
    ).toEqual(['body.soft_delete_days']);
    expect(
      await failedPaths(
        client.vaults.create({ name: vaultName(), region: 'hn', secrets: { 'bad name!': 'x' } }),
      ),
    ).toEqual(['body.secrets.bad name!']);
    expect(
      await failedPaths(client.vaults.create({ name: vaultName(), region: 'hn', secrets: { empty: '' } })),
    ).toEqual(['body.secrets.empty']);
    expect(await failedPaths(client.vaults.create({ name: vaultName() } as never))).toEqual(['body.region']);
  });

  it('answers 409 for a name taken anywhere on the platform', async ({ mock, tenant: a }) => {
    const b = await seedTenant(mock);
    const name = vaultName();
    await a.client.vaults.create({ name, region: 'hn' });
    const again = await rejection(b.client.vaults.create({ name, region: 'hcm' }));
    expect(again).toBeInstanceOf(ConflictError);
    expect(again.code).toBe('CONFLICT');
  });

  it('lists per project with paging and filters', async ({ mock, tenant: a }) => {
    const b = await seedTenant(mock);
    const names = [vaultName(), vaultName(), vaultName()];
    for (const name of names) await a.client.vaults.create({ name, region: 'hn' });
    await b.client.vaults.create({ name: vaultName(), region: 'hn', sku: 'premium' });
    const page = await a.client.vaults.list({ per_page: 2, page: 2 });
    expect(page).toMatchObject({ total: 3, page: 2 });
    expect(page.data.map((v) => v.name)).toEqual([names[2]]);
    expect((await a.client.vaults.list({ sku: 'premium' })).total).toBe(0);
    expect((await b.client.vaults.list({ sku: 'premium' })).total).toBe(1);
  });
});
