import { AuthenticationError, Nimbus, NimbusError, type TokenPair } from '@nimbus/sdk';
import { afterEach, describe, expect, it } from 'vitest';
import { PROJECT_ID, user } from './helpers/fixtures';
import {
  fail,
  type Handler,
  ok,
  type RecordedRequest,
  type StubServer,
  startStubServer,
} from './helpers/stub-server';

let server: StubServer;
afterEach(() => server?.close());

const pair = (n: number): TokenPair => ({
  access_token: `at-${n}`,
  refresh_token: `rt-${n}`,
  token_type: 'Bearer',
  expires_in: 900,
});
const expired = fail(401, 'UNAUTHENTICATED', 'Token expired', undefined, { 'www-authenticate': 'Bearer' });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A server whose only valid access token is `at-2`; `/auth/refresh` trades `rt-1` for pair 2
 * after `refreshDelayMs`, so concurrent 401s arrive while the refresh is still out.
 */
function tokenServer(options: { refreshDelayMs?: number; refresh?: Handler } = {}): Handler {
  return async (req) => {
    if (req.path === '/api/v1/auth/refresh') {
      await sleep(options.refreshDelayMs ?? 0);
      if (options.refresh) return options.refresh(req);
      return JSON.parse(req.body).refresh_token === 'rt-1'
        ? ok(pair(2))
        : fail(401, 'UNAUTHENTICATED', 'dead');
    }
    if (req.headers.authorization !== 'Bearer at-2') {
      if (req.headers['x-slow'] === '1') await sleep(300);
      return expired;
    }
    return ok(user());
  };
}

async function start(handler: Handler, tokens: Partial<TokenPair> = pair(1)) {
  server = await startStubServer(handler);
  const received: TokenPair[] = [];
  const client = new Nimbus({
    baseUrl: server.url,
    projectId: PROJECT_ID,
    accessToken: tokens.access_token,
    refreshToken: tokens.refresh_token,
    onTokens: (t) => received.push(t),
  });
  return { client, received };
}

const refreshRequests = () => server.requests.filter((r) => r.path === '/api/v1/auth/refresh');
const meRequests = (token: string) =>
  server.requests.filter(
    (r: RecordedRequest) => r.path === '/api/v1/users/me' && r.headers.authorization === `Bearer ${token}`,
  );

describe('refresh on 401', () => {
  it('refreshes once for concurrent 401s and replays every call with the new token', async () => {
    const { client, received } = await start(tokenServer({ refreshDelayMs: 150 }));

    const results = await Promise.all([client.users.me(), client.users.me(), client.users.me()]);

    expect(results.map((u) => u.email)).toEqual(['ada@example.com', 'ada@example.com', 'ada@example.com']);
    expect(refreshRequests()).toHaveLength(1);
    expect(JSON.parse(refreshRequests()[0]!.body)).toEqual({ refresh_token: 'rt-1' });
    expect(meRequests('at-1')).toHaveLength(3);
    expect(meRequests('at-2')).toHaveLength(3);
    expect(received).toEqual([pair(2)]);
    expect(client.session.accessToken).toBe('at-2');
    expect(client.session.refreshToken).toBe('rt-2');
  });

  it('does not refresh again for a 401 that arrives after the refresh finished', async () => {
    const { client } = await start(tokenServer());

    const [fast, slow] = await Promise.all([
      client.users.me(),
      client.users.me({ headers: { 'x-slow': '1' } }),
    ]);

    expect([fast.id, slow.id]).toEqual([user().id, user().id]);
    expect(refreshRequests()).toHaveLength(1);
  });

  it('surfaces the original 401 when the refresh fails, refreshing only once', async () => {
    const { client, received } = await start(
      tokenServer({
        refreshDelayMs: 100,
        refresh: () => fail(401, 'REFRESH_TOKEN_REUSED', 'Family revoked'),
      }),
    );

    const errors = await Promise.all(
      [client.users.me(), client.users.me()].map((p) => p.catch((e: unknown) => e)),
    );

    for (const error of errors) {
      expect(error).toBeInstanceOf(AuthenticationError);
      expect((error as AuthenticationError).code).toBe('UNAUTHENTICATED');
    }
    expect(refreshRequests()).toHaveLength(1);
    expect(received).toEqual([]);
  });

  it('does not refresh without a refresh token', async () => {
    const { client } = await start(tokenServer(), { access_token: 'at-1' });

    await expect(client.users.me()).rejects.toBeInstanceOf(AuthenticationError);
    expect(refreshRequests()).toHaveLength(0);
  });

  it('does not refresh on a 401 with another code', async () => {
    const { client } = await start(() => fail(401, 'MFA_REQUIRED', 'Send totp_code'));

    await expect(client.users.me()).rejects.toMatchObject({ code: 'MFA_REQUIRED' });
    expect(refreshRequests()).toHaveLength(0);
  });

  it('does not refresh for a call authenticated by API key', async () => {
    server = await startStubServer(tokenServer());
    const client = new Nimbus({ baseUrl: server.url, projectId: PROJECT_ID, apiKey: 'nk_test' });

    await expect(client.instances.list()).rejects.toBeInstanceOf(AuthenticationError);
    expect(server.requests).toHaveLength(1);
  });
});

