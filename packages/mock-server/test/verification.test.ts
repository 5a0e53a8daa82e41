import { beforeEach, describe, expect, it } from 'vitest';
import { type MockServer, RequestVerificationError, type SeededTenant } from '../src/entries/testing';
import { resetServerEachTest } from './support';

/** The journal's answers and the verification helpers: mock.requests(), .find, .count, .expect. */
let mock: MockServer;
let tenant: SeededTenant;

resetServerEachTest((server, seeded) => {
  mock = server;
  tenant = seeded;
});

describe('responses in the journal', () => {
  it('keeps the status, headers and body of each answer', async () => {
    const vm = await tenant.client.instances.create({ name: 'web', flavor: 'small', region: 'hn' });
    const entry = mock.requests.find({ method: 'POST', path: '/api/v1/instances' })!;
    expect(entry.response.status).toBe(201);
    expect(entry.response.headers['content-type']).toMatch(/^application\/json/);
    expect(entry.response.body).toMatchObject({ success: true, data: { id: vm.id, name: 'web' } });
    const { data: items } = await mock.client.mock.requests.list({
      method: 'POST',
      path: '/api/v1/instances',
    });
    expect(items[0]!.response).toEqual(entry.response);
  });

  it('redacts what the contract marks secret in answers: tokens at login, a key shown once', async () => {
    const login = await tenant.client.auth.login({
      email: tenant.user.email,
      password: tenant.user.password,
    });
    const key = await tenant.client.iam.keys.create({ name: 'ci', role: 'viewer' });
    const text = JSON.stringify(mock.requests());
    for (const secret of [login.access_token, login.refresh_token, key.key])
      expect(text).not.toContain(secret);
    const answer = mock.requests.find({ path: '/api/v1/auth/login' })!.response.body;
    expect(answer).toMatchObject({ data: { access_token: '[redacted]', refresh_token: '[redacted]' } });
  });
});

describe('mock.requests verification', () => {
  beforeEach(async () => {
    await tenant.client.instances.create({ name: 'web', flavor: 'small', region: 'hn' });
    await tenant.client.instances.create({ name: 'db', flavor: 'large', region: 'hn' });
    await tenant.client.instances.list({ region: 'hn' });
  });

  it('finds and counts by method in any case, path pattern, query, headers and partial body', async () => {
    const created = mock.requests({ method: 'post', path: '/api/v1/instances', body: { flavor: 'large' } });
    expect(created.map((r) => (r.body as { name: string }).name)).toEqual(['db']);
    // The registration, the project and two instances.
    expect(mock.requests.count({ path: '/api/v1/*', status: 201 })).toBe(4);
    expect(mock.requests.find({ method: 'GET', query: { region: 'hn' } })?.path).toBe('/api/v1/instances');
    expect(mock.requests.count({ headers: { 'X-Project-ID': tenant.project.id } })).toBe(3);
    expect(mock.requests.count({ body: { name: expect.stringMatching(/^w/) } })).toBe(1);
    expect(mock.requests.find({ method: 'DELETE' })).toBeUndefined();
  });

  it('expect() answers the matches when the count is right', () => {
    const [entry] = mock.requests.expect({
      method: 'POST',
      path: '/api/v1/instances',
      body: { name: 'web' },
    });
    expect(entry!.status).toBe(201);
    expect(mock.requests.expect({ method: 'POST', path: '/api/v1/instances' }, 2)).toHaveLength(2);
  });

  it('expect() fails with the closest requests, ranked by the parts they meet', () => {
    let error: unknown;
    try {
      mock.requests.expect({
        method: 'POST',
        path: '/api/v1/instances',
        body: { flavor: 'medium', name: 'web' },
      });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(RequestVerificationError);
    const failure = error as RequestVerificationError;
    expect(failure.matched).toEqual([]);
    expect(failure.closest[0]).toMatchObject({ met: 2, parts: 3, entry: { body: { name: 'web' } } });
    expect(failure.closest[0]!.misses).toEqual(['body.flavor is "small", expected "medium"']);
    expect(failure.message).toContain('Expected 1 request matching POST /api/v1/instances');
    expect(failure.message).toContain('found 0');
    expect(failure.message).toContain('body.flavor is "small", expected "medium"');
  });

  it('expect() fails on too many matches, listing them', () => {
    expect(() => mock.requests.expect({ method: 'POST', path: '/api/v1/instances' })).toThrow(
      /Expected 1 request .* found 2\.\nMatching:\n {2}POST \/api\/v1\/instances -> 201/,
    );
  });
});
