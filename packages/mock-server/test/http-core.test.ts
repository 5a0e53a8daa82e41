import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type RunningServer } from '../src/index';

// The core's HTTP rules (docs/decisions/0001-one-origin.md, 0002-v1-envelopes-and-errors.md), checked with plain fetch on a real port.
let server: RunningServer;

beforeAll(async () => {
  server = await createServer({ port: 0, inMemory: true, validateResponses: true });
});
afterAll(() => server.close());

const call = (path: string, init?: RequestInit) => fetch(`${server.url}${path}`, init);

async function registerAndLogin(email: string) {
  const reg = await call('/api/v1/auth/register', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'correct-horse', full_name: 'Core Tester' }),
  });
  expect(reg.status).toBe(201);
  const login = await call('/api/v1/auth/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'correct-horse' }),
  });
  return (await login.json()).data.access_token as string;
}

describe('HTTP core', () => {
  it('answers unknown paths with 404 NOT_FOUND in the v1 envelope', async () => {
    const res = await call('/api/v1/nothing-here');
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ success: false, error: { code: 'NOT_FOUND' } });
  });

  it('answers 404 in the bare v2 shape under /v2', async () => {
    const res = await call('/v2/nothing-here');
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
  });

  it('answers a known path with the wrong method with 405 and Allow', async () => {
    const res = await call('/api/v1/instances', { method: 'PATCH' });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toContain('GET');
    expect(res.headers.get('allow')).toContain('POST');
    expect((await res.json()).error.code).toBe('METHOD_NOT_ALLOWED');
  });

  it('echoes X-Request-Id, or makes a UUID', async () => {
    const echoed = await call('/api/v1/nothing', { headers: { 'x-request-id': 'trace-123' } });
    expect(echoed.headers.get('x-request-id')).toBe('trace-123');
    const made = await call('/api/v1/nothing');
    expect(made.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers CORS preflights of a loopback page and exposes X-Request-Id', async () => {
    const res = await call('/api/v1/instances', {
      method: 'OPTIONS',
      headers: {
        origin: 'http://localhost:5173',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization, x-project-id',
      },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    expect(res.headers.get('access-control-allow-methods')).toContain('POST');
    expect(res.headers.get('access-control-allow-headers')).toContain('x-project-id');
    const simple = await call('/api/v1/nothing', { headers: { origin: 'http://localhost:5173' } });
    expect(simple.headers.get('access-control-expose-headers')).toContain('X-Request-Id');
  });

  it('refuses bodies that are not JSON: 415, and broken JSON: 400 INVALID_JSON', async () => {
    const wrongType = await call('/api/v1/auth/register', {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: 'hello',
    });
    expect(wrongType.status).toBe(415);
    expect((await wrongType.json()).error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    const broken = await call('/api/v1/auth/register', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"email": ',
    });
    expect(broken.status).toBe(400);
    expect((await broken.json()).error.code).toBe('INVALID_JSON');
  });

  it('refuses bodies over 1 MiB with 413', async () => {
    const res = await call('/api/v1/auth/register', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(1024 * 1024), full_name: 'x' }),
    });
    expect(res.status).toBe(413);
    expect((await res.json()).error.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('lists validation problems as { path, message } details', async () => {
    const res = await call('/api/v1/auth/register', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'not-an-email', password: 'short' }),
    });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.error.code).toBe('VALIDATION_ERROR');
    const paths = body.error.details.map((d: { path: string }) => d.path);
    expect(paths).toEqual(expect.arrayContaining(['body.email', 'body.password', 'body.full_name']));
  });

  it('needs a bearer token (401 with WWW-Authenticate) and X-Project-ID (400) on resource routes', async () => {
    const anonymous = await call('/api/v1/instances');
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('www-authenticate')).toBe('Bearer');
    const token = await registerAndLogin('core-header@example.com');
    const noProject = await call('/api/v1/instances', { headers: { authorization: `Bearer ${token}` } });
    expect(noProject.status).toBe(400);
    expect((await noProject.json()).error.code).toBe('PROJECT_HEADER_REQUIRED');
    const malformed = await call('/api/v1/instances', {
      headers: { authorization: `Bearer ${token}`, 'x-project-id': 'nope' },
    });
    expect(malformed.status).toBe(400);
    expect((await malformed.json()).error.code).toBe('VALIDATION_ERROR');
    const stranger = await call('/api/v1/instances', {
      headers: { authorization: `Bearer ${token}`, 'x-project-id': crypto.randomUUID() },
    });
    expect(stranger.status).toBe(403);
    expect((await stranger.json()).error.code).toBe('PROJECT_FORBIDDEN');
  });

  it('wraps success in { success, data, meta.request_id } and pages lists', async () => {
    const token = await registerAndLogin('core-envelope@example.com');
    const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const project = await (
      await call('/api/v1/projects', { method: 'POST', headers: auth, body: '{"name":"p"}' })
    ).json();
    expect(project).toMatchObject({ success: true, data: { name: 'p', role: 'owner' } });
    expect(project.meta.request_id).toBeTypeOf('string');
    const headers = { ...auth, 'x-project-id': project.data.id };
    for (const name of ['a', 'b', 'c']) {
      const res = await call('/api/v1/instances', {
        method: 'POST',
        headers,
        body: JSON.stringify({ name, flavor: 'small', region: 'hn' }),
      });
      expect(res.status).toBe(201);
    }
    const page = await (await call('/api/v1/instances?per_page=2&page=2', { headers })).json();
    expect(page.meta).toMatchObject({ page: 2, per_page: 2, total: 3 });
    expect(page.data.map((i: { name: string }) => i.name)).toEqual(['c']);
    const bad = await call('/api/v1/instances?per_page=500', { headers });
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.details[0].path).toBe('query.per_page');
  });
});
