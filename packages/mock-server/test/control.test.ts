import { describe, expect } from 'vitest';
import { seedTenant } from '../src/entries/testing';
import { it } from './support';

describe('mock control routes', () => {
  it('reset empties the state but keeps the server secret', async ({ mock, tenant: { client } }) => {
    await client.instances.create({ name: 'gone-soon', flavor: 'nano', region: 'hn' });
    const secret = mock.server.store.state.secret;
    await mock.reset();
    expect(mock.server.store.state.secret).toBe(secret);
    const exported = await mock.client.mock.state.export();
    expect(
      Object.values(exported.tables as Record<string, object>).every((t) => Object.keys(t).length === 0),
    ).toBe(true);
  });

  it('exports the state without the secret and imports it back', async ({ mock }) => {
    await mock.reset();
    const { client, user } = await seedTenant(mock, { password: 'export-password' });
    const vm = await client.instances.create({ name: 'exported', flavor: 'nano', region: 'hn' });
    const exported = await mock.client.mock.state.export();
    const text = JSON.stringify(exported);
    expect(exported).not.toHaveProperty('secret');
    expect(text).not.toContain('export-password');
    expect(text).not.toContain(client.session.refreshToken!);

    await mock.reset();
    await expect(client.instances.retrieve(vm.id)).rejects.toMatchObject({ status: 401 });
    await mock.client.mock.state.import(exported);
    const again = mock.createClient();
    await again.auth.login({ email: user.email, password: 'export-password' });
    await expect(again.withProject(vm.project_id).instances.retrieve(vm.id)).resolves.toMatchObject({
      name: 'exported',
    });
  });

  it('refuses an import that is not a state, and keeps the current one', async ({
    mock,
    tenant: { client },
  }) => {
    const before = (await client.projects.list()).total;
    await expect(mock.client.mock.state.import({ tables: 'nope' })).rejects.toMatchObject({
      status: 400,
      code: 'VALIDATION_ERROR',
    });
    await expect(mock.client.mock.state.import({ a: 1 })).rejects.toMatchObject({
      status: 400,
      code: 'VALIDATION_ERROR',
    });
    expect((await client.projects.list()).total).toBe(before);
  });

  it('advances the simulated clock', async ({ mock }) => {
    const before = await mock.client.mock.clock.retrieve();
    const after = await mock.client.mock.clock.advance({ seconds: 7200 });
    expect(Date.parse(after.now) - Date.parse(before.now)).toBeGreaterThanOrEqual(7200_000);
    expect(after.offset_ms - before.offset_ms).toBe(7200_000);
    await expect(mock.client.mock.clock.advance({ seconds: -1 })).rejects.toMatchObject({ status: 400 });
  });

  it('injects faults for matching routes a number of times, and clears them', async ({
    mock,
    tenant: { client },
  }) => {
    await mock.client.mock.faults.create({ method: 'GET', path: '/api/v1/instances', status: 500, times: 2 });
    await expect(client.instances.list()).rejects.toMatchObject({ status: 500, code: 'INTERNAL_ERROR' });
    await expect(client.instances.list()).rejects.toMatchObject({ status: 500 });
    await expect(client.instances.list()).resolves.toMatchObject({ total: 0 });

    await mock.client.mock.faults.create({ path: '/api/v1/*', status: 429 });
    await expect(client.users.me()).rejects.toMatchObject({ status: 429, code: 'RATE_LIMITED' });
    await mock.client.mock.faults.clear();
    await expect(client.users.me()).resolves.toBeDefined();
  });

  it('delays matching requests', async ({ mock, tenant: { client } }) => {
    await mock.client.mock.faults.create({ path: '/api/v1/users/me', delay_ms: 200, times: 1 });
    const slow = client.users.me({ timeoutMs: 50, maxRetries: 0 });
    await expect(slow).rejects.toMatchObject({ name: 'APITimeoutError' });
  });
});
