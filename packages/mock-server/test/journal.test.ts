import { BadRequestError, Nimbus } from '@nimbus/sdk';
import { setupServer } from 'msw/node';
import { request } from 'undici';
import { describe, expect } from 'vitest';
import { createNimbusHandlers } from '../src/entries/msw';
import { type SeededTenant, seedTenant, startMockServer } from '../src/entries/testing';
import { it } from './support';

/** The request journal: GET /__mock/requests, client.mock.requests.list(), mock.requests(), nimbus.requests(). */

let tenant: SeededTenant;
it.beforeEach(async ({ mock }) => {
  await mock.reset();
  tenant = await seedTenant(mock);
});

const small = { name: 'web', flavor: 'small', region: 'hn' } as const;

describe('GET /__mock/requests', () => {
  it('lets a test assert that the app created exactly one instance with flavor small', async ({ mock }) => {
    await tenant.client.instances.create(small);
    await tenant.client.instances.create({ ...small, name: 'db', flavor: 'large' });
    await tenant.client.instances.list();

    const { data: items } = await mock.client.mock.requests.list({
      method: 'POST',
      path: '/api/v1/instances',
    });
    expect(items).toHaveLength(2);
    expect(items.filter((r) => (r.body as { flavor?: string }).flavor === 'small')).toHaveLength(1);
    const [first] = items;
    expect(first).toMatchObject({
      method: 'POST',
      path: '/api/v1/instances',
      status: 201,
      body: small,
      query: {},
    });
    expect(first!.headers['x-project-id']).toBe(tenant.project.id);
    expect(first!.request_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(Date.parse(first!.time)).not.toBeNaN();
    expect(first!.duration_ms).toBeGreaterThan(0);
  });

  it('records the request id the client sent, the query and the status of refusals', async ({ mock }) => {
    const response = await fetch(`${mock.url}/api/v1/instances?per_page=500&page=2`, {
      headers: {
        authorization: `Bearer ${tenant.accessToken}`,
        'x-project-id': tenant.project.id,
        'x-request-id': 'trace-42',
      },
    });
    expect(response.status).toBe(400);
    const [entry] = (await mock.client.mock.requests.list({ status: 400 })).data;
    expect(entry).toMatchObject({
      request_id: 'trace-42',
      method: 'GET',
      path: '/api/v1/instances',
      query: { per_page: '500', page: '2' },
      status: 400,
      body: null,
    });
  });

  it('keeps credentials out: Authorization, cookies, API keys, tokens in the query, passwords in bodies', async ({
    mock,
  }) => {
    await fetch(`${mock.url}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: 'session=abc123' },
      body: JSON.stringify({ email: tenant.user.email, password: tenant.user.password }),
    });
    await fetch(`${mock.url}/api/v1/instances`, { headers: { 'x-api-key': 'nk_live_secret-key-value' } });
    await fetch(`${mock.url}/v2/api/cameras?token=eyJ.secret.jwt`, {
      headers: { authorization: 'Bearer eyJ.other.jwt' },
    });

    const items = (await mock.client.mock.requests.list()).data;
    const text = JSON.stringify(items);
    for (const secret of [
      tenant.user.password,
      tenant.accessToken,
      'abc123',
      'nk_live_secret-key-value',
      'eyJ.secret.jwt',
      'eyJ.other.jwt',
    ]) {
      expect(text).not.toContain(secret);
    }
    const login = items.find((r) => r.path === '/api/v1/auth/login' && r.headers.cookie)!;
    expect(login.body).toEqual({ email: tenant.user.email, password: '[redacted]' });
    expect(login.headers.cookie).toBe('[redacted]');
    expect(items.find((r) => r.path === '/v2/api/cameras')).toMatchObject({
      query: { token: '[redacted]' },
      headers: { authorization: '[redacted]' },
    });
    expect(items.find((r) => r.headers['x-api-key'])!.headers['x-api-key']).toBe('[redacted]');
  });

  it("keeps the answer's headers as the client received them, content-length included", async ({ mock }) => {
    await tenant.client.instances.create(small);
    const sent = await request(`${mock.url}/api/v1/instances?per_page=5`, {
      headers: { authorization: `Bearer ${tenant.accessToken}`, 'x-project-id': tenant.project.id },
    });
    const body = await sent.body.text();
    const [entry] = mock.requests({ method: 'GET', path: '/api/v1/instances' });
    expect(entry!.response.headers).toMatchObject({
      'content-length': String(Buffer.byteLength(body)),
      'content-type': sent.headers['content-type'],
      'x-request-id': sent.headers['x-request-id'],
    });
    expect(entry!.response.body).toEqual(JSON.parse(body));
    expect(entry!.headers['x-project-id']).toBe(tenant.project.id);
  });

  it('masks the password of URLs with credentials, as the camera API does', async ({ mock }) => {
    const { token } = await tenant.client.auth.workloadToken({
      project_id: tenant.project.id,
      scopes: ['cameras:write'],
      ttl_seconds: 600,
    });
    const rtsp_url = 'rtsp://admin:s3cret-pass@10.0.0.5:554/stream1';
    await tenant.client.video
      .withToken(token)
      .cameras.create({ name: 'Door', rtsp_url, features: ['person'] });
    const [created] = mock.requests({ method: 'POST', path: '/v2/api/cameras' });
    expect(created!.status).toBe(201);
    expect(created!.body).toMatchObject({ rtsp_url: 'rtsp://admin:***@10.0.0.5:554/stream1' });
    expect(JSON.stringify(mock.requests())).not.toContain('s3cret-pass');
  });

  it('filters by path prefix and leaves out the control routes themselves', async ({ mock }) => {
    await tenant.client.instances.create(small);
    await mock.client.mock.clock.retrieve();
    await mock.client.mock.requests.list();
    const all = (await mock.client.mock.requests.list()).data;
    expect(all.some((r) => r.path.startsWith('/__mock'))).toBe(false);
    const auth = (await mock.client.mock.requests.list({ path: '/api/v1/auth/*' })).data;
    expect(auth.map((r) => r.path)).toEqual(['/api/v1/auth/register', '/api/v1/auth/login']);
    expect((await mock.client.mock.requests.list({ method: 'DELETE' })).data).toEqual([]);
  });

  it('is emptied by reset', async ({ mock }) => {
    await tenant.client.instances.create(small);
    expect((await mock.client.mock.requests.list()).data.length).toBeGreaterThan(0);
    await mock.reset();
    expect((await mock.client.mock.requests.list()).data).toEqual([]);
  });

  it('answers only the requests after a cursor, and says when the cursor is gone', async ({ mock }) => {
    // The whole answer, not the SDK's page of items: journal_size and cursor_lost are beside them.
    const page = async (query: string) => (await fetch(`${mock.url}/__mock/requests${query}`)).json();
    await tenant.client.instances.create(small);
    const first = await page('');
    const last = first.items.at(-1).request_id;
    expect(first).toMatchObject({ journal_size: 1000, cursor_lost: false });

    expect(await page(`?after=${last}`)).toEqual({ items: [], journal_size: 1000, cursor_lost: false });

    await tenant.client.instances.list();
    await tenant.client.buckets.list();
    const { data: newer } = await mock.client.mock.requests.list({ after: last, path: '/api/v1/instances' });
    expect(newer.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /api/v1/instances']);
    // A page at a time, the oldest first.
    const { data: pageOne } = await mock.client.mock.requests.list({ after: last, limit: 1 });
    expect(pageOne.map((r) => r.path)).toEqual(['/api/v1/instances']);
    const { data: pageTwo } = await mock.client.mock.requests.list({
      after: pageOne[0]!.request_id,
      limit: 1,
    });
    expect(pageTwo.map((r) => r.path)).toEqual(['/api/v1/buckets']);

    await mock.client.mock.requests.clear();
    expect(await page(`?after=${last}`)).toMatchObject({ items: [], cursor_lost: true });
    // Clearing the log leaves the state alone.
    await expect(tenant.client.instances.list()).resolves.toMatchObject({ data: [expect.anything()] });
  });

  it('compresses a large answer for a client that takes it, and not a small one', async ({ mock }) => {
    for (let i = 0; i < 5; i++) await tenant.client.instances.create({ ...small, name: `vm-${i}` });
    const encodingOf = async (query: string, acceptEncoding: string) =>
      (
        await request(`${mock.url}/__mock/requests${query}`, {
          headers: { 'accept-encoding': acceptEncoding },
        })
      ).headers['content-encoding'];
    await expect(encodingOf('', 'br')).resolves.toBe('br');
    await expect(encodingOf('', 'gzip')).resolves.toBe('gzip');
    await expect(encodingOf('', 'identity')).resolves.toBeUndefined();
    const last = (await mock.client.mock.requests.list()).data.at(-1)!.request_id;
    await expect(encodingOf(`?after=${last}`, 'br')).resolves.toBeUndefined();
  });

  it('refuses bad filters with a 400 in the error envelope', async ({ mock }) => {
    const error = await mock.client.mock.requests
      .list({ status: 'abc' as unknown as number })
      .catch((e) => e);
    expect(error).toBeInstanceOf(BadRequestError);
    const raw = await fetch(`${mock.url}/__mock/requests?method=BREW`);
    expect(raw.status).toBe(400);
    expect((await raw.json()).error.details[0].path).toBe('query.method');
  });

  it('answers the same from the testing helper', async ({ mock }) => {
    await tenant.client.instances.create(small);
    const viaHelper = mock.requests({ method: 'post', path: '/api/v1/instances' });
    expect(viaHelper).toEqual(
      (await mock.client.mock.requests.list({ method: 'POST', path: '/api/v1/instances' })).data,
    );
    expect(viaHelper).toHaveLength(1);
  });
});

describe('journal size', () => {
  it('keeps the last journalSize requests, and none with 0', async () => {
    const small3 = await startMockServer({ journalSize: 3 });
    const off = await startMockServer({ journalSize: 0 });
    try {
      for (let i = 0; i < 10; i++) {
        await fetch(`${small3.url}/v2/health?n=${i}`);
        await fetch(`${off.url}/v2/health`);
      }
      expect(small3.requests().map((r) => r.query.n)).toEqual(['7', '8', '9']);
      expect(off.requests()).toEqual([]);
    } finally {
      await small3.close();
      await off.close();
    }
  });
  it('keeps with a journalSize of 1 what the Node server adds to an answer after the core recorded it', async () => {
    const one = await startMockServer({ journalSize: 1 });
    try {
      const sent = await fetch(`${one.url}/v2/health?n=1`);
      const body = await sent.text();
      const [entry] = one.requests();
      expect(entry!.query).toEqual({ n: '1' });
      expect(entry!.response.headers['content-length']).toBe(String(Buffer.byteLength(body)));
    } finally {
      await one.close();
    }
  });
});

describe('journal bytes', () => {
  it('keeps at most 8 MiB of bodies together, dropping the oldest first', async () => {
    const server = await startMockServer();
    try {
      // 150 bodies of 60,000 characters: 9 MB sent, 139 of them fit in 8 MiB.
      for (let i = 0; i < 150; i++) {
        const head = `{"n":${i},"pad":"`;
        const body = `${head}${'x'.repeat(60_000 - head.length - 2)}"}`;
        await fetch(`${server.url}/api/v1/padding`, { method: 'POST', body }).then((r) => r.arrayBuffer());
      }
      const kept = server.requests().map((r) => (r.body as { n: number }).n);
      expect(kept).toHaveLength(Math.floor((8 * 1024 * 1024) / 60_000));
      expect(kept.at(-1)).toBe(149);
      expect(kept[0]).toBe(150 - kept.length);
    } finally {
      await server.close();
    }
  });
});

describe('journal bodies', () => {
  it('keeps every body whole, multi-byte characters included, across the slabs that hold them', async ({
    mock,
  }) => {
    // About 1.5 KB of UTF-8 in each description: 40 pages of 8 vaults are about 480 KB of answers,
    // over more than one 256 KiB slab; the long request body (over 16,384 characters) is kept apart.
    const descriptions = Array.from({ length: 24 }, (_, i) => `${i} ${'é€😀'.repeat(125)}`.slice(0, 500));
    for (const [i, description] of descriptions.entries()) {
      await tenant.client.backupVaults.create({ name: `vault-${i}`, region: 'hn', description });
    }
    for (let i = 0; i < 40; i++) await tenant.client.backupVaults.list({ page: (i % 3) + 1, per_page: 8 });
    const long = `{"pad":"${'ß'.repeat(20_000)}"}`;
    await fetch(`${mock.url}/api/v1/padding`, { method: 'POST', body: long }).then((r) => r.arrayBuffer());

    const created = await mock.requests({ method: 'POST', path: '/api/v1/backup-vaults' });
    expect(created.map((entry) => (entry.body as { description: string }).description)).toEqual(descriptions);
    expect(
      created.map((entry) => (entry.response.body as { data: { description: string } }).data.description),
    ).toEqual(descriptions);
    const pages = await mock.requests({ method: 'GET', path: '/api/v1/backup-vaults' });
    expect(pages).toHaveLength(40);
    for (const [i, page] of pages.entries()) {
      const listed = (page.response.body as { data: { description: string }[] }).data;
      expect(listed.map((vault) => vault.description)).toEqual(
        descriptions.slice((i % 3) * 8, (i % 3) * 8 + 8),
      );
    }
    const [padding] = await mock.requests({ path: '/api/v1/padding' });
    expect(padding!.body).toEqual(JSON.parse(long));
  });
});

describe('journal bodies over 64 KiB', () => {
  it('keeps each as a note of its size, a request body and an answer made of records alike', async ({
    mock,
  }) => {
    // 100 vaults of about 750 characters each: a page of them is over 64 KiB.
    const description = 'd'.repeat(500);
    for (let i = 0; i < 100; i++) {
      await tenant.client.backupVaults.create({ name: `large-${i}`, region: 'hn', description });
    }
    const page = await tenant.client.backupVaults.list({ per_page: 100 });
    expect(page.data).toHaveLength(100);
    const small = await tenant.client.backupVaults.list({ per_page: 2 });
    const body = `{"pad":"${'x'.repeat(70_000)}"}`;
    await fetch(`${mock.url}/api/v1/padding`, { method: 'POST', body }).then((r) => r.arrayBuffer());

    const [large, two] = await mock.requests({ method: 'GET', path: '/api/v1/backup-vaults' });
    expect(large!.response.body).toMatch(/^\[\d{5,} bytes not journaled\]$/);
    expect((two!.response.body as { data: { id: string }[] }).data.map((vault) => vault.id)).toEqual(
      small.data.map((vault) => vault.id),
    );
    const [padding] = await mock.requests({ path: '/api/v1/padding' });
    expect(padding!.body).toBe(`[${body.length} bytes not journaled]`);
  });
});

describe('seeds', () => {
  it("start the journal after the demo seed's own requests", async () => {
    const seeded = await startMockServer({ seed: true });
    const nimbus = createNimbusHandlers({ baseUrl: 'http://seeded.test', seed: 'demo' });
    try {
      await nimbus.ready;
      expect(seeded.requests()).toEqual([]);
      expect(nimbus.requests()).toEqual([]);
    } finally {
      await seeded.close();
      await nimbus.close();
    }
  });
});

describe('msw handle', () => {
  it('records what the handlers answered, bodies included, and forgets on reset', async () => {
    const nimbus = createNimbusHandlers({ baseUrl: 'http://journal.test', passwordCost: 'test' });
    const worker = setupServer(...nimbus.handlers);
    worker.listen({ onUnhandledRequest: 'error' });
    try {
      const client = new Nimbus({
        baseUrl: 'http://journal.test',
        maxRetries: 0,
        fetch: (u, i) => fetch(u, i),
      });
      const seeded = await seedTenant(
        {
          createClient: (o) =>
            new Nimbus({ ...o, baseUrl: 'http://journal.test', maxRetries: 0, fetch: (u, i) => fetch(u, i) }),
        },
        { instances: [small] },
      );
      expect(seeded.resources.instances).toHaveLength(1);
      const created = nimbus.requests({ method: 'POST', path: '/api/v1/instances' });
      expect(created).toHaveLength(1);
      expect(created[0]).toMatchObject({ status: 201, body: small });
      expect(nimbus.requests({ path: '/api/v1/auth/register' })[0]!.body).toMatchObject({
        password: '[redacted]',
      });
      expect((await client.mock.requests.list({ path: '/api/v1/instances' })).data).toEqual(created);
      await nimbus.reset();
      expect(nimbus.requests()).toEqual([]);
    } finally {
      worker.close();
      await nimbus.close();
    }
  });
});
