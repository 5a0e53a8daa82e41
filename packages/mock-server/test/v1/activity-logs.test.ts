import { describe, expect } from 'vitest';
import { seedTenant } from '../../src/entries/testing';
import { it } from '../support';

describe('activity logs', () => {
  it('records creates and deletes with actor, status and the request id, newest first', async ({
    mock,
    tenant: { client, user, project },
  }) => {
    const created = await client.instances
      .create({ name: 'web-1', flavor: 'small', region: 'hn' })
      .withResponse();
    // Distinct times: entries are ordered by time, and ties fall back to (random) ids.
    await mock.clock.advance(1);
    const deleted = await client.instances.delete(created.data.id).withResponse();
    expect(created.requestId).toBeTruthy();

    const logs = await client.activityLogs.list();
    expect(logs.total).toBe(2);
    expect(logs.data).toEqual([
      expect.objectContaining({
        project_id: project.id,
        actor: `user:${user.id}`,
        actor_type: 'user',
        operation: 'instances.delete',
        method: 'DELETE',
        path: `/api/v1/instances/${created.data.id}`,
        resource_id: created.data.id,
        status: 204,
        request_id: deleted.requestId,
      }),
      expect.objectContaining({
        operation: 'instances.create',
        method: 'POST',
        path: '/api/v1/instances',
        resource_id: created.data.id,
        status: 201,
        request_id: created.requestId,
      }),
    ]);
    const oldestFirst = await client.activityLogs.list({ order: 'asc' });
    expect(oldestFirst.data.map((e) => e.operation)).toEqual(['instances.create', 'instances.delete']);
  });

  it('echoes a request id the caller chose', async ({ tenant: { client } }) => {
    await client.policies.create({ name: 'traced' }, { headers: { 'x-request-id': 'trace-policy-1' } });
    const [entry] = (await client.activityLogs.list({ operation: 'policies.create' })).data;
    expect(entry?.request_id).toBe('trace-policy-1');
  });

  it('filters by operation, status, actor, resource and time, and pages', async ({
    mock,
    tenant: { client, user },
  }) => {
    const a = await client.instances.create({ name: 'a', flavor: 'small', region: 'hn' });
    const b = await client.instances.create({ name: 'b', flavor: 'small', region: 'hn' });
    await mock.clock.advance(60);
    const since = mock.clock.now().toISOString();
    await client.instances.delete(a.id);
    await mock.clock.advance(1);
    await client.instances.stop(b.id);

    expect((await client.activityLogs.list({ operation: 'instances.create' })).total).toBe(2);
    // The operation id of the OpenAPI document and the SDK (what the error of a call names).
    expect((await client.activityLogs.list({ operation: 'v1.instances.create' })).total).toBe(2);
    expect((await client.activityLogs.list({ status: 204 })).data.map((e) => e.resource_id)).toEqual([a.id]);
    expect((await client.activityLogs.list({ actor: `user:${user.id}` })).total).toBe(4);
    expect((await client.activityLogs.list({ actor: 'user:someone-else' })).total).toBe(0);
    expect((await client.activityLogs.list({ resource_id: b.id })).data.map((e) => e.operation)).toEqual([
      'instances.stop',
      'instances.create',
    ]);
    const recent = await client.activityLogs.list({ since });
    expect(recent.data.map((e) => e.operation)).toEqual(['instances.stop', 'instances.delete']);

    const page = await client.activityLogs.list({ per_page: 3, page: 2 });
    expect(page).toMatchObject({ total: 4, page: 2, perPage: 3 });
    expect(page.data.map((e) => e.operation)).toEqual(['instances.create']);
    const all: string[] = [];
    for await (const entry of client.activityLogs.list({ per_page: 1 })) all.push(entry.operation);
    expect(all).toHaveLength(4);
  });

  it('answers 400 for malformed filters', async ({ tenant: { client } }) => {
    for (const [query, path] of [
      [{ since: 'yesterday' }, 'query.since'],
      [{ status: 42 }, 'query.status'],
      [{ order: 'sideways' }, 'query.order'],
    ] as const) {
      const error = await client.activityLogs.list(query as never).catch((e: unknown) => e);
      expect(error).toMatchObject({ status: 400, details: [{ path }] });
    }
  });

  it('refuses an operation it does not know, naming it and the one meant', async ({ tenant: { client } }) => {
    for (const [operation, says] of [
      ['v1.instances.craete', 'unknown operation "v1.instances.craete": did you mean "v1.instances.create"?'],
      ['instance.create', 'unknown operation "instance.create": did you mean "v1.instances.create"?'],
      ['launch.rockets', 'unknown operation "launch.rockets": use an operation id of the OpenAPI document'],
      ['v1.instances.list', '"v1.instances.list" only reads'],
      // The control routes act on no project: the log never holds them.
      ['mock.quotas.update', 'unknown operation "mock.quotas.update": use an operation id'],
    ] as const) {
      const error = await client.activityLogs.list({ operation }).catch((e: unknown) => e);
      expect(error, operation).toMatchObject({ status: 400, details: [{ path: 'query.operation' }] });
      expect((error as Error).message, operation).toContain(says);
    }
  });

  it('keeps each project to its own log', async ({ mock, tenant: alice }) => {
    const bob = await seedTenant(mock);
    await alice.client.instances.create({ name: 'web-1', flavor: 'small', region: 'hn' });
    expect((await alice.client.activityLogs.list()).total).toBe(1);
    expect((await bob.client.activityLogs.list()).total).toBe(0);
  });
  it('records refused calls with their status, and the id of what a create made', async ({
    tenant: { client },
  }) => {
    const vm = await client.instances.create({ name: 'logged', flavor: 'nano', region: 'hn' });
    await client.instances.waitFor(vm.id, 'running', { intervalMs: 5 });
    await expect(client.instances.start(vm.id)).rejects.toMatchObject({ status: 409 });
    const entries = (await client.activityLogs.list({ order: 'asc' })).data;
    expect(entries.map((e) => [e.operation, e.status, e.resource_id])).toEqual([
      ['instances.create', 201, vm.id],
      ['instances.start', 409, vm.id],
    ]);
  });
});
