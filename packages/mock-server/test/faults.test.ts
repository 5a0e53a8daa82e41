import { APIConnectionError, type APIError, BadRequestError, Nimbus, NotFoundError } from '@nimbus/sdk';
import { setupServer } from 'msw/node';
import { describe, expect, it } from 'vitest';
import { inProcessFetch } from '../src/adapters/fetch';
import { ControlRouteError, createNimbusHandlers } from '../src/entries/msw';
import type { MockServer, SeededTenant } from '../src/entries/testing';
import { rejection, resetServerEachTest } from './support';

/** Faults as a resource: /__mock/faults, client.mock.faults, mock.faults, the msw handle's faults. */
let mock: MockServer;
let tenant: SeededTenant;

resetServerEachTest((server, seeded) => {
  mock = server;
  tenant = seeded;
});

describe('the fault resource', () => {
  it('lists faults with their ids and remaining uses, removes one, and clears all', async () => {
    const once = await mock.client.mock.faults.create({
      method: 'get',
      path: '/api/v1/instances',
      status: 500,
      times: 1,
    });
    const always = await mock.client.mock.faults.create({ path: '/api/v1/buckets*', status: 503 });
    expect(once).toMatchObject({ method: 'GET', remaining: 1 });
    expect((await mock.client.mock.faults.list()).data.map((f) => [f.id, f.remaining])).toEqual([
      [once.id, 1],
      [always.id, null],
    ]);
    // The route is not paged: its whole answer is one page, and `for await` walks it.
    const page = await mock.client.mock.faults.list();
    expect([page.nextCursor, page.hasNextPage()]).toEqual([null, false]);
    const walked: string[] = [];
    for await (const fault of mock.client.mock.faults.list()) walked.push(fault.id);
    expect(walked).toEqual([once.id, always.id]);

    await expect(tenant.client.instances.list()).rejects.toMatchObject({ status: 500 });
    expect((await mock.client.mock.faults.list()).data.map((f) => f.id)).toEqual([always.id]);

    await mock.client.mock.faults.delete(always.id);
    expect((await mock.client.mock.faults.list()).data).toEqual([]);
    await expect(tenant.client.buckets.list()).resolves.toMatchObject({ total: 0 });
    await expect(mock.client.mock.faults.delete(always.id)).rejects.toBeInstanceOf(NotFoundError);

    await mock.faults.create({ status: 500 });
    await mock.faults.create({ status: 502 });
    await mock.faults.clear();
    expect(await mock.faults.list()).toEqual([]);
  });

  it('refuses specs that contradict themselves, with the field named', async () => {
    const cases = [
      [{ code: 'X' }, 'body.status'],
      [{ status: 500, body: 'oops', message: 'm' }, 'body.body'],
      [{ drop_connection: true, status: 500 }, 'body.drop_connection'],
      [{ method: 'BREW' }, 'body.method'],
      [{ probability: 1.5 }, 'body.probability'],
    ] as const;
    for (const [spec, path] of cases) {
      const error = await rejection(mock.client.mock.faults.create(spec as never));
      expect(error).toBeInstanceOf(BadRequestError);
      expect(error.details).toEqual(expect.arrayContaining([expect.objectContaining({ path })]));
    }
  });
});

