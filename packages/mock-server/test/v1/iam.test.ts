import { ConflictError, NotFoundError, PermissionDeniedError } from '@nimbus/sdk';
import { describe, expect } from 'vitest';
import { seedTenant } from '../../src/entries/testing';
import { failedPaths, it, memberWithRole, rejection } from '../support';

const uniqueName = (base: string) => `${base}-${crypto.randomUUID().slice(0, 8)}`;

describe('iam users', () => {
  it('lists the owner with email, full name, role and joined_at', async ({ tenant: owner }) => {
    const page = await owner.client.iam.users.list();
    expect(page.total).toBe(1);
    expect(page.data[0]).toMatchObject({
      id: owner.user.id,
      project_id: owner.project.id,
      email: owner.user.email,
      role: 'owner',
      delegated_roles: [],
      mfa_enabled: false,
    });
    expect(page.data[0]!.joined_at).toMatch(/^\d{4}-\d\d-\d\dT.*Z$/);
    expect(page.data[0]!.full_name).not.toBe('');
  });

  it('adds a registered user by email (any case) with a built-in or custom role', async ({
    mock,
    tenant: owner,
  }) => {
    const bob = await seedTenant(mock);
    const added = await owner.client.iam.users.create({
      email: bob.user.email.toUpperCase(),
      role: 'viewer',
    });
    expect(added).toMatchObject({
      id: bob.user.id,
      email: bob.user.email,
      role: 'viewer',
      project_id: owner.project.id,
    });

    await owner.client.iam.roles.create({ name: 'vm-operator', permissions: ['compute:write'] });
    const carol = await seedTenant(mock);
    await expect(
      owner.client.iam.users.create({ email: carol.user.email, role: 'vm-operator' }),
    ).resolves.toMatchObject({
      role: 'vm-operator',
    });
    const viewers = await owner.client.iam.users.list({ role: 'viewer' });
    expect(viewers.data.map((m) => m.id)).toEqual([bob.user.id]);
    // Bob now sees the project among his own.
    const projects = await bob.client.projects.list();
    expect(projects.data.map((p) => p.id)).toContain(owner.project.id);
  });

  it('answers 404 for an unknown email, 409 for a member, 400 for an unknown role or a bad email', async ({
    mock,
    tenant: owner,
  }) => {
    const missing = await rejection(
      owner.client.iam.users.create({ email: 'nobody@example.com', role: 'viewer' }),
    );
    expect(missing).toBeInstanceOf(NotFoundError);
    expect(missing.code).toBe('NOT_FOUND');

    const again = await rejection(owner.client.iam.users.create({ email: owner.user.email, role: 'viewer' }));
    expect(again).toBeInstanceOf(ConflictError);
    expect(again.code).toBe('CONFLICT');

    const bob = await seedTenant(mock);
    expect(
      await failedPaths(owner.client.iam.users.create({ email: bob.user.email, role: 'superuser' })),
    ).toEqual(['body.role']);
    expect(
      await failedPaths(owner.client.iam.users.create({ email: 'not-an-email', role: 'viewer' })),
    ).toEqual(['body.email']);
  });

  it('pages members and lists live delegations', async ({ mock, tenant: owner }) => {
    const added = [];
    for (let i = 0; i < 3; i++) added.push((await memberWithRole(mock, owner, 'viewer')).tenant);
    const until = new Date(mock.clock.now().getTime() + 3_600_000).toISOString();
    await owner.client.projects.delegate(owner.project.id, {
      user_id: added[0]!.user.id,
      role: 'editor',
      expires_at: until,
    });

    const second = await owner.client.iam.users.list({ per_page: 2, page: 2 });
    expect(second).toMatchObject({ total: 4, page: 2, perPage: 2 });
    expect(second.data.map((m) => m.id)).toEqual([added[1]!.user.id, added[2]!.user.id]);
    const first = await owner.client.iam.users.list({ per_page: 2 });
    expect(first.data[1]!.delegated_roles).toEqual([{ role: 'editor', expires_at: until }]);
  });
});

