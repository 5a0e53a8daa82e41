import { afterEach, describe, expect } from 'vitest';
import { createApp } from '../src/core/pipeline/app';
import { type LazyFamily, lazyFamily } from '../src/core/pipeline/families';
import { seedTenant, startMockServer } from '../src/entries/testing';
import { families } from '../src/families';
import { MemoryPersistence } from '../src/store/persistence';
import { emptyState } from '../src/store/state';
import { Store } from '../src/store/store';
import { it } from './support';

// The server loads a family, and the contract module it answers for, on the first request for
// one of its operations; a store that holds records loads them all first (src/core/pipeline/families.ts).

const opened: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((server) => server.close()));
});

function appOn(store: Store) {
  const app = createApp({ store, families });
  opened.push(app);
  return app;
}

const loaded = (app: { families: { isLoaded(id: string): boolean } }, id: string) =>
  app.families.isLoaded(id);

describe('lazy families', () => {
  it('load on the first request for one of their operations, not at start', async () => {
    const app = appOn(new Store(new MemoryPersistence(), emptyState('s'.repeat(32))));
    await app.ready;
    expect(loaded(app, 'v1.auth.register')).toBe(false);
    expect(loaded(app, 'v1.instances.create')).toBe(false);
    const answer = await app.fetch(
      new Request('http://nimbus.test/api/v1/auth/register', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'a@example.com', password: 'correct-horse-1', full_name: 'A' }),
      }),
    );
    expect(answer.status).toBe(201);
    expect(loaded(app, 'v1.auth.register')).toBe(true);
    expect(loaded(app, 'v1.auth.login')).toBe(true);
    expect(loaded(app, 'v1.instances.create')).toBe(false);
  });

  it('all load before a server answers from a store that holds records', async () => {
    const state = emptyState('s'.repeat(32));
    state.tables.users = {
      u: { id: 'u', created_at: '2026-01-01T00:00:00.000Z', updated_at: '2026-01-01T00:00:00.000Z' },
    };
    const app = appOn(new Store(new MemoryPersistence(), state));
    await app.ready;
    expect(loaded(app, 'v1.instances.create')).toBe(true);
    expect(loaded(app, 'v2.cameras.create')).toBe(true);
  });

  it("all load before a state import, so an imported record's pending transition runs its family's listeners", async () => {
    // A cache instance still provisioning, its transition to available pending: exported from
    // one server, imported into a new one that has loaded no family yet.
    const source = await startMockServer({ transitionDelayMs: 60_000 });
    opened.push(source);
    const { client, accessToken, project } = await seedTenant(source);
    const cache = await client.cacheInstances.create({ name: 'sessions', region: 'hn' });
    expect(cache).toMatchObject({ status: 'provisioning', provisioned_at: null });
    const exported = source.exportState({ includeSecret: true });

    const target = await startMockServer({ transitionDelayMs: 60_000 });
    opened.push(target);
    expect(loaded(target.server.app, 'v1.cacheInstances.retrieve')).toBe(false);
    await target.importState(exported);
    await target.clock.advance(120);
    // Its family's setup stamps provisioned_at on the way to available.
    const there = target.createClient({ accessToken, projectId: project.id });
    const after = await there.cacheInstances.retrieve(cache.id);
    expect(after.status).toBe('available');
    expect(after.provisioned_at).toEqual(expect.any(String));
  });

  it('refuse a family that binds an operation another one claims', async () => {
    const [auth] = (await families.find((family) => family.answers.includes('v1.auth'))!.load()) as never[];
    const claimsUsers: LazyFamily = lazyFamily(['v1.users'], async () => auth!);
    const app = createApp({
      store: new Store(new MemoryPersistence(), emptyState('s'.repeat(32))),
      families: [claimsUsers],
    });
    opened.push(app);
    await expect(Promise.resolve(app.families.operation('v1.users.me'))).rejects.toThrow(
      /v1\.auth\.\w+ is answered by a family that does not claim it/,
    );
  });
});