describe('what a fault answers', () => {
  it('an error code and message in the envelope of the API the path belongs to', async () => {
    await mock.faults.create({
      path: '/api/v1/users/me',
      status: 409,
      code: 'QUOTA_EXCEEDED',
      message: 'Try later',
    });
    await expect(tenant.client.users.me()).rejects.toMatchObject({
      status: 409,
      code: 'QUOTA_EXCEEDED',
      message: expect.stringContaining('Try later'),
    });
    await mock.faults.create({ path: '/v2/health', status: 503, code: 'DOWN', message: 'down' });
    const v2 = await fetch(`${mock.url}/v2/health`);
    expect(v2.status).toBe(503);
    expect(await v2.json()).toMatchObject({ error: { code: 'DOWN', message: 'down' } });
  });

  it('a raw body with its content type', async () => {
    await mock.faults.create({
      path: '/api/v1/users/me',
      status: 502,
      body: '<h1>Bad gateway</h1>',
      content_type: 'text/html',
    });
    const response = await fetch(`${mock.url}/api/v1/users/me`, {
      headers: { authorization: `Bearer ${tenant.accessToken}` },
    });
    expect(response.status).toBe(502);
    expect(response.headers.get('content-type')).toBe('text/html');
    expect(await response.text()).toBe('<h1>Bad gateway</h1>');
  });

  it('a dropped connection: the client sees a network error, and the journal status 0', async () => {
    await mock.faults.create({ path: '/api/v1/users/me', drop_connection: true, times: 1 });
    await expect(tenant.client.users.me()).rejects.toBeInstanceOf(APIConnectionError);
    expect(mock.requests.find({ path: '/api/v1/users/me' })).toMatchObject({ status: 0 });
    await expect(tenant.client.users.me()).resolves.toMatchObject({ email: tenant.user.email });
  });

  it('a slow body: the route answer, in pieces', async () => {
    await mock.faults.create({ path: '/api/v1/users/me', slow_body_ms: 100 });
    const response = await fetch(`${mock.url}/api/v1/users/me`, {
      headers: { authorization: `Bearer ${tenant.accessToken}` },
    });
    expect(response.status).toBe(200);
    const reader = response.body!.getReader();
    const chunks: Uint8Array[] = [];
    for (let read = await reader.read(); !read.done; read = await reader.read()) chunks.push(read.value);
    expect(chunks.length).toBeGreaterThan(1);
    const text = Buffer.concat(chunks).toString();
    expect(JSON.parse(text)).toMatchObject({ success: true, data: { email: tenant.user.email } });
  });

  it('matches on query and headers as subsets, and on {param} path templates', async () => {
    const [a, b] = await Promise.all([
      tenant.client.instances.create({ name: 'a', flavor: 'small', region: 'hn' }),
      tenant.client.instances.create({ name: 'b', flavor: 'small', region: 'hn' }),
    ]);
    await mock.faults.create({
      path: '/api/v1/instances/{id}',
      headers: { 'X-Test-Case': 'broken' },
      status: 500,
    });
    await mock.faults.create({ path: '/api/v1/instances', query: { region: 'sg' }, status: 503 });
    await expect(
      tenant.client.instances.retrieve(a!.id, { headers: { 'x-test-case': 'broken' } }),
    ).rejects.toMatchObject({ status: 500 });
    await expect(tenant.client.instances.retrieve(b!.id)).resolves.toMatchObject({ name: 'b' });
    await expect(tenant.client.instances.list({ region: 'sg', per_page: 5 })).rejects.toMatchObject({
      status: 503,
    });
    await expect(tenant.client.instances.list({ region: 'hn' })).resolves.toMatchObject({ total: 2 });
  });

  it('applies with its probability, the same way for the same seed', async () => {
    const outcomes = async () => {
      await mock.faults.clear();
      await mock.faults.create({ path: '/api/v1/users/me', status: 500, probability: 0.5, seed: 42 });
      const out: number[] = [];
      for (let i = 0; i < 20; i++)
        out.push(
          await tenant.client.users.me().then(
            () => 200,
            (e: unknown) => (e as APIError).status,
          ),
        );
      return out;
    };
    const first = await outcomes();
    expect(first).toContain(500);
    expect(first).toContain(200);
    expect(await outcomes()).toEqual(first);
  });
});

describe('faults without a socket', () => {
  it('in-process fetch rejects a dropped connection with a TypeError', async () => {
    const { app } = mock.server;
    await mock.faults.create({ path: '/v2/health', drop_connection: true, times: 1 });
    const send = inProcessFetch(app);
    await expect(send('/v2/health')).rejects.toBeInstanceOf(TypeError);
    await expect(send('/v2/health')).resolves.toMatchObject({ status: 200 });
  });

  it('the msw handle drives faults: errors, dropped connections, refusals', async () => {
    const nimbus = createNimbusHandlers({ baseUrl: 'http://nimbus.test' });
    const server = setupServer(...nimbus.handlers);
    server.listen({ onUnhandledRequest: 'error' });
    try {
      const client = new Nimbus({ baseUrl: 'http://nimbus.test', maxRetries: 0 });
      const fault = await nimbus.faults.create({
        method: 'get',
        path: '/v2/health',
        drop_connection: true,
        times: 1,
      });
      expect(await nimbus.faults.list()).toEqual([fault]);
      await expect(fetch('http://nimbus.test/v2/health')).rejects.toThrow(TypeError);
      await nimbus.faults.create({ path: '/api/v1/auth/login', status: 503, code: 'MAINTENANCE' });
      await expect(client.auth.login({ email: 'a@b.test', password: 'x' })).rejects.toMatchObject({
        status: 503,
        code: 'MAINTENANCE',
      });
      await expect(nimbus.faults.delete('no-such-fault')).rejects.toBeInstanceOf(ControlRouteError);
      await expect(nimbus.faults.create({ code: 'X' })).rejects.toMatchObject({
        status: 400,
        code: 'VALIDATION_ERROR',
      });
      await nimbus.faults.clear();
      expect(await nimbus.faults.list()).toEqual([]);
    } finally {
      server.close();
      await nimbus.close();
    }
  });
});