describe('iam roles', () => {
  it('lists the built-in roles with their permissions, then custom roles', async ({ tenant: owner }) => {
    const created = await owner.client.iam.roles.create({
      name: 'auditor',
      description: 'Reads monitor data',
      permissions: ['monitor:read', 'storage:read'],
    });
    expect(created).toMatchObject({ name: 'auditor', builtin: false, project_id: owner.project.id });
    expect(created.id).toMatch(/^[0-9a-f-]{36}$/);

    const roles = await owner.client.iam.roles.list();
    expect(roles.total).toBe(4);
    expect(roles.data.map((r) => [r.name, r.builtin, r.permissions])).toEqual([
      ['owner', true, ['*']],
      ['editor', true, ['*:read', '*:write']],
      ['viewer', true, ['*:read']],
      ['auditor', false, ['monitor:read', 'storage:read']],
    ]);
    expect(roles.data[0]).toMatchObject({ id: null, created_at: null });
    const page = await owner.client.iam.roles.list({ per_page: 3, page: 2 });
    expect(page.data.map((r) => r.name)).toEqual(['auditor']);
  });

  it('answers 409 for a built-in name or a name already used in the project', async ({
    mock,
    tenant: owner,
  }) => {
    const builtin = await rejection(
      owner.client.iam.roles.create({ name: 'editor', permissions: ['compute:read'] }),
    );
    expect(builtin).toBeInstanceOf(ConflictError);
    await owner.client.iam.roles.create({ name: 'ops', permissions: ['compute:*'] });
    expect(
      (await rejection(owner.client.iam.roles.create({ name: 'ops', permissions: ['dns:read'] }))).code,
    ).toBe('CONFLICT');
    // The same name in another project is fine: roles belong to a project.
    const other = await seedTenant(mock);
    await expect(
      other.client.iam.roles.create({ name: 'ops', permissions: ['dns:read'] }),
    ).resolves.toMatchObject({
      name: 'ops',
    });
  });

  it('validates permissions against the contract families and names the bad entry', async ({
    tenant: owner,
  }) => {
    const unknown = await rejection(
      owner.client.iam.roles.create({ name: 'bad', permissions: ['compute:write', 'teleport:read'] }),
    );
    expect(unknown.code).toBe('VALIDATION_ERROR');
    expect(unknown.details).toEqual([
      { path: 'body.permissions.1', message: expect.stringContaining('"teleport"') },
    ]);

    expect(
      await failedPaths(owner.client.iam.roles.create({ name: 'bad', permissions: ['compute'] })),
    ).toEqual(['body.permissions.0']);
    expect(
      await failedPaths(owner.client.iam.roles.create({ name: 'bad', permissions: ['compute:delete'] })),
    ).toEqual(['body.permissions.0']);
    // Both would include iam:admin, which only owners hold.
    expect(
      await failedPaths(owner.client.iam.roles.create({ name: 'bad', permissions: ['iam:*', '*:*'] })),
    ).toEqual(['body.permissions.0', 'body.permissions.1']);
    expect(
      await failedPaths(owner.client.iam.roles.create({ name: 'Bad Name', permissions: ['dns:read'] })),
    ).toEqual(['body.name']);
    expect(await failedPaths(owner.client.iam.roles.create({ name: 'empty', permissions: [] }))).toEqual([
      'body.permissions',
    ]);
    // Every family of the contract's project routes is accepted, `*:read` too.
    await expect(
      owner.client.iam.roles.create({
        name: 'broad-reader',
        permissions: ['*:read', 'dns:write', 'keyvault:*', 'container:write', 'firewall:read', 'iam:read'],
      }),
    ).resolves.toMatchObject({ name: 'broad-reader' });
  });
});

