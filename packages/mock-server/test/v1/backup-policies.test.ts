import { ConflictError, NotFoundError } from '@nimbus/sdk';
import { describe, expect } from 'vitest';
import { it, paths, rejection } from '../support';
import { unique, vaultOf } from './backup-support';

describe('backup policies', () => {
  it('creates a policy with defaults: daily at 02:00 into the vault region, any zone', async ({ alice }) => {
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
    expect(await rejection(alice.client.backupPolicies.create({ name, vault_id: vault.id }))).toBeInstanceOf(
      ConflictError,
    );
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
    expect((await rejection(alice.client.backupPolicies.update(policy.id, { name: other.name }))).code).toBe(
      'CONFLICT',
    );
    // Keeping its own name is no conflict.
    expect((await alice.client.backupPolicies.update(policy.id, { name: policy.name })).name).toBe(
      policy.name,
    );
  });
});
