import { BadRequestError, ConflictError, NotFoundError, PermissionDeniedError } from '@nimbus/sdk';
import { describe, expect } from 'vitest';
import { type SeededTenant, seedTenant } from '../../src/entries/testing';
import { it, paths, rejection } from '../support';

describe('databases with a visible transition delay', () => {
  it('walks provisioning -> available, and failover available -> failing_over -> available', async ({
    slowMock: mock,
  }) => {
    const { client } = await seedTenant(mock);
    const db = await client.databases.create({ name: 'orders', engine: 'postgres', region: 'hn' });
    expect(db.status).toBe('provisioning');
    expect((await rejection(client.databases.replicas.create(db.id, { region: 'hcm' }))).code).toBe(
      'INVALID_STATE',
    );

    await mock.clock.advance(60);
    expect((await client.databases.retrieve(db.id)).status).toBe('available');

    const replica = await client.databases.replicas.create(db.id, { region: 'hcm' });
    expect(replica.status).toBe('provisioning');
    // A provisioning replica cannot take over yet.
    expect((await rejection(client.databases.failover(db.id))).code).toBe('INVALID_STATE');
    await mock.clock.advance(60);
    expect((await client.databases.replicas.list(db.id)).data[0]!.status).toBe('available');

    const failing = await client.databases.failover(db.id);
    expect(failing.status).toBe('failing_over');
    const again = await rejection(client.databases.failover(db.id));
    expect(again).toBeInstanceOf(ConflictError);
    expect(again.code).toBe('INVALID_STATE');

    await mock.clock.advance(60);
    const done = await client.databases.waitFor(db.id, 'available', { timeoutMs: 1000, intervalMs: 10 });
    expect(done).toMatchObject({ status: 'available', primary_region: 'hcm', failover_count: 1 });
  });
});