describe('iam keys', () => {
  it('shows the key once, keeps only its hash, and audits the creation', async ({ mock, tenant: owner }) => {
    const created = await owner.client.iam.keys.create({ name: 'ci', role: 'editor' });
    expect(created.key).toMatch(/^nk_[A-Za-z0-9_-]{43}$/);
    expect(created.key.startsWith(created.prefix)).toBe(true);
    expect(created).toMatchObject({
      name: 'ci',
      role: 'editor',
      created_by: owner.user.id,
      expires_at: null,
    });

    const state = JSON.stringify(await mock.client.mock.state.export());
    expect(state).not.toContain(created.key);
    expect(state).toContain(created.prefix);

    const audit = await owner.client.auditLogs.list({ event: 'api_key.created' });
    expect(audit.data).toHaveLength(1);
    expect(audit.data[0]).toMatchObject({
      project_id: owner.project.id,
      user_id: owner.user.id,
      outcome: 'success',
      details: { key_id: created.id, role: 'editor', prefix: created.prefix },
    });
    expect(JSON.stringify(audit.data)).not.toContain(created.key);
  });

  it('refuses the owner role, unknown roles and past expiry', async ({ mock, tenant: owner }) => {
    const ownerKey = await rejection(owner.client.iam.keys.create({ name: 'root', role: 'owner' }));
    expect(ownerKey.details).toEqual([{ path: 'body.role', message: expect.stringContaining('owner') }]);
    expect(await failedPaths(owner.client.iam.keys.create({ name: 'x', role: 'ghost' }))).toEqual([
      'body.role',
    ]);
    const past = new Date(mock.clock.now().getTime() - 1000).toISOString();
    expect(
      await failedPaths(owner.client.iam.keys.create({ name: 'x', role: 'viewer', expires_at: past })),
    ).toEqual(['body.expires_at']);
    expect(await failedPaths(owner.client.iam.keys.create({ name: '', role: 'viewer' }))).toEqual([
      'body.name',
    ]);
  });

  it('stops authenticating once the clock passes expires_at', async ({ mock, tenant: owner }) => {
    const expiresAt = new Date(mock.clock.now().getTime() + 600_000).toISOString();
    const { key } = await owner.client.iam.keys.create({
      name: 'short',
      role: 'viewer',
      expires_at: expiresAt,
    });
    const keyClient = mock.createClient({ apiKey: key, projectId: owner.project.id });
    await expect(keyClient.instances.list()).resolves.toMatchObject({ total: 0 });
    await mock.clock.advance(601);
    const expired = await rejection(keyClient.instances.list());
    expect(expired.status).toBe(401);
    expect(expired.code).toBe('UNAUTHENTICATED');
  });
});

describe('iam authorize-bucket', () => {
  it('grants a member read, then write on the same grant, and audits it', async ({ mock, tenant: owner }) => {
    const { tenant: bob } = await memberWithRole(mock, owner, 'viewer');
    const bucket = await owner.client.buckets.create({ name: uniqueName('grants'), region: 'hn' });

    const grant = await owner.client.iam.bucketGrants.create({
      user_id: bob.user.id,
      bucket_name: bucket.name,
      access: 'read',
    });
    expect(grant).toMatchObject({
      project_id: owner.project.id,
      user_id: bob.user.id,
      bucket_id: bucket.id,
      bucket_name: bucket.name,
      access: 'read',
      granted_by: owner.user.id,
    });
    const upgraded = await owner.client.iam.bucketGrants.create({
      user_id: bob.user.id,
      bucket_name: bucket.name,
      access: 'write',
    });
    expect(upgraded).toMatchObject({ id: grant.id, access: 'write' });
    const audit = await owner.client.auditLogs.list({ event: 'bucket.access_granted' });
    expect(audit.data.map((a) => a.details.access)).toEqual(['read', 'write']);
  });

  it('answers 404 for a bucket outside the project or a user who is not a member', async ({
    mock,
    tenant: owner,
  }) => {
    const other = await seedTenant(mock);
    const { tenant: bob } = await memberWithRole(mock, owner, 'viewer');
    const foreign = await other.client.buckets.create({ name: uniqueName('foreign'), region: 'hn' });
    const mine = await owner.client.buckets.create({ name: uniqueName('mine'), region: 'hn' });

    const wrongBucket = await rejection(
      owner.client.iam.bucketGrants.create({
        user_id: bob.user.id,
        bucket_name: foreign.name,
        access: 'read',
      }),
    );
    expect(wrongBucket).toBeInstanceOf(NotFoundError);
    const noBucket = await rejection(
      owner.client.iam.bucketGrants.create({
        user_id: bob.user.id,
        bucket_name: 'no-such-bucket-here',
        access: 'read',
      }),
    );
    expect(noBucket.status).toBe(404);
    const stranger = await rejection(
      owner.client.iam.bucketGrants.create({
        user_id: other.user.id,
        bucket_name: mine.name,
        access: 'read',
      }),
    );
    expect(stranger).toBeInstanceOf(NotFoundError);
    expect(
      await failedPaths(
        owner.client.iam.bucketGrants.create({
          user_id: bob.user.id,
          bucket_name: mine.name,
          access: 'admin' as 'read',
        }),
      ),
    ).toEqual(['body.access']);
  });

  it('is for owners only', async ({ mock, tenant: owner }) => {
    const { tenant: bob, client: asEditor } = await memberWithRole(mock, owner, 'editor');
    const bucket = await owner.client.buckets.create({ name: uniqueName('owners'), region: 'hn' });
    const denied = await rejection(
      asEditor.iam.bucketGrants.create({ user_id: bob.user.id, bucket_name: bucket.name, access: 'read' }),
    );
    expect(denied).toBeInstanceOf(PermissionDeniedError);
    expect(denied.code).toBe('FORBIDDEN');
  });
});
