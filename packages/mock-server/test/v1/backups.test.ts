import { BadRequestError, ConflictError, NotFoundError } from '@nimbus/sdk';
import { describe, expect, vi } from 'vitest';
import { type SeededTenant, seedTenant } from '../../src/entries/testing';
import { it, paths, rejection } from '../support';

const unique = (stem: string) => `${stem}-${crypto.randomUUID().slice(0, 8)}`;
const DAY_MS = 86_400_000;

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

describe('backup vaults, backups, policies and snapshots', () => {
  const vaultOf = (tenant: SeededTenant, region = 'hn') =>
    tenant.client.backupVaults.create({ name: unique('vault'), region });

  async function availableDatabase(tenant: SeededTenant) {
    const db = await tenant.client.databases.create({
      name: unique('db'),
      engine: 'postgres',
      region: 'hn',
      storage_gb: 100,
    });
    return tenant.client.databases.waitFor(db.id, 'available', { timeoutMs: 2000, intervalMs: 5 });
  }

  describe('vaults', () => {
    it('creates a vault with the documented defaults', async ({ alice }) => {
      const vault = await alice.client.backupVaults.create({ name: 'primary', region: 'hn' });
      expect(vault).toMatchObject({
        name: 'primary',
        region: 'hn',
        redundancy: 'geo',
        immutable: false,
        description: '',
        project_id: alice.project.id,
      });
      const locked = await alice.client.backupVaults.create({
        name: 'locked',
        region: 'hcm',
        redundancy: 'zone',
        immutable: true,
      });
      expect(locked).toMatchObject({ redundancy: 'zone', immutable: true });
      expect((await alice.client.backupVaults.list({ redundancy: 'zone' })).data.map((v) => v.id)).toEqual([
        locked.id,
      ]);
    });

    it.for([
      [{ region: 'hn' }, 'body.name'],
      [{ name: 'v' }, 'body.region'],
      [{ name: 'v', region: 'hn', redundancy: 'triple' }, 'body.redundancy'],
      [{ name: 'v', region: 'hn', immutable: 'yes' }, 'body.immutable'],
    ] as const)('answers 400 for %j naming %s', async ([body, path], { alice }) => {
      const error = await rejection(alice.client.backupVaults.create(body as never));
      expect(error).toBeInstanceOf(BadRequestError);
      expect(paths(error)).toEqual([path]);
    });

    it('refuses a duplicate vault name in the project (409) and pages the list', async ({ mock, tenant }) => {
      for (const name of ['a', 'b', 'c']) {
        await tenant.client.backupVaults.create({ name, region: 'hn' });
        await mock.clock.advance(1); // distinct creation times: ties would fall back to random ids
      }
      expect((await rejection(tenant.client.backupVaults.create({ name: 'b', region: 'hcm' }))).code).toBe(
        'CONFLICT',
      );
      const page = await tenant.client.backupVaults.list({ per_page: 2, page: 2 });
      expect(page).toMatchObject({ total: 3, page: 2, perPage: 2 });
      expect(page.data.map((v) => v.name)).toEqual(['c']);
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

  describe('policies', () => {
    it('creates a policy with defaults: daily at 02:00 into the vault region, any zone', async ({
      alice,
    }) => {
      const vault = await vaultOf(alice);
      const policy = await alice.client.backupPolicies.create({
        name: unique('nightly'),
        vault_id: vault.id,
      });
      expect(policy).toMatchObject({
        vault_id: vault.id,
        schedule: '0 2 * * *',
        frequency: 'daily',
        time: '02:00',
        day_of_week: null,
        retention_days: 30,
        destination_region: 'hn',
        destination_zone: null,
        enabled: true,
      });
    });

    it('takes a cron schedule or a weekly frequency, and a zone of the destination region', async ({
      alice,
    }) => {
      const vault = await vaultOf(alice);
      const cron = await alice.client.backupPolicies.create({
        name: unique('cron'),
        vault_id: vault.id,
        schedule: '30  4 * * 1-5',
        destination_region: 'hcm-1',
        destination_zone: 'hcm-1-b',
      });
      expect(cron).toMatchObject({
        schedule: '30 4 * * 1-5',
        frequency: 'custom',
        time: null,
        destination_region: 'hcm-1',
        destination_zone: 'hcm-1-b',
      });
      const weekly = await alice.client.backupPolicies.create({
        name: unique('weekly'),
        vault_id: vault.id,
        frequency: 'weekly',
        time: '23:15',
        day_of_week: 'sat',
        retention_days: 365,
        destination_zone: 'hn-a',
      });
      expect(weekly).toMatchObject({
        schedule: '15 23 * * 6',
        frequency: 'weekly',
        day_of_week: 'sat',
        retention_days: 365,
      });
    });

    it.for([
      [{ schedule: '61 * * * *' }, 'body.schedule'],
      [{ schedule: '* * * *' }, 'body.schedule'],
      [{ schedule: '0 2 * * *', frequency: 'daily' }, 'body.schedule'],
      [{ schedule: '0 2 * * *', time: '03:00' }, 'body.time'],
      [{ frequency: 'daily', day_of_week: 'mon' }, 'body.day_of_week'],
      [{ frequency: 'hourly' }, 'body.frequency'],
      [{ time: '24:00' }, 'body.time'],
      [{ retention_days: 0 }, 'body.retention_days'],
      [{ retention_days: 3651 }, 'body.retention_days'],
      [{ destination_zone: 'hcm-a' }, 'body.destination_zone'],
      [{ destination_region: 'hcm', destination_zone: 'hn-a' }, 'body.destination_zone'],
      [{ destination_zone: 'hn-1' }, 'body.destination_zone'],
      [{ destination_zone: 'hn-ab' }, 'body.destination_zone'],
    ] as const)('answers 400 for %j naming %s', async ([extra, path], { alice }) => {
      const vault = await vaultOf(alice);
      const error = await rejection(
        alice.client.backupPolicies.create({
          name: unique('bad'),
          vault_id: vault.id,
          ...(extra as object),
        } as never),
      );
      expect(error.code).toBe('VALIDATION_ERROR');
      expect(paths(error)).toEqual([path]);
    });

    it('answers 404 for an unknown vault and 409 for a duplicate name', async ({ alice }) => {
      const missing = await rejection(
        alice.client.backupPolicies.create({ name: 'p', vault_id: crypto.randomUUID() }),
      );
      expect(missing).toBeInstanceOf(NotFoundError);
      expect(paths(missing)).toEqual(['body.vault_id']);
      const vault = await vaultOf(alice);
      const name = unique('twice');
      await alice.client.backupPolicies.create({ name, vault_id: vault.id });
      expect(
        await rejection(alice.client.backupPolicies.create({ name, vault_id: vault.id })),
      ).toBeInstanceOf(ConflictError);
    });

    it('updates part of a policy and re-validates the whole', async ({ alice }) => {
      const vault = await vaultOf(alice);
      const policy = await alice.client.backupPolicies.create({
        name: unique('p'),
        vault_id: vault.id,
        destination_zone: 'hn-a',
      });

      const longer = await alice.client.backupPolicies.update(policy.id, { retention_days: 90 });
      expect(longer).toMatchObject({
        retention_days: 90,
        schedule: '0 2 * * *',
        destination_zone: 'hn-a',
        name: policy.name,
      });

      // Moving the region with the old zone would leave the zone outside it.
      const stale = await rejection(
        alice.client.backupPolicies.update(policy.id, { destination_region: 'hcm' }),
      );
      expect(paths(stale)).toEqual(['body.destination_zone']);
      const moved = await alice.client.backupPolicies.update(policy.id, {
        destination_region: 'hcm',
        destination_zone: 'hcm-c',
      });
      expect(moved).toMatchObject({ destination_region: 'hcm', destination_zone: 'hcm-c' });
      expect(
        (await alice.client.backupPolicies.update(policy.id, { destination_zone: null })).destination_zone,
      ).toBeNull();

      const cron = await alice.client.backupPolicies.update(policy.id, { schedule: '*/15 * * * *' });
      expect(cron).toMatchObject({ frequency: 'custom', schedule: '*/15 * * * *', time: null });
      const timeOnly = await rejection(alice.client.backupPolicies.update(policy.id, { time: '05:00' }));
      expect(paths(timeOnly)).toEqual(['body.frequency']);
      const weekly = await alice.client.backupPolicies.update(policy.id, {
        frequency: 'weekly',
        time: '05:30',
      });
      expect(weekly).toMatchObject({ schedule: '30 5 * * 0', day_of_week: 'sun', time: '05:30' });
      expect((await alice.client.backupPolicies.update(policy.id, { day_of_week: 'wed' })).schedule).toBe(
        '30 5 * * 3',
      );
      expect((await alice.client.backupPolicies.update(policy.id, { enabled: false })).enabled).toBe(false);

      const badVault = await rejection(
        alice.client.backupPolicies.update(policy.id, { vault_id: crypto.randomUUID() }),
      );
      expect(badVault).toBeInstanceOf(NotFoundError);
      expect(
        paths(await rejection(alice.client.backupPolicies.update(policy.id, { retention_days: 0 }))),
      ).toEqual(['body.retention_days']);
    });

    it("answers 404 when updating an unknown or another project's policy, 409 on a taken name", async ({
      alice,
      bob,
    }) => {
      const vault = await vaultOf(alice);
      const policy = await alice.client.backupPolicies.create({ name: unique('mine'), vault_id: vault.id });
      const other = await alice.client.backupPolicies.create({ name: unique('other'), vault_id: vault.id });
      expect(
        await rejection(bob.client.backupPolicies.update(policy.id, { retention_days: 5 })),
      ).toBeInstanceOf(NotFoundError);
      expect(
        await rejection(alice.client.backupPolicies.update(crypto.randomUUID(), { enabled: false })),
      ).toBeInstanceOf(NotFoundError);
      expect(
        (await rejection(alice.client.backupPolicies.update(policy.id, { name: other.name }))).code,
      ).toBe('CONFLICT');
      // Keeping its own name is no conflict.
      expect((await alice.client.backupPolicies.update(policy.id, { name: policy.name })).name).toBe(
        policy.name,
      );
    });
  });

  describe('snapshots', () => {
    it('snapshots an instance with defaults and lists it', async ({ alice }) => {
      const vm = await alice.client.instances.create({ name: 'snap-me', flavor: 'small', region: 'hcm' });
      await alice.client.instances.waitFor(vm.id, 'running', { timeoutMs: 2000, intervalMs: 5 });
      const snapshot = await alice.client.snapshots.create({ resource_type: 'instance', resource_id: vm.id });
      expect(snapshot).toMatchObject({
        resource_type: 'instance',
        resource_id: vm.id,
        resource_name: 'snap-me',
        region: 'hcm',
        description: '',
        status: 'pending',
        size_gb: 40,
      });
      expect(snapshot.name).toMatch(/^snap-me-snap-\d{8}T\d{6}Z$/);
      const named = await alice.client.snapshots.create({
        resource_type: 'instance',
        resource_id: vm.id,
        name: 'before-upgrade',
        description: 'kernel 6.8',
      });
      expect(named).toMatchObject({ name: 'before-upgrade', description: 'kernel 6.8' });
      const page = await alice.client.snapshots.list({ resource_id: vm.id, per_page: 1, page: 2 });
      expect(page.total).toBe(2);
      expect(page.data.map((s) => s.id)).toEqual([named.id]);
      expect(page.data[0]!.status).toBe('completed');
    });

    it('answers 404 for unknown and foreign resources, 400 for bad input', async ({ alice, bob }) => {
      const bobDb = await availableDatabase(bob);
      const foreign = await rejection(
        alice.client.snapshots.create({ resource_type: 'database', resource_id: bobDb.id }),
      );
      expect(foreign).toBeInstanceOf(NotFoundError);
      expect(foreign.message).toContain('Database');
      const unknown = await rejection(
        alice.client.snapshots.create({ resource_type: 'instance', resource_id: crypto.randomUUID() }),
      );
      expect(unknown.message).toContain('Instance');
      for (const [body, path] of [
        [{ resource_type: 'bucket', resource_id: bobDb.id }, 'body.resource_type'],
        [{ resource_type: 'database', resource_id: 'nope' }, 'body.resource_id'],
        [{ resource_id: bobDb.id }, 'body.resource_type'],
      ] as const) {
        expect(paths(await rejection(alice.client.snapshots.create(body as never)))).toEqual([path]);
      }
    });
  });
});