describe('databases', () => {
  async function availableDatabase(
    tenant: SeededTenant,
    body: Partial<Parameters<typeof tenant.client.databases.create>[0]> = {},
  ) {
    const db = await tenant.client.databases.create({
      name: `db-${crypto.randomUUID().slice(0, 8)}`,
      engine: 'postgres',
      region: 'hn',
      ...body,
    });
    return tenant.client.databases.waitFor(db.id, 'available', { timeoutMs: 2000, intervalMs: 5 });
  }

  it('creates a database with the documented defaults', async ({ alice }) => {
    const db = await alice.client.databases.create({ name: 'catalog', engine: 'mysql', region: 'hn' });
    expect(db).toMatchObject({
      name: 'catalog',
      engine: 'mysql',
      version: '8.4',
      tier: 'general_purpose',
      storage_gb: 20,
      region: 'hn',
      primary_region: 'hn',
      high_availability: false,
      admin_username: 'dbadmin',
      admin_password_set: false,
      status: 'provisioning',
      port: 3306,
      replica_count: 0,
      failover_count: 0,
      last_failover_at: null,
      last_failover: null,
      project_id: alice.project.id,
    });
    expect(db.host).toMatch(/^catalog-[0-9a-f]{8}\.mysql\.db\.nimbus\.internal$/);
    const page = await alice.client.databases.list({ engine: 'mysql' });
    expect(page.data.map((d) => d.id)).toContain(db.id);
  });

  it('takes a write-only admin password: stored hashed, never returned', async ({ mock, alice }) => {
    const password = 'Sup3r-secret-passw0rd';
    const db = await alice.client.databases.create({
      name: 'billing',
      engine: 'sqlserver',
      version: '2019',
      region: 'hcm',
      admin_password: password,
    });
    expect(db.admin_password_set).toBe(true);
    expect(JSON.stringify(db)).not.toContain(password);
    expect(JSON.stringify(await alice.client.databases.retrieve(db.id))).not.toContain(password);
    const state = JSON.stringify(mock.server.app.runtime.store.state.tables);
    expect(state).not.toContain(password);
    expect(state).toContain('scrypt$');
  });

  it('answers 400 naming body.version when the engine does not offer the version', async ({ alice }) => {
    const error = await rejection(
      alice.client.databases.create({ name: 'bad-version', engine: 'mysql', version: '16', region: 'hn' }),
    );
    expect(error).toBeInstanceOf(BadRequestError);
    expect(error.code).toBe('VALIDATION_ERROR');
    expect(paths(error)).toEqual(['body.version']);
    expect(error.details![0]!.message).toContain('8.0, 8.4');
  });

  it.for([
    [{ engine: 'postgres', region: 'hn' }, 'body.name'],
    [{ name: 'x', engine: 'oracle', region: 'hn' }, 'body.engine'],
    [{ name: 'x', engine: 'postgres', region: 'hn', tier: 'huge' }, 'body.tier'],
    [{ name: 'x', engine: 'postgres', region: 'hn', storage_gb: 5 }, 'body.storage_gb'],
    [{ name: 'x', engine: 'postgres', region: 'hn', storage_gb: 20_000 }, 'body.storage_gb'],
    [{ name: 'x', engine: 'postgres' }, 'body.region'],
    [{ name: 'x', engine: 'postgres', region: 'hn', admin_password: 'short' }, 'body.admin_password'],
  ] as const)('answers 400 for %j naming %s', async ([body, path], { alice }) => {
    const error = await rejection(alice.client.databases.create(body as never));
    expect(error.code).toBe('VALIDATION_ERROR');
    expect(paths(error)).toContain(path);
  });

  it('refuses a second database with the same name in the project (409)', async ({ alice, bob }) => {
    await alice.client.databases.create({ name: 'dup', engine: 'postgres', region: 'hn' });
    const error = await rejection(
      alice.client.databases.create({ name: 'dup', engine: 'mysql', region: 'hn' }),
    );
    expect(error).toBeInstanceOf(ConflictError);
    expect(error.code).toBe('CONFLICT');
    // Another project may use the name.
    await expect(
      bob.client.databases.create({ name: 'dup', engine: 'postgres', region: 'hn' }),
    ).resolves.toBeDefined();
  });

  it('enforces the databases quota (20 by default)', async ({ tenant }) => {
    await tenant.client.mock.quotas.update(tenant.project.id, { limits: { databases: 1 } });
    await tenant.client.databases.create({ name: 'one', engine: 'postgres', region: 'hn' });
    const error = await rejection(
      tenant.client.databases.create({ name: 'two', engine: 'postgres', region: 'hn' }),
    );
    expect(error).toBeInstanceOf(PermissionDeniedError);
    expect(error.code).toBe('QUOTA_EXCEEDED');
  });

  it('answers the default pool until one is PUT, then merges and bounds updates', async ({ alice }) => {
    const db = await availableDatabase(alice, { tier: 'basic' });
    expect(await alice.client.databases.pool.retrieve(db.id)).toEqual({
      database_id: db.id,
      mode: 'transaction',
      max_connections: 100,
      min_idle: 5,
      idle_timeout_sec: 600,
      max_connections_limit: 100,
      is_default: true,
      updated_at: null,
    });

    const updated = await alice.client.databases.pool.update(db.id, { mode: 'session', max_connections: 80 });
    expect(updated).toMatchObject({ mode: 'session', max_connections: 80, min_idle: 5, is_default: false });
    expect(updated.updated_at).not.toBeNull();
    expect(await alice.client.databases.pool.retrieve(db.id)).toEqual(updated);

    const overTier = await rejection(alice.client.databases.pool.update(db.id, { max_connections: 101 }));
    expect(overTier.code).toBe('VALIDATION_ERROR');
    expect(paths(overTier)).toEqual(['body.max_connections']);
    expect(overTier.details![0]!.message).toContain('basic');

    // The merged result counts: 90 idle would pass on its own, not with the stored 80.
    const idle = await rejection(alice.client.databases.pool.update(db.id, { min_idle: 90 }));
    expect(paths(idle)).toEqual(['body.min_idle']);

    for (const [body, path] of [
      [{ max_connections: 0 }, 'body.max_connections'],
      [{ max_connections: 5001 }, 'body.max_connections'],
      [{ idle_timeout_sec: 5 }, 'body.idle_timeout_sec'],
      [{ idle_timeout_sec: 3601 }, 'body.idle_timeout_sec'],
      [{ mode: 'statement' }, 'body.mode'],
    ] as const) {
      expect(paths(await rejection(alice.client.databases.pool.update(db.id, body as never)))).toEqual([
        path,
      ]);
    }
    expect((await alice.client.databases.pool.retrieve(db.id)).max_connections).toBe(80);
  });

  it('lets a memory_optimized pool go to 5000 connections', async ({ alice }) => {
    const db = await availableDatabase(alice, { tier: 'memory_optimized' });
    const pool = await alice.client.databases.pool.update(db.id, { max_connections: 5000, min_idle: 5000 });
    expect(pool).toMatchObject({ max_connections: 5000, min_idle: 5000, max_connections_limit: 5000 });
  });

  it('adds read replicas with their own records, at most 5 per primary', async ({ alice }) => {
    const db = await availableDatabase(alice);
    const first = await alice.client.databases.replicas.create(db.id, { region: 'hcm' });
    expect(first).toMatchObject({
      database_id: db.id,
      name: `${db.name}-replica-1`,
      region: 'hcm',
      source_region: 'hn',
      status: 'provisioning',
      role_swapped_at: null,
    });
    const named = await alice.client.databases.replicas.create(db.id, { region: 'dn', name: 'reporting' });
    expect(named.name).toBe('reporting');
    expect(
      (await rejection(alice.client.databases.replicas.create(db.id, { region: 'hn', name: 'reporting' })))
        .code,
    ).toBe('CONFLICT');
    for (let i = 0; i < 3; i++) await alice.client.databases.replicas.create(db.id, { region: 'hn' });
    const sixth = await rejection(alice.client.databases.replicas.create(db.id, { region: 'hn' }));
    expect(sixth).toBeInstanceOf(ConflictError);
    expect(sixth.status).toBe(409);

    const page = await alice.client.databases.replicas.list(db.id, { per_page: 2, page: 2 });
    expect(page.total).toBe(5);
    expect(page.data).toHaveLength(2);
    expect(page.data.every((r) => r.status === 'available')).toBe(true);
    expect(
      (await alice.client.databases.replicas.list(db.id, { region: 'dn' })).data.map((r) => r.id),
    ).toEqual([named.id]);
    expect((await alice.client.databases.retrieve(db.id)).replica_count).toBe(5);

    expect(paths(await rejection(alice.client.databases.replicas.create(db.id, {} as never)))).toEqual([
      'body.region',
    ]);
  });

  it('refuses a failover without an available replica (409 INVALID_STATE)', async ({ alice }) => {
    const db = await availableDatabase(alice);
    const error = await rejection(alice.client.databases.failover(db.id));
    expect(error).toBeInstanceOf(ConflictError);
    expect(error.code).toBe('INVALID_STATE');
    expect((await alice.client.databases.retrieve(db.id)).failover_count).toBe(0);
  });

  it('fails over to the oldest available replica and swaps the roles visibly', async ({ alice }) => {
    const db = await availableDatabase(alice);
    const dn = await alice.client.databases.replicas.create(db.id, { region: 'dn' });
    const hcm = await alice.client.databases.replicas.create(db.id, { region: 'hcm' });

    const failing = await alice.client.databases.failover(db.id);
    expect(failing).toMatchObject({
      status: 'failing_over',
      region: 'hn',
      primary_region: 'dn',
      failover_count: 1,
      host: db.host,
      last_failover: { from_region: 'hn', to_region: 'dn', replica_id: dn.id },
    });
    expect(failing.last_failover_at).not.toBeNull();

    const replicas = (await alice.client.databases.replicas.list(db.id)).data;
    const promoted = replicas.find((r) => r.id === dn.id)!;
    // The promoted replica's record now stands for the former primary, in the region it left.
    expect(promoted).toMatchObject({
      region: 'hn',
      source_region: 'dn',
      role_swapped_at: failing.last_failover_at,
    });
    expect(replicas.find((r) => r.id === hcm.id)).toMatchObject({
      region: 'hcm',
      source_region: 'dn',
      role_swapped_at: null,
    });
    expect((await alice.client.databases.retrieve(db.id)).status).toBe('available');

    // A chosen replica: back to hn through the swapped record.
    const back = await alice.client.databases.failover(db.id, { replica_id: dn.id });
    expect(back).toMatchObject({
      primary_region: 'hn',
      failover_count: 2,
      last_failover: { from_region: 'dn', to_region: 'hn' },
    });
  });

  it('answers 404 for a failover to a replica of another database', async ({ alice }) => {
    const db = await availableDatabase(alice);
    const other = await availableDatabase(alice);
    const foreign = await alice.client.databases.replicas.create(other.id, { region: 'hcm' });
    await alice.client.databases.replicas.list(other.id);
    const error = await rejection(alice.client.databases.failover(db.id, { replica_id: foreign.id }));
    expect(error).toBeInstanceOf(NotFoundError);
    expect(paths(await rejection(alice.client.databases.failover(db.id, { replica_id: 'nope' })))).toEqual([
      'body.replica_id',
    ]);
  });

  it('deletes a database with its replicas and pool configuration', async ({ mock, alice }) => {
    const db = await availableDatabase(alice);
    const replica = await alice.client.databases.replicas.create(db.id, { region: 'hcm' });
    await alice.client.databases.pool.update(db.id, { max_connections: 50 });
    await alice.client.databases.delete(db.id);

    expect(await rejection(alice.client.databases.retrieve(db.id))).toBeInstanceOf(NotFoundError);
    expect(await rejection(alice.client.databases.pool.retrieve(db.id))).toBeInstanceOf(NotFoundError);
    const tables = mock.server.app.runtime.store.state.tables;
    expect(tables.database_replicas?.[replica.id]).toBeUndefined();
    expect(tables.database_pools?.[db.id]).toBeUndefined();
    expect(await rejection(alice.client.databases.delete(db.id))).toBeInstanceOf(NotFoundError);
  });

  it("answers 404 for another project's database on every route", async ({ alice, bob }) => {
    const db = await availableDatabase(alice);
    // Thunks: each call starts only when awaited, so none rejects unobserved.
    const calls = [
      () => bob.client.databases.retrieve(db.id),
      () => bob.client.databases.delete(db.id),
      () => bob.client.databases.pool.retrieve(db.id),
      () => bob.client.databases.pool.update(db.id, { mode: 'session' }),
      () => bob.client.databases.replicas.list(db.id),
      () => bob.client.databases.replicas.create(db.id, { region: 'hcm' }),
      () => bob.client.databases.failover(db.id),
    ];
    for (const call of calls) {
      const error = await rejection(call());
      expect(error).toBeInstanceOf(NotFoundError);
      expect(error.code).toBe('NOT_FOUND');
    }
    expect((await alice.client.databases.retrieve(db.id)).id).toBe(db.id);
  });

  it('pages the list with per_page, page and total', async ({ tenant }) => {
    for (const name of ['a', 'b', 'c'])
      await tenant.client.databases.create({ name, engine: 'postgres', region: 'hn' });
    const second = await tenant.client.databases.list({ per_page: 2, page: 2 });
    expect(second.total).toBe(3);
    expect(second.data.map((d) => d.name)).toEqual(['c']);
    const names: string[] = [];
    for await (const db of tenant.client.databases.list({ per_page: 1 })) names.push(db.name);
    expect(names).toEqual(['a', 'b', 'c']);
  });
});
