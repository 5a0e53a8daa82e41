import { ConflictError, NotFoundError } from '@nimbus/sdk';
import { describe, expect, vi } from 'vitest';
import { seedTenant } from '../../src/entries/testing';
import { it, paths, rejection } from '../support';
import { availableDatabase, DAY_MS, unique, vaultOf } from './backup-support';

describe('backups and snapshots with a visible transition delay', () => {
  it('refuses to copy a provisioning resource, then walks running -> completed on the clock', async ({
    slowMock: mock,
  }) => {
    const { client } = await seedTenant(mock);
    const vault = await client.backupVaults.create({ name: 'main', region: 'hn' });
    const db = await client.databases.create({ name: 'orders', engine: 'postgres', region: 'hn' });
    const early = await rejection(
      client.backups.create({ vault_id: vault.id, resource_type: 'database', resource_id: db.id }),
    );
    expect(early).toBeInstanceOf(ConflictError);
    expect(early.code).toBe('INVALID_STATE');
    await mock.clock.advance(60);

    const backup = await client.backups.create({
      vault_id: vault.id,
      resource_type: 'database',
      resource_id: db.id,
    });
    const snapshot = await client.snapshots.create({ resource_type: 'database', resource_id: db.id });
    expect(backup).toMatchObject({ status: 'running', completed_at: null });
    expect(snapshot).toMatchObject({ status: 'pending', completed_at: null });
    expect((await client.backups.list({ status: 'running' })).total).toBe(1);

    await mock.clock.advance(60);
    const [done] = (await client.backups.list({ resource_id: db.id })).data;
    expect(done!.status).toBe('completed');
    // One transition delay after creation, on the simulated clock (plus the ms the request took).
    expect(Date.parse(done!.completed_at!) - Date.parse(backup.created_at)).toBeGreaterThanOrEqual(60_000);
    expect(Date.parse(done!.completed_at!) - Date.parse(backup.created_at)).toBeLessThan(61_000);
    const [snap] = (await client.snapshots.list({ resource_id: db.id })).data;
    expect(snap).toMatchObject({ status: 'completed' });
    expect(Date.parse(snap!.completed_at!) - Date.parse(snapshot.created_at)).toBeGreaterThanOrEqual(60_000);
    expect(Date.parse(snap!.completed_at!) - Date.parse(snapshot.created_at)).toBeLessThan(61_000);
  });
});

