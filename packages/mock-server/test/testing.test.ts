import { statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, vi } from 'vitest';
import { seedTenant, startMockServer } from '../src/entries/testing';
import { it } from './support';

describe('startMockServer', () => {
  it('listens on an ephemeral loopback port, in memory, with a ready client', async ({ mock }) => {
    expect(mock.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(mock.server.port).not.toBe(4010);
    expect(mock.server.store.location).toBe('memory');
    expect(mock.client.baseUrl).toBe(mock.url);
    await expect(mock.client.video.health.live()).resolves.toEqual({ status: 'ok' });
  });

  it('runs lifecycles without delay and moves the simulated clock', async ({ mock, tenant: { client } }) => {
    const vm = await client.instances.create({ name: 'web', flavor: 'small', region: 'hn' });
    expect(vm.status).toBe('provisioning');
    expect((await client.instances.retrieve(vm.id)).status).toBe('running');
    const before = mock.clock.now().getTime();
    await mock.clock.advance(3600);
    expect(mock.clock.now().getTime() - before).toBeGreaterThanOrEqual(3_600_000);
  });

  it('gives records made one after another distinct creation times, so lists keep creation order', async ({
    mock,
    tenant: { client },
  }) => {
    const names = Array.from({ length: 12 }, (_, i) => `order-${i}`);
    // The wall clock stands still, as it seems to when creates are answered within a millisecond.
    const frozen = vi.spyOn(Date, 'now').mockReturnValue(Date.now());
    try {
      const before = mock.clock.now().getTime();
      for (const name of names) await client.topics.create({ name });
      // One millisecond per accepted write; reads leave the clock alone.
      await client.topics.list();
      expect(mock.clock.now().getTime() - before).toBe(names.length);
    } finally {
      frozen.mockRestore();
    }
    const listed = await client.topics.list({ per_page: 100 });
    expect(listed.data.map((t) => t.name)).toEqual(names);
    expect(new Set(listed.data.map((t) => t.created_at)).size).toBe(names.length);
  });

  it('reset() empties the state', async ({ mock, tenant }) => {
    await mock.reset();
    await expect(
      mock.createClient().auth.login({ email: tenant.user.email, password: tenant.user.password }),
    ).rejects.toMatchObject({ status: 401 });
  });
});

describe('seedTenant', () => {
  it('creates the resources given by SDK namespace, in order, in the new project', async ({ mock }) => {
    const { client, project, resources } = await seedTenant(mock, {
      name: 'fixture',
      instances: [
        { name: 'web-1', flavor: 'small', region: 'hn' },
        { name: 'web-2', flavor: 'medium', region: 'hcm' },
      ],
      buckets: [{ name: 'fixture-assets', region: 'hn' }],
    });
    expect(resources.instances.map((vm) => vm.name)).toEqual(['web-1', 'web-2']);
    expect(resources.buckets[0]).toMatchObject({ name: 'fixture-assets', project_id: project.id });
    expect(resources.instances.every((vm) => vm.project_id === project.id)).toBe(true);
    const listed = await client.instances.list();
    expect(listed.data.map((vm) => vm.id).sort()).toEqual(resources.instances.map((vm) => vm.id).sort());
  });

  it('fails with the API error when a resource body is refused', async ({ mock }) => {
    await expect(
      seedTenant(mock, { instances: [{ name: 'x', flavor: 'enormous' as 'small', region: 'hn' }] }),
    ).rejects.toMatchObject({ status: 400, code: 'VALIDATION_ERROR' });
  });

  it('refuses a key that is no SDK namespace with create()', async ({ mock }) => {
    await expect(seedTenant(mock, { nonsense: [{}] } as never)).rejects.toThrow(/not an SDK namespace/);
  });
});

describe('many servers at once', () => {
  it('run 8 servers in parallel with no shared port, file or state', async () => {
    // Whatever the working directory holds (a state file left by `npm start`), it stays as it was.
    const defaultStateFile = join(process.cwd(), '.nimbus', 'state.json');
    const before = fileVersion(defaultStateFile);
    const servers = await Promise.all(Array.from({ length: 8 }, () => startMockServer()));
    try {
      expect(new Set(servers.map((s) => s.server.port)).size).toBe(8);
      // The same e-mail on every server: each registration succeeds, so no state is shared.
      const tenants = await Promise.all(
        servers.map((mock) =>
          seedTenant(mock, {
            email: 'same@example.com',
            instances: [{ name: 'vm', flavor: 'small', region: 'hn' }],
          }),
        ),
      );
      const lists = await Promise.all(tenants.map((t) => t.client.instances.list()));
      lists.forEach((list, i) => {
        expect(list.data.map((vm) => vm.id)).toEqual([tenants[i]!.resources.instances[0]!.id]);
      });
      // A token of one server means nothing to another (each has its own secret).
      const stranger = servers[1]!.createClient({ accessToken: tenants[0]!.accessToken });
      await expect(stranger.projects.list()).rejects.toMatchObject({ status: 401 });
      expect(servers.every((s) => s.server.store.location === 'memory')).toBe(true);
      expect(fileVersion(defaultStateFile)).toEqual(before);
    } finally {
      await Promise.all(servers.map((s) => s.close()));
    }
  });
});

/** A file's size and modification time, or undefined when there is none. */
function fileVersion(path: string): { size: number; mtimeMs: number } | undefined {
  const stats = statSync(path, { throwIfNoEntry: false });
  return stats && { size: stats.size, mtimeMs: stats.mtimeMs };
}
