import { ConflictError, NotFoundError } from '@nimbus/sdk';
import { describe, expect } from 'vitest';
import { seedTenant } from '../../src/entries/testing';
import { it, rejection } from '../support';

describe('instances with a visible transition delay', () => {
  // slowMock's long delay and the simulated clock make every intermediate state observable.
  it('walks provisioning -> running, running -> stopping -> stopped, stopped -> starting -> running', async ({
    slowMock: mock,
  }) => {
    const { client } = await seedTenant(mock);
    const vm = await client.instances.create({ name: 'web-1', flavor: 'small', region: 'hn' });
    expect(vm).toMatchObject({ status: 'provisioning', image: 'ubuntu-24.04', resource_group_id: null });
    expect((await client.instances.retrieve(vm.id)).status).toBe('provisioning');
    expect((await rejection(client.instances.stop(vm.id))).code).toBe('INVALID_STATE');

    await mock.clock.advance(60);
    expect((await client.instances.retrieve(vm.id)).status).toBe('running');
    const start = await rejection(client.instances.start(vm.id));
    expect(start).toBeInstanceOf(ConflictError);
    expect(start.code).toBe('INVALID_STATE');

    expect((await client.instances.stop(vm.id)).status).toBe('stopping');
    expect((await rejection(client.instances.stop(vm.id))).code).toBe('INVALID_STATE');
    await mock.clock.advance(60);
    expect((await client.instances.retrieve(vm.id)).status).toBe('stopped');

    expect((await client.instances.start(vm.id)).status).toBe('starting');
    await mock.clock.advance(60);
    expect((await client.instances.retrieve(vm.id)).status).toBe('running');
  });

  it('stamps updated_at with the simulated time of each transition', async ({ slowMock: mock }) => {
    const { client } = await seedTenant(mock);
    const vm = await client.instances.create({ name: 'clocked', flavor: 'nano', region: 'hn' });
    await mock.clock.advance(3600);
    const running = await client.instances.retrieve(vm.id);
    const delta = Date.parse(running.updated_at) - Date.parse(vm.created_at);
    expect(delta).toBeGreaterThanOrEqual(60_000);
    expect(delta).toBeLessThan(61_000);
  });
});

describe('instances', () => {
  it('reaches running with delay 0 and waitFor resolves', async ({ tenant: { client } }) => {
    const vm = await client.instances.create({
      name: 'fast',
      flavor: 'micro',
      region: 'hcm',
      image: 'debian-12',
    });
    const running = await client.instances.waitFor(vm.id, 'running', { intervalMs: 10, timeoutMs: 5000 });
    expect(running).toMatchObject({ id: vm.id, status: 'running', image: 'debian-12' });
  });

  it('validates create bodies and names the fields', async ({ tenant: { client } }) => {
    const error = await rejection(
      client.instances.create({ name: '', flavor: 'huge' as 'small', region: 'HN!' }),
    );
    expect(error.status).toBe(400);
    const paths = error.details!.map((d) => d.path);
    expect(paths).toEqual(expect.arrayContaining(['body.name', 'body.flavor', 'body.region']));
    const missing = await rejection(client.instances.create({ name: 'x' } as never));
    expect(missing.details!.map((d) => d.path)).toEqual(
      expect.arrayContaining(['body.flavor', 'body.region']),
    );
  });

  it('answers 404 for a malformed or unknown id and deletes with 204', async ({ tenant: { client } }) => {
    const bad = await rejection(client.instances.retrieve('not-a-uuid'));
    expect(bad.status).toBe(400);
    expect(bad.details![0]!.path).toBe('path.id');
    const unknown = await rejection(client.instances.retrieve(crypto.randomUUID()));
    expect(unknown).toBeInstanceOf(NotFoundError);
    const vm = await client.instances.create({ name: 'doomed', flavor: 'nano', region: 'hn' });
    const { response } = await client.instances.delete(vm.id).withResponse();
    expect(response.status).toBe(204);
    expect((await rejection(client.instances.retrieve(vm.id))).status).toBe(404);
    expect((await rejection(client.instances.delete(vm.id))).status).toBe(404);
  });

  it('pages in created order and filters by status, region and flavor', async ({ tenant: { client } }) => {
    for (let i = 0; i < 5; i++) {
      await client.instances.create({
        name: `vm-${i}`,
        flavor: i % 2 ? 'small' : 'large',
        region: i < 3 ? 'hn' : 'hcm',
      });
    }
    const page = await client.instances.list({ per_page: 2, page: 2 });
    expect(page.total).toBe(5);
    expect(page.data.map((v) => v.name)).toEqual(['vm-2', 'vm-3']);
    const names: string[] = [];
    for await (const vm of client.instances.list({ per_page: 2 })) names.push(vm.name);
    expect(names).toEqual(['vm-0', 'vm-1', 'vm-2', 'vm-3', 'vm-4']);
    const hcm = await client.instances.list({ region: 'hcm' });
    expect(hcm.data.map((v) => v.name)).toEqual(['vm-3', 'vm-4']);
    const large = await client.instances.list({ flavor: 'large', region: 'hn' });
    expect(large.data.map((v) => v.name)).toEqual(['vm-0', 'vm-2']);
    const bad = await rejection(client.instances.list({ status: 'melting' as 'running' }));
    expect(bad.details![0]!.path).toBe('query.status');
  });

  it('enforces the project quota with 403 QUOTA_EXCEEDED', async ({ tenant: { client, project } }) => {
    const quotas = await client.mock.quotas.update(project.id, { limits: { instances: 2 } });
    expect(quotas.limits.instances).toBe(2);
    await client.instances.create({ name: 'q1', flavor: 'nano', region: 'hn' });
    await client.instances.create({ name: 'q2', flavor: 'nano', region: 'hn' });
    const error = await rejection(client.instances.create({ name: 'q3', flavor: 'nano', region: 'hn' }));
    expect(error.status).toBe(403);
    expect(error.code).toBe('QUOTA_EXCEEDED');
    const unknown = await rejection(client.mock.quotas.update(project.id, { limits: { unicorns: 1 } }));
    expect(unknown.status).toBe(400);
  });

  it('answers the first result again for a repeated Idempotency-Key, and 409 for another body', async ({
    tenant: { client },
  }) => {
    const body = { name: 'once', flavor: 'nano', region: 'hn' } as const;
    const first = await client.instances.create(body, { idempotencyKey: 'key-1' });
    const second = await client.instances.create(body, { idempotencyKey: 'key-1' });
    expect(second.id).toBe(first.id);
    expect((await client.instances.list()).total).toBe(1);
    const other = await rejection(
      client.instances.create({ ...body, name: 'twice' }, { idempotencyKey: 'key-1' }),
    );
    expect(other.status).toBe(409);
    expect(other.code).toBe('IDEMPOTENCY_KEY_REUSED');
  });

  it('retries an idempotent create through an injected 503 without creating twice', async ({
    mock,
    tenant: { client, accessToken, project },
  }) => {
    await client.mock.faults.create({ method: 'POST', path: '/api/v1/instances', status: 503, times: 1 });
    const retrying = mock.createClient({ accessToken, projectId: project.id, maxRetries: 2 });
    const vm = await retrying.instances.create(
      { name: 'retried', flavor: 'nano', region: 'hn' },
      { idempotencyKey: 'retry-1' },
    );
    expect(vm.name).toBe('retried');
    expect((await client.instances.list({ name: 'retried' })).total).toBe(1);
  });
});