describe('client.auth', () => {
  it('login returns the result and stores the tokens for later calls', async () => {
    const { client, received } = await start(
      (req) => (req.path === '/api/v1/auth/login' ? ok({ ...pair(2), user: user() }) : tokenServer()(req)),
      {},
    );

    const result = await client.auth.login({ email: 'ada@example.com', password: 'correct horse' });
    const me = await client.users.me();

    expect(result.user.email).toBe('ada@example.com');
    expect(result.access_token).toBe('at-2');
    expect(me.id).toBe(user().id);
    expect(server.requests[0]?.headers.authorization).toBeUndefined();
    expect(server.requests[1]?.headers.authorization).toBe('Bearer at-2');
    expect(received).toEqual([pair(2)]);
  });

  it('refresh() without a body uses the stored refresh token', async () => {
    const { client, received } = await start(tokenServer());

    const tokens = await client.auth.refresh();

    expect(tokens).toEqual(pair(2));
    expect(JSON.parse(server.requests[0]!.body)).toEqual({ refresh_token: 'rt-1' });
    expect(client.session.accessToken).toBe('at-2');
    expect(received).toEqual([pair(2)]);
  });

  it('refresh() without a body or a stored refresh token fails without a request', async () => {
    const { client } = await start(tokenServer(), {});

    await expect(client.auth.refresh()).rejects.toBeInstanceOf(NimbusError);
    expect(server.requests).toHaveLength(0);
  });

  it('logout revokes on the server and forgets the tokens', async () => {
    const { client } = await start((req) =>
      req.path === '/api/v1/auth/logout' ? ok({ revoked: true }) : fail(401, 'UNAUTHENTICATED', 'none'),
    );

    await expect(client.auth.logout()).resolves.toEqual({ revoked: true });
    await client.users.me().catch(() => undefined);

    expect(server.requests[0]?.headers.authorization).toBe('Bearer at-1');
    expect(client.session.accessToken).toBeUndefined();
    expect(client.session.refreshToken).toBeUndefined();
    expect(server.requests[1]?.headers.authorization).toBeUndefined();
  });

  it('workloadToken returns the token and leaves the session alone', async () => {
    const workload = { token: 'wl-1', token_type: 'Bearer', expires_in: 3600 };
    const { client, received } = await start(() => ok(workload));

    const issued = await client.auth.workloadToken({ project_id: PROJECT_ID, scopes: ['cameras:read'] });

    expect(issued).toEqual(workload);
    expect(client.session.accessToken).toBe('at-1');
    expect(received).toEqual([]);
  });
});
