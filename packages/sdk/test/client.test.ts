import { readFileSync } from 'node:fs';
import { Nimbus, VERSION } from '@nimbus/sdk';
import { afterEach, describe, expect, it } from 'vitest';
import { instance, OTHER_PROJECT_ID, PROJECT_ID, project, user } from './helpers/fixtures';
import { ok, type StubServer, startStubServer } from './helpers/stub-server';

let server: StubServer;
afterEach(() => server?.close());

/** Answers every route with something plausible; the tests look at the requests. */
async function start() {
  server = await startStubServer((req) => {
    if (req.path === '/api/v1/auth/login')
      return ok({
        access_token: 'at-new',
        refresh_token: 'rt-new',
        token_type: 'Bearer',
        expires_in: 900,
        user: user(),
      });
    if (req.path === '/api/v1/users/me') return ok(user());
    if (req.path === '/api/v1/projects') return ok([project()], { page: 1, per_page: 20, total: 1 });
    return ok([instance()], { page: 1, per_page: 20, total: 1 });
  });
  return server;
}

const header = (i: number, name: string) => server.requests[i]?.headers[name];

describe('request headers', () => {
  it('sends X-Project-ID only on project-scoped routes', async () => {
    await start();
    const client = new Nimbus({ baseUrl: server.url, projectId: PROJECT_ID, accessToken: 'at' });

    await client.instances.list();
    await client.projects.list();
    await client.users.me();

    expect(header(0, 'x-project-id')).toBe(PROJECT_ID);
    expect(header(1, 'x-project-id')).toBeUndefined();
    expect(header(2, 'x-project-id')).toBeUndefined();
  });

  it('sends the bearer token on bearer routes and nothing on public ones', async () => {
    await start();
    const client = new Nimbus({ baseUrl: server.url, accessToken: 'at-1' });

    await client.users.me();
    await client.auth.login({ email: 'ada@example.com', password: 'pw' });

    expect(header(0, 'authorization')).toBe('Bearer at-1');
    expect(header(1, 'authorization')).toBeUndefined();
  });

  it('sends X-API-Key when the client holds no access token, and prefers the token when it does', async () => {
    await start();
    const keyOnly = new Nimbus({ baseUrl: server.url, projectId: PROJECT_ID, apiKey: 'nk_123' });
    const both = new Nimbus({
      baseUrl: server.url,
      projectId: PROJECT_ID,
      apiKey: 'nk_123',
      accessToken: 'at',
    });

    await keyOnly.instances.list();
    await both.instances.list();

    expect(header(0, 'x-api-key')).toBe('nk_123');
    expect(header(0, 'authorization')).toBeUndefined();
    expect(header(1, 'x-api-key')).toBeUndefined();
    expect(header(1, 'authorization')).toBe('Bearer at');
  });

  it('names the SDK, and layers default, SDK and per-call headers in that order', async () => {
    await start();
    const client = new Nimbus({
      baseUrl: `${server.url}/`,
      projectId: PROJECT_ID,
      accessToken: 'at',
      defaultHeaders: { 'X-Team': 'infra', 'X-Project-ID': 'overridden-by-sdk' },
    });

    await client.instances.list({}, { headers: { 'x-team': 'per-call' }, projectId: OTHER_PROJECT_ID });

    expect(header(0, 'x-nimbus-client')).toBe(`sdk/${VERSION}`);
    expect(header(0, 'x-team')).toBe('per-call');
    expect(header(0, 'x-project-id')).toBe(OTHER_PROJECT_ID);
    expect(server.requests[0]?.path).toBe('/api/v1/instances');
  });

  it('keeps VERSION equal to the package version', () => {
    const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
      version: string;
    };

    expect(VERSION).toBe(pkg.version);
  });
});

describe('options', () => {
  it('refuses an option it does not know, naming the one meant', async () => {
    const { BaseNimbus } = await import('@nimbus/sdk/base');
    for (const make of [
      (options: object) => new Nimbus(options as never),
      (options: object) => new BaseNimbus(options as never),
    ]) {
      expect(() => make({ baseURL: 'http://127.0.0.1:1' })).toThrow(
        'Unknown Nimbus option `baseURL`: did you mean `baseUrl`?',
      );
      expect(() => make({ baseUrl: 'http://127.0.0.1:1', max_retries: 1 })).toThrow(
        'did you mean `maxRetries`?',
      );
      expect(() => make({ baseUrl: 'http://127.0.0.1:1', retries: 1 })).toThrow(
        /Unknown Nimbus option `retries`: the options are `baseUrl`, /,
      );
    }
    expect(new Nimbus({ baseUrl: 'http://127.0.0.1:1', maxRetries: 0, projectId: PROJECT_ID }).baseUrl).toBe(
      'http://127.0.0.1:1',
    );
  });
});

describe('event stream options', () => {
  it('takes camera_id, as the /v2 calls do, and refuses cameraId naming it', () => {
    const events = new Nimbus({ baseUrl: 'http://127.0.0.1:1' }).video.withToken('token').events;
    expect(() => events.stream({ cameraId: 'cam' } as never)).toThrow(
      'Unknown events.stream() option `cameraId`: did you mean `camera_id`?',
    );
  });
});

describe('withProject', () => {
  it('targets another project and leaves the original alone', async () => {
    await start();
    const client = new Nimbus({ baseUrl: server.url, projectId: PROJECT_ID, accessToken: 'at' });
    const other = client.withProject(OTHER_PROJECT_ID);

    await other.instances.list();
    await client.instances.list();

    expect(other).toBeInstanceOf(Nimbus);
    expect(other.projectId).toBe(OTHER_PROJECT_ID);
    expect(client.projectId).toBe(PROJECT_ID);
    expect(header(0, 'x-project-id')).toBe(OTHER_PROJECT_ID);
    expect(header(1, 'x-project-id')).toBe(PROJECT_ID);
  });

  it('shares the session: a login through one client authenticates the other', async () => {
    await start();
    const client = new Nimbus({ baseUrl: server.url });
    const scoped = client.withProject(PROJECT_ID);

    await client.auth.login({ email: 'ada@example.com', password: 'pw' });
    await scoped.instances.list();

    expect(scoped.session).toBe(client.session);
    expect(header(1, 'authorization')).toBe('Bearer at-new');
    expect(header(1, 'x-project-id')).toBe(PROJECT_ID);
  });

  it('shares the transport', async () => {
    const urls: string[] = [];
    const client = new Nimbus({
      baseUrl: 'http://nimbus.test',
      accessToken: 'at',
      fetch: async (url) => {
        urls.push(url);
        return Response.json({
          success: true,
          data: [],
          meta: { request_id: 'r', page: 1, per_page: 20, total: 0 },
        });
      },
    });

    await client.withProject(PROJECT_ID).instances.list();

    expect(urls).toEqual(['http://nimbus.test/api/v1/instances']);
  });
});
