import { describe, expect, it } from 'vitest';
import { seedTenant, startMockServer } from '../../src/entries/testing';

/** The tenancy and handler stages need a state with users, projects and roles: a server gives one. */
describe('tenancy stage', () => {
  it('requires X-Project-ID (400), a UUID (400), a project of the caller (403) and a role that allows it (403)', async () => {
    const mock = await startMockServer();
    try {
      const a = await seedTenant(mock);
      const b = await seedTenant(mock);
      const call = (headers: Record<string, string>, method = 'GET') =>
        fetch(`${mock.url}/api/v1/instances`, {
          method,
          headers: {
            authorization: `Bearer ${a.accessToken}`,
            'content-type': 'application/json',
            ...headers,
          },
          body: method === 'POST' ? '{}' : undefined,
        }).then(async (res) => ({ status: res.status, code: (await res.json()).error?.code }));
      expect(await call({})).toEqual({ status: 400, code: 'PROJECT_HEADER_REQUIRED' });
      expect(await call({ 'x-project-id': 'nope' })).toEqual({ status: 400, code: 'VALIDATION_ERROR' });
      expect(await call({ 'x-project-id': b.project.id })).toEqual({
        status: 403,
        code: 'PROJECT_FORBIDDEN',
      });
      expect(await call({ 'x-project-id': crypto.randomUUID() })).toEqual({
        status: 403,
        code: 'PROJECT_FORBIDDEN',
      });
      expect((await call({ 'x-project-id': a.project.id })).status).toBe(200);
    } finally {
      await mock.close();
    }
  });
});

describe('handler stage', () => {
  it('logs every project write that reached its handler, refused or not, and replays an idempotent POST', async () => {
    const mock = await startMockServer();
    try {
      const { client } = await seedTenant(mock);
      const body = { name: 'web', flavor: 'small', region: 'hn' } as const;
      const first = await client.instances.create(body, { idempotencyKey: 'k-1' });
      const replay = await client.instances.create(body, { idempotencyKey: 'k-1' });
      expect(replay.id).toBe(first.id);
      await expect(client.instances.retrieve(crypto.randomUUID())).rejects.toMatchObject({ status: 404 });
      await expect(client.instances.delete(crypto.randomUUID())).rejects.toMatchObject({ status: 404 });
      const log = [];
      for await (const entry of client.activityLogs.list()) log.push(`${entry.method} ${entry.status}`);
      // One create (the replay ran no handler), one refused delete, and no read.
      expect(log.sort()).toEqual(['DELETE 404', 'POST 201']);
    } finally {
      await mock.close();
    }
  });
});
