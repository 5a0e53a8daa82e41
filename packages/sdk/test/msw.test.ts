import { createNimbusHandlers } from '@nimbus/mock-server/msw';
import { startMockServer } from '@nimbus/mock-server/testing';
import { APIConnectionError, Nimbus, NotFoundError } from '@nimbus/sdk';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

// msw's own setupServer in Node, and SDK clients given no `fetch` option: msw patches
// globalThis.fetch, and the SDK's Node transport must go through it while it is installed.

const ORIGIN = 'http://nimbus.test';

describe('SDK under msw setupServer, no fetch option', () => {
  const nimbus = createNimbusHandlers({ baseUrl: ORIGIN });
  const server = setupServer(...nimbus.handlers);
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterAll(async () => {
    server.close();
    await nimbus.close();
  });

  it('reaches the handlers: sign-up, project, instance, all in the handlers state', async () => {
    const client = new Nimbus({ baseUrl: ORIGIN, maxRetries: 0 });
    await client.auth.register({
      email: 'ada@example.com',
      password: 'correct-horse-battery',
      full_name: 'Ada',
    });
    await client.auth.login({ email: 'ada@example.com', password: 'correct-horse-battery' });
    const project = await client.projects.create({ name: 'shop' });
    const shop = client.withProject(project.id);

    const vm = await shop.instances.create({ name: 'web-1', flavor: 'small', region: 'hn' });
    const again = await shop.instances.retrieve(vm.id);

    expect(again).toMatchObject({ id: vm.id, name: 'web-1', project_id: project.id });
    // The record lives in the handlers' store: no other server was involved.
    expect(JSON.stringify(nimbus.exportState())).toContain(vm.id);
    await expect(shop.instances.retrieve(crypto.randomUUID())).rejects.toBeInstanceOf(NotFoundError);
  });

  it('sees the request itself: a handler added with server.use() answers it', async () => {
    const seen: string[] = [];
    server.use(
      http.get(`${ORIGIN}/api/v1/users/me`, ({ request }) => {
        seen.push(request.headers.get('authorization') ?? '');
        return HttpResponse.json({
          success: true,
          data: {
            id: '00000000-0000-4000-8000-000000000001',
            email: 'stub@example.com',
            full_name: 'Stub',
            mfa_enabled: false,
            created_at: '2026-01-01T00:00:00.000Z',
            updated_at: '2026-01-01T00:00:00.000Z',
          },
          meta: { request_id: 'req-from-msw' },
        });
      }),
    );
    const client = new Nimbus({ baseUrl: ORIGIN, accessToken: 'at-1' });

    const me = await client.users.me();

    expect(me.email).toBe('stub@example.com');
    expect(me._request_id).toBe('req-from-msw');
    expect(seen).toEqual(['Bearer at-1']);
    server.resetHandlers();
  });
});

describe('msw installed before the SDK is loaded', () => {
  const nimbus = createNimbusHandlers({ baseUrl: ORIGIN, seed: 'demo' });
  const server = setupServer(...nimbus.handlers);
  afterAll(async () => {
    server.close();
    await nimbus.close();
  });

  it('still reaches the handlers', async () => {
    server.listen({ onUnhandledRequest: 'error' });
    vi.resetModules();
    const fresh = await import('@nimbus/sdk');
    const client = new fresh.Nimbus({ baseUrl: ORIGIN, maxRetries: 0 });

    const health = await client.video.health.live();

    expect(health).toMatchObject({ status: 'ok' });
  });
});

describe('once msw is closed', () => {
  let real: Awaited<ReturnType<typeof startMockServer>>;
  beforeAll(async () => {
    const nimbus = createNimbusHandlers({ baseUrl: ORIGIN });
    const server = setupServer(...nimbus.handlers);
    server.listen();
    await new Nimbus({ baseUrl: ORIGIN }).video.health.live();
    server.close();
    await nimbus.close();
    real = await startMockServer();
  });
  afterAll(() => real.close());

  it('calls go to the network again: a real server answers, the msw origin does not resolve', async () => {
    await expect(new Nimbus({ baseUrl: real.url }).video.health.live()).resolves.toMatchObject({
      status: 'ok',
    });
    await expect(new Nimbus({ baseUrl: ORIGIN, maxRetries: 0 }).video.health.live()).rejects.toBeInstanceOf(
      APIConnectionError,
    );
  });
});
