import { PermissionDeniedError } from '@nimbus/sdk';
import { describe, expect } from 'vitest';
import { seedTenant } from '../../src/entries/testing';
import { it, rejection } from '../support';

describe('projects and tenancy', () => {
  it('makes the creator owner and lists only the caller’s projects', async ({ mock }) => {
    const alice = await seedTenant(mock, { name: 'alice-projects' });
    const bob = await seedTenant(mock, { name: 'bob-projects' });
    const mine = await alice.client.projects.list();
    expect(mine.data.map((p) => p.id)).toEqual([alice.project.id]);
    expect(mine.data[0]?.role).toBe('owner');
    const theirs = await bob.client.projects.list();
    expect(theirs.data.map((p) => p.id)).not.toContain(alice.project.id);
  });

  it('answers PROJECT_FORBIDDEN for a project the caller is not in, and 404 for another project’s ids', async ({
    mock,
    tenant: alice,
  }) => {
    const bob = await seedTenant(mock);
    const vm = await alice.client.instances.create({ name: 'private', flavor: 'nano', region: 'hn' });
    const intrude = await rejection(bob.client.withProject(alice.project.id).instances.list());
    expect(intrude).toBeInstanceOf(PermissionDeniedError);
    expect(intrude.code).toBe('PROJECT_FORBIDDEN');
    const peek = await rejection(bob.client.instances.retrieve(vm.id));
    expect(peek.status).toBe(404);
    expect(peek.code).toBe('NOT_FOUND');
    const list = await bob.client.instances.list();
    expect(list.data).toEqual([]);
  });

  it('answers PROJECT_HEADER_REQUIRED when a resource call has no project', async ({ mock, tenant }) => {
    const noProject = mock.createClient({ accessToken: tenant.client.session.accessToken! });
    const error = await rejection(noProject.instances.list());
    expect(error.code).toBe('PROJECT_HEADER_REQUIRED');
  });

  it('delegates a role to a member until it expires', async ({ mock, tenant: owner }) => {
    const viewer = await seedTenant(mock);
    const store = mock.server.store;
    // Membership through the state (the IAM family adds members through its own API).
    const membershipId = crypto.randomUUID();
    store.state.tables.memberships![membershipId] = {
      id: membershipId,
      created_at: new Date().toISOString(),
      updated_at: new Date().toISOString(),
      project_id: owner.project.id,
      user_id: viewer.user.id,
      role: 'viewer',
    };
    store.replace(store.state);
    const asViewer = viewer.client.withProject(owner.project.id);
    expect(
      (await rejection(asViewer.instances.create({ name: 'v', flavor: 'nano', region: 'hn' }))).code,
    ).toBe('FORBIDDEN');

    const until = new Date(mock.clock.now().getTime() + 3600_000).toISOString();
    const grant = await owner.client.projects.delegate(owner.project.id, {
      user_id: viewer.user.id,
      role: 'editor',
      expires_at: until,
    });
    expect(grant).toMatchObject({ role: 'editor', user_id: viewer.user.id });
    const audit = await owner.client.auditLogs.list({ event: 'role.delegated' });
    expect(audit.data[0]).toMatchObject({
      user_id: owner.user.id,
      details: { user_id: viewer.user.id, role: 'editor' },
    });
    await expect(
      asViewer.instances.create({ name: 'v', flavor: 'nano', region: 'hn' }),
    ).resolves.toMatchObject({ name: 'v' });

    const viewerCannotDelegate = await rejection(
      viewer.client.projects.delegate(owner.project.id, { user_id: viewer.user.id, role: 'owner' }),
    );
    expect(viewerCannotDelegate.code).toBe('FORBIDDEN');

    await mock.clock.advance(3601);
    const fresh = mock.createClient({ refreshToken: viewer.client.session.refreshToken! });
    await fresh.auth.refresh();
    const expired = await rejection(
      fresh.withProject(owner.project.id).instances.create({ name: 'w', flavor: 'nano', region: 'hn' }),
    );
    expect(expired.code).toBe('FORBIDDEN');
  });
});