describe('backups', () => {
  it('backs up a database into a vault with defaults and a deterministic size', async ({ alice }) => {
    const vault = await vaultOf(alice, 'hcm');
    const db = await availableDatabase(alice);
    const backup = await alice.client.backups.create({
      vault_id: vault.id,
      resource_type: 'database',
      resource_id: db.id,
    });
    expect(backup).toMatchObject({
      vault_id: vault.id,
      resource_type: 'database',
      resource_id: db.id,
      resource_name: db.name,
      region: 'hcm',
      status: 'running',
      size_gb: 40,
      retention_days: 30,
    });
    expect(backup.name.startsWith(`${db.name}-`)).toBe(true);
    expect(Date.parse(backup.expires_at) - Date.parse(backup.created_at)).toBe(30 * DAY_MS);

    const again = await alice.client.backups.create({
      vault_id: vault.id,
      resource_type: 'database',
      resource_id: db.id,
      name: 'manual',
      retention_days: 7,
    });
    expect(again).toMatchObject({ name: 'manual', size_gb: backup.size_gb, retention_days: 7 });
    const listed = await alice.client.backups.list({ vault_id: vault.id });
    expect(listed.data.map((b) => b.status)).toEqual(['completed', 'completed']);
  });

  it('stamps a backup and its expiry from one instant, however often the clock is read', async ({
    alice,
  }) => {
    const vault = await vaultOf(alice, 'hcm');
    const db = await availableDatabase(alice);
    // Every read of the wall clock moves it on by a millisecond: a request that read the
    // clock twice would stamp two different instants.
    let ticks = Date.now();
    const tick = vi.spyOn(Date, 'now').mockImplementation(() => ++ticks);
    try {
      const backup = await alice.client.backups.create({
        vault_id: vault.id,
        resource_type: 'database',
        resource_id: db.id,
        retention_days: 3,
      });
      expect(Date.parse(backup.expires_at) - Date.parse(backup.created_at)).toBe(3 * DAY_MS);
      expect(backup.updated_at).toBe(backup.created_at);
    } finally {
      tick.mockRestore();
    }
  });

  it('backs up instances (by flavor disk) and buckets (by id or name)', async ({ alice }) => {
    const vault = await vaultOf(alice);
    const vm = await alice.client.instances.create({ name: 'web', flavor: 'medium', region: 'hn' });
    await alice.client.instances.waitFor(vm.id, 'running', { timeoutMs: 2000, intervalMs: 5 });
    const vmBackup = await alice.client.backups.create({
      vault_id: vault.id,
      resource_type: 'instance',
      resource_id: vm.id,
    });
    expect(vmBackup).toMatchObject({ resource_name: 'web', size_gb: 80 });

    const bucket = await alice.client.buckets.create({ name: unique('assets'), region: 'hn' });
    const byId = await alice.client.backups.create({
      vault_id: vault.id,
      resource_type: 'bucket',
      resource_id: bucket.id,
    });
    const byName = await alice.client.backups.create({
      vault_id: vault.id,
      resource_type: 'bucket',
      resource_id: bucket.name,
    });
    expect(byId).toMatchObject({ resource_id: bucket.id, resource_name: bucket.name, size_gb: 1 });
    expect(byName.resource_id).toBe(bucket.id);
  });

  it('answers 404 naming what is missing: the vault or the resource of that type', async ({ alice }) => {
    const vault = await vaultOf(alice);
    const db = await availableDatabase(alice);
    const noVault = await rejection(
      alice.client.backups.create({
        vault_id: crypto.randomUUID(),
        resource_type: 'database',
        resource_id: db.id,
      }),
    );
    expect(noVault).toBeInstanceOf(NotFoundError);
    expect(noVault.message).toContain('Backup vault');
    expect(paths(noVault)).toEqual(['body.vault_id']);

    for (const type of ['instance', 'database', 'bucket'] as const) {
      const error = await rejection(
        alice.client.backups.create({
          vault_id: vault.id,
          resource_type: type,
          resource_id: crypto.randomUUID(),
        }),
      );
      expect(error).toBeInstanceOf(NotFoundError);
      expect(error.message.toLowerCase()).toContain(type);
      expect(paths(error)).toEqual(['body.resource_id']);
    }
    // The database exists, but as a database: asking for an instance with its id is 404.
    const wrongType = await rejection(
      alice.client.backups.create({ vault_id: vault.id, resource_type: 'instance', resource_id: db.id }),
    );
    expect(wrongType.message).toContain('Instance');
  });

  it("answers 404 for another project's vault or resource", async ({ alice, bob }) => {
    const aliceVault = await vaultOf(alice);
    const bobVault = await vaultOf(bob);
    const bobDb = await availableDatabase(bob);
    const aliceDb = await availableDatabase(alice);
    const foreignVault = await rejection(
      alice.client.backups.create({
        vault_id: bobVault.id,
        resource_type: 'database',
        resource_id: aliceDb.id,
      }),
    );
    expect(foreignVault.code).toBe('NOT_FOUND');
    const foreignDb = await rejection(
      alice.client.backups.create({
        vault_id: aliceVault.id,
        resource_type: 'database',
        resource_id: bobDb.id,
      }),
    );
    expect(foreignDb.code).toBe('NOT_FOUND');
    expect((await bob.client.backups.list()).data.every((b) => b.project_id === bob.project.id)).toBe(true);
  });

  it.for([
    [{ resource_type: 'database', resource_id: 'x' }, 'body.vault_id'],
    [{ vault_id: 'not-a-uuid', resource_type: 'database', resource_id: 'x' }, 'body.vault_id'],
    [
      { vault_id: '00000000-0000-4000-8000-000000000000', resource_type: 'volume', resource_id: 'x' },
      'body.resource_type',
    ],
    [{ vault_id: '00000000-0000-4000-8000-000000000000', resource_type: 'database' }, 'body.resource_id'],
    [
      {
        vault_id: '00000000-0000-4000-8000-000000000000',
        resource_type: 'database',
        resource_id: 'x',
        retention_days: 0,
      },
      'body.retention_days',
    ],
    [
      {
        vault_id: '00000000-0000-4000-8000-000000000000',
        resource_type: 'database',
        resource_id: 'x',
        retention_days: 3651,
      },
      'body.retention_days',
    ],
  ] as const)('answers 400 for %j naming %s', async ([body, path], { alice }) => {
    expect(paths(await rejection(alice.client.backups.create(body as never)))).toEqual([path]);
  });
});
