import type { SeededTenant } from '../../src/entries/testing';

// Shared by the backup, backup vault, backup policy and snapshot tests.
export const unique = (stem: string) => `${stem}-${crypto.randomUUID().slice(0, 8)}`;

export const DAY_MS = 86_400_000;

export const vaultOf = (tenant: SeededTenant, region = 'hn') =>
  tenant.client.backupVaults.create({ name: unique('vault'), region });

export async function availableDatabase(tenant: SeededTenant) {
  const db = await tenant.client.databases.create({
    name: unique('db'),
    engine: 'postgres',
    region: 'hn',
    storage_gb: 100,
  });
  return tenant.client.databases.waitFor(db.id, 'available', { timeoutMs: 2000, intervalMs: 5 });
}
