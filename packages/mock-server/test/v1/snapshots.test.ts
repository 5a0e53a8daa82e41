import { NotFoundError } from '@nimbus/sdk';
import { describe, expect } from 'vitest';
import { it, paths, rejection } from '../support';
import { availableDatabase } from './backup-support';

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
