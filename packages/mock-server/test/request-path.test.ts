import { request as httpRequest } from 'node:http';
import { describe, expect } from 'vitest';
import { RequestTarget } from '../src/core/pipeline/request-target';
import { type SeededTenant, seedTenant } from '../src/entries/testing';
import { it } from './support';

// The per-request shortcuts of the core (a URL read without the parser, parsed queries and
// verified tokens remembered) must answer exactly what the full path answers.

describe('RequestTarget', () => {
  const targets = [
    '/api/v1/instances',
    '/api/v1/instances?per_page=20',
    '/api/v1/instances?per_page=20&page=2&name=a%20b',
    '/api/v1/instances?',
    '/api/v1/instances/?q=a+b&q=c',
    '//api/v1/instances',
    '/api/v1/x/../instances',
    '/api/v1/./instances',
    '/api/v1/%2e%2e/v1/instances',
    "/api/v1/instances?name=it's",
    '/api/v1/instances?name="quoted"',
    '/api/v1/instances#fragment',
    '/api/v1/instances?a=1#fragment',
    '/v2/hls/cam-1/index.m3u8?token=abc.def.ghi',
    '/api/v1/caf%C3%A9',
    '/api/v1/café',
    '/api/v1\\instances',
    '/api/v1/a b',
  ];
  for (const path of targets) {
    for (const origin of ['http://127.0.0.1:4010', 'http://Example.COM']) {
      it(`reads ${origin}${path} as the URL parser does`, () => {
        const href = `${origin}${path}`;
        const target = new RequestTarget(href);
        const url = new URL(href);
        expect(target.pathname).toBe(url.pathname);
        expect(target.search).toBe(url.search);
        expect([...target.searchParams]).toEqual([...url.searchParams]);
        expect(target.url.href).toBe(url.href);
      });
    }
  }
});

describe('the request path over HTTP', () => {
  let tenant: SeededTenant;

  /** The server's address, for the helpers below. */
  let url: string;
  it.beforeAll(async ({ mock }) => {
    url = mock.url;
    tenant = await seedTenant(mock, {
      instances: [
        { name: 'a', flavor: 'small', region: 'hn' },
        { name: 'b', flavor: 'small', region: 'hn' },
        { name: 'c', flavor: 'small', region: 'hn' },
      ],
    });
  });

  const headers = () => ({
    authorization: `Bearer ${tenant.accessToken}`,
    'x-project-id': tenant.project.id,
  });
  const list = async (query: string) => {
    const response = await fetch(`${url}/api/v1/instances${query}`, { headers: headers() });
    return { status: response.status, body: await response.json() };
  };

  /** A raw request target, as a client sends it (fetch would normalise the path first). */
  const raw = (path: string) =>
    new Promise<number>((resolve, reject) => {
      const { hostname, port } = new URL(url);
      httpRequest({ hostname, port, path, headers: headers() }, (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      })
        .on('error', reject)
        .end();
    });

  it('answers a repeated query as the first time, and each query string its own page', async () => {
    for (let i = 0; i < 3; i++) {
      const first = await list('?per_page=2');
      expect(first.status).toBe(200);
      expect(first.body.data).toHaveLength(2);
      expect(first.body.meta).toMatchObject({ page: 1, per_page: 2, total: 3 });
      const second = await list('?per_page=2&page=2');
      expect(second.body.data).toHaveLength(1);
      expect(second.body.meta).toMatchObject({ page: 2, per_page: 2, total: 3 });
    }
    expect((await list('')).body.meta).toMatchObject({ page: 1, per_page: 20, total: 3 });
  });

  it('refuses a bad query every time, not only the first', async () => {
    for (let i = 0; i < 2; i++) {
      const bad = await list('?per_page=500');
      expect(bad.status).toBe(400);
      expect(bad.body.error.details[0].path).toBe('query.per_page');
    }
  });

  it('routes a target with dot segments or escapes as the URL parser resolves it', async () => {
    expect(await raw('/api/v1/instances?per_page=1')).toBe(200);
    expect(await raw('/api/v1/x/../instances?per_page=1')).toBe(200);
    expect(await raw('/api/v1/%2e/instances')).toBe(200);
    expect(await raw('/api/v1/%69nstances')).toBe(404);
  });

  it('journals the path and the query of a plain target', async ({ mock }) => {
    await list('?per_page=2&name=b');
    const entry = mock.requests({ path: '/api/v1/instances' }).at(-1);
    expect(entry).toMatchObject({
      path: '/api/v1/instances',
      query: { per_page: '2', name: 'b' },
      status: 200,
    });
  });

  it('refuses a known token once its session is revoked', async ({ mock, tenant: other }) => {
    const me = () =>
      fetch(`${mock.url}/api/v1/users/me`, { headers: { authorization: `Bearer ${other.accessToken}` } });
    expect((await me()).status).toBe(200);
    await other.client.auth.logout();
    const refused = await me();
    expect(refused.status).toBe(401);
    expect((await refused.json()).error.code).toBe('UNAUTHENTICATED');
  });
});
