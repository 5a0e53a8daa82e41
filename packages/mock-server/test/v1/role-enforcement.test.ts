import { AuthenticationError, PermissionDeniedError } from '@nimbus/sdk';
import { describe, expect } from 'vitest';
import { seedTenant } from '../../src/entries/testing';
import { it, memberWithRole, rejection } from '../support';

// The core checks `<family>:read|write` (and `iam:admin`) on every project route; these prove it
// end to end for built-in roles, custom roles, delegations and API keys.

const vm = { name: 'vm', flavor: 'nano', region: 'hn' } as const;
const bucketName = () => `enforce-${crypto.randomUUID().slice(0, 8)}`;

async function forbidden(promise: Promise<unknown>) {
  const error = await rejection(promise);
  expect(error).toBeInstanceOf(PermissionDeniedError);
  expect(error.code).toBe('FORBIDDEN');
  return error as typeof error & { details: { permission: string } };
}

describe('built-in roles', () => {
  it('a viewer reads but every write answers 403 FORBIDDEN, across families', async ({
    mock,
    tenant: owner,
  }) => {
    const { client: viewer } = await memberWithRole(mock, owner, 'viewer');
    await owner.client.instances.create(vm);
    await expect(viewer.instances.list()).resolves.toMatchObject({ total: 1 });
    await expect(viewer.buckets.list()).resolves.toMatchObject({ total: 0 });

    expect((await forbidden(viewer.instances.create(vm))).details.permission).toBe('compute:write');
    expect(
      (await forbidden(viewer.buckets.create({ name: bucketName(), region: 'hn' }))).details.permission,
    ).toBe('storage:write');
    expect((await forbidden(viewer.zones.create({ name: 'viewer.example' }))).details.permission).toBe(
      'dns:write',
    );
    expect(
      (await forbidden(viewer.iam.roles.create({ name: 'sneaky', permissions: ['compute:write'] }))).details
        .permission,
    ).toBe('iam:admin');
  });

  it('an editor writes resources but cannot create keys, roles or members', async ({
    mock,
    tenant: owner,
  }) => {
    const { tenant: editorTenant, client: editor } = await memberWithRole(mock, owner, 'editor');
    await expect(editor.instances.create(vm)).resolves.toMatchObject({ name: 'vm' });
    await expect(
      editor.registries.create({ name: `reg${crypto.randomUUID().slice(0, 8)}`, region: 'hn' }),
    ).resolves.toMatchObject({ sku: 'basic' });
    await expect(editor.iam.users.list()).resolves.toMatchObject({ total: 2 });

    expect((await forbidden(editor.iam.keys.create({ name: 'k', role: 'viewer' }))).details.permission).toBe(
      'iam:admin',
    );
    await forbidden(editor.iam.roles.create({ name: 'mine', permissions: ['dns:read'] }));
    await forbidden(editor.iam.users.create({ email: editorTenant.user.email, role: 'owner' }));
  });
});

describe('custom roles', () => {
  it('compute:write creates instances (and reads them) but cannot read buckets or zones', async ({
    mock,
    tenant: owner,
  }) => {
    await owner.client.iam.roles.create({ name: 'vm-operator', permissions: ['compute:write'] });
    const { client: operator } = await memberWithRole(mock, owner, 'vm-operator');

    const created = await operator.instances.create(vm);
    await expect(operator.instances.retrieve(created.id)).resolves.toMatchObject({ id: created.id });
    expect((await forbidden(operator.buckets.list())).details.permission).toBe('storage:read');
    expect((await forbidden(operator.zones.list())).details.permission).toBe('dns:read');
    await forbidden(operator.iam.users.list());
  });
});

describe('delegation', () => {
  it('grants its role until the clock passes expires_at', async ({ mock, tenant: owner }) => {
    const { tenant, client: viewer } = await memberWithRole(mock, owner, 'viewer');
    await forbidden(viewer.instances.create(vm));

    const until = new Date(mock.clock.now().getTime() + 3_600_000).toISOString();
    await owner.client.projects.delegate(owner.project.id, {
      user_id: tenant.user.id,
      role: 'editor',
      expires_at: until,
    });
    await expect(viewer.instances.create(vm)).resolves.toMatchObject({ name: 'vm' });

    await mock.clock.advance(3599);
    await expect(viewer.zones.create({ name: 'still-editor.example' })).resolves.toMatchObject({
      type: 'public',
    });
    await mock.clock.advance(2);
    await forbidden(viewer.instances.create(vm));
    // The membership role stays.
    await expect(viewer.instances.list()).resolves.toMatchObject({ total: 1 });
  });
});

describe('API keys', () => {
  it("authenticate resource calls of the key's project only, with or without X-Project-ID", async ({
    mock,
    tenant: owner,
  }) => {
    const other = await seedTenant(mock);
    const { key } = await owner.client.iam.keys.create({ name: 'ci', role: 'editor' });

    const inProject = mock.createClient({ apiKey: key, projectId: owner.project.id });
    const created = await inProject.instances.create(vm);
    await expect(owner.client.instances.retrieve(created.id)).resolves.toMatchObject({ id: created.id });
    // Without a header the key's own project is used.
    const bare = mock.createClient({ apiKey: key });
    await expect(bare.instances.list()).resolves.toMatchObject({ total: 1 });

    const elsewhere = await rejection(
      mock.createClient({ apiKey: key, projectId: other.project.id }).instances.list(),
    );
    expect(elsewhere).toBeInstanceOf(PermissionDeniedError);
    expect(elsewhere.code).toBe('PROJECT_FORBIDDEN');

    // Keys are for project resources, never for account routes.
    expect(await rejection(bare.users.me())).toBeInstanceOf(AuthenticationError);
    const wrong = await rejection(
      mock.createClient({ apiKey: `${key}x`, projectId: owner.project.id }).instances.list(),
    );
    expect(wrong.code).toBe('UNAUTHENTICATED');
  });

  it('carry their role: a viewer key reads but cannot create, a custom-role key is bounded too', async ({
    mock,
    tenant: owner,
  }) => {
    const viewerKey = await owner.client.iam.keys.create({ name: 'dash', role: 'viewer' });
    const asViewer = mock.createClient({ apiKey: viewerKey.key, projectId: owner.project.id });
    await expect(asViewer.instances.list()).resolves.toMatchObject({ total: 0 });
    await forbidden(asViewer.instances.create(vm));
    await forbidden(asViewer.iam.keys.create({ name: 'escalate', role: 'editor' }));

    await owner.client.iam.roles.create({ name: 'dns-admin', permissions: ['dns:*'] });
    const dnsKey = await owner.client.iam.keys.create({ name: 'dns', role: 'dns-admin' });
    const asDns = mock.createClient({ apiKey: dnsKey.key, projectId: owner.project.id });
    await expect(asDns.zones.create({ name: 'keyed.example' })).resolves.toMatchObject({
      name: 'keyed.example',
    });
    await forbidden(asDns.instances.list());
  });
});
