import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { createServer, type RunningServer } from '../../src/index';
import { type Answer, Harness, seedTenant, type Tenant } from './support/harness';
import { httpCall, httpCamera, httpTenant } from './support/http';

/**
 * Tokens: expired, wrongly signed, `alg: none`, tampered, the wrong `typ` for the API, from a
 * revoked session, a reused refresh token. Secrets: never in clear in answers after creation,
 * in the state export or in the server's log, and tokens in query strings never logged.
 */

const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const [headerOf, claimsOf] = [
  (token: string) => JSON.parse(Buffer.from(token.split('.')[0]!, 'base64url').toString()),
  (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()),
];

function expectUnauthenticated(answer: Answer, what: string): void {
  expect(answer.status, `${what}: ${answer.text}`).toBe(401);
  expect((answer.body as { error: { code: string } }).error.code, what).toBe('UNAUTHENTICATED');
}

describe('tokens the server must refuse', () => {
  let harness: Harness;
  let tenant: Tenant;
  beforeAll(async () => {
    harness = Harness.create();
    tenant = await seedTenant((m, p, o) => harness.call(m, p, o), 'tokens');
  });
  afterAll(() => harness.close());

  const me = (token: string) => harness.call('GET', '/api/v1/users/me', { token });
  const cameras = (token: string) => harness.call('GET', '/v2/api/cameras', { token });

  it('accepts the genuine tokens (the control for everything below)', async () => {
    expect((await me(tenant.accessToken)).status).toBe(200);
    expect((await cameras(tenant.workloadToken)).status).toBe(200);
  });

  it('refuses forged tokens: another secret, alg none, another alg, a tampered payload, another issuer', async () => {
    const claims = claimsOf(tenant.accessToken);
    const forged = async (key: Uint8Array, alg = 'HS256', extra: Record<string, unknown> = {}) =>
      new SignJWT({ ...claims, ...extra }).setProtectedHeader({ alg, typ: 'JWT' }).sign(key);
    const otherSecret = crypto.getRandomValues(new Uint8Array(32));
    const [header, payload, signature] = tenant.accessToken.split('.') as [string, string, string];
    const cases: [string, string][] = [
      ['signed with another secret', await forged(otherSecret)],
      ['alg none, no signature', `${b64url({ alg: 'none', typ: 'JWT' })}.${payload}.`],
      ['alg none, the original signature', `${b64url({ alg: 'none', typ: 'JWT' })}.${payload}.${signature}`],
      ['HS512 with another secret', await forged(crypto.getRandomValues(new Uint8Array(64)), 'HS512')],
      [
        'payload swapped under the signature',
        `${header}.${b64url({ ...claims, sub: crypto.randomUUID() })}.${signature}`,
      ],
      [
        'expiry pushed under the signature',
        `${header}.${b64url({ ...claims, exp: claims.exp + 86_400 })}.${signature}`,
      ],
      ['two parts', `${header}.${payload}`],
      ['garbage', 'not.a.jwt'],
      ['empty signature', `${header}.${payload}.`],
    ];
    expect(headerOf(tenant.accessToken)).toMatchObject({ alg: 'HS256' });
    for (const [what, token] of cases) expectUnauthenticated(await me(token), what);
    expect((await me(tenant.accessToken)).headers.get('www-authenticate')).toBeNull();
    expect((await me('x.y.z')).headers.get('www-authenticate')).toBe('Bearer');
  });

  it('refuses a token of the wrong type for the API', async () => {
    expectUnauthenticated(await me(tenant.workloadToken), 'a workload token on /api/v1');
    const onV2 = await cameras(tenant.accessToken);
    expect(onV2.status).toBe(401);
    expect(onV2.body).toMatchObject({ error: { code: 'UNAUTHENTICATED' } });
    expect(onV2.body).not.toHaveProperty('success');
  });

  it('refuses malformed Authorization headers and tokens in the query string of /api/v1', async () => {
    for (const authorization of [
      'Bearer',
      'Bearer ',
      `Basic ${tenant.accessToken}`,
      `Bearer ${tenant.accessToken} extra`,
      tenant.accessToken,
    ]) {
      expectUnauthenticated(
        await harness.call('GET', '/api/v1/users/me', { headers: { authorization } }),
        authorization.slice(0, 20),
      );
    }
    expectUnauthenticated(
      await harness.call('GET', `/api/v1/users/me?token=${tenant.accessToken}`),
      '?token= on v1',
    );
  });

  it('refuses every token of a session once it logged out, on both APIs', async () => {
    const user = await seedTenant((m, p, o) => harness.call(m, p, o), 'logout');
    expect((await harness.call('POST', '/api/v1/auth/logout', { token: user.accessToken })).status).toBe(200);
    expectUnauthenticated(await me(user.accessToken), 'access token after logout');
    expect((await cameras(user.workloadToken)).status).toBe(401);
    const refreshed = await harness.call('POST', '/api/v1/auth/refresh', {
      body: { refresh_token: user.refreshToken },
    });
    expect(refreshed.status).toBe(401);
  });

  it('revokes the whole family when a rotated refresh token comes back', async () => {
    const user = await seedTenant((m, p, o) => harness.call(m, p, o), 'reuse');
    const first = await harness.call('POST', '/api/v1/auth/refresh', {
      body: { refresh_token: user.refreshToken },
    });
    expect(first.status).toBe(200);
    const pair = (first.body as { data: { access_token: string; refresh_token: string } }).data;
    expect((await me(pair.access_token)).status).toBe(200);
    const reused = await harness.call('POST', '/api/v1/auth/refresh', {
      body: { refresh_token: user.refreshToken },
    });
    expect(reused.status).toBe(401);
    expect(reused.body).toMatchObject({ error: { code: 'REFRESH_TOKEN_REUSED' } });
    expectUnauthenticated(await me(pair.access_token), 'the new access token of a revoked family');
    const next = await harness.call('POST', '/api/v1/auth/refresh', {
      body: { refresh_token: pair.refresh_token },
    });
    expect(next.status).toBe(401);
  });

  it('refuses expired tokens on the simulated clock (last, it moves time for the whole server)', async () => {
    await harness.call('POST', '/__mock/clock/advance', { body: { seconds: 15 * 60 + 1 } });
    const expired = await me(tenant.accessToken);
    expectUnauthenticated(expired, 'an access token 15 min old');
    expect((expired.body as { error: { message: string } }).error.message).toMatch(/expired/i);
    expect((await cameras(tenant.workloadToken)).status).toBe(200); // a day long
    await harness.call('POST', '/__mock/clock/advance', { body: { seconds: 86_400 } });
    expect((await cameras(tenant.workloadToken)).status).toBe(401);
  });
});

describe('secrets', () => {
  let server: RunningServer;
  const logged: string[] = [];
  const logger = {
    info: (message: string, fields?: Record<string, unknown>) =>
      logged.push(`${message} ${JSON.stringify(fields)}`),
    warn: (message: string, fields?: Record<string, unknown>) =>
      logged.push(`${message} ${JSON.stringify(fields)}`),
    error: (message: string, fields?: Record<string, unknown>) =>
      logged.push(`${message} ${JSON.stringify(fields)}`),
  };
  beforeAll(async () => {
    server = await createServer({
      port: 0,
      inMemory: true,
      validateResponses: true,
      logger,
      simulator: false,
    });
  });
  afterAll(() => server.close());

  it('are shown once at creation, then never again: not in reads, lists, the export or the log', async () => {
    const owner = await httpTenant(server.url, 'secrets');
    const as = { token: owner.token, projectId: owner.projectId };
    const login = await httpCall(server.url, 'POST', '/api/v1/auth/login', {
      body: { email: owner.email, password: owner.password },
    });
    const refreshToken = (login.body as { data: { refresh_token: string } }).data.refresh_token;
    const key = await httpCall(server.url, 'POST', '/api/v1/iam/keys', {
      ...as,
      body: { name: 'ci', role: 'viewer' },
    });
    const topic = await httpCall(server.url, 'POST', '/api/v1/topics', { ...as, body: { name: 'orders' } });
    const topicId = (topic.body as { data: { id: string } }).data.id;
    const subscription = await httpCall(server.url, 'POST', `/api/v1/topics/${topicId}/subscriptions`, {
      ...as,
      body: { webhook_url: 'http://127.0.0.1:9/hook', event_types: 'reliability.never' },
    });
    const mfa = await httpCall(server.url, 'POST', '/api/v1/auth/mfa/enroll', {
      token: owner.token,
      body: {},
    });
    const vaultSecret = `vault-value-${crypto.randomUUID()}`;
    await httpCall(server.url, 'POST', '/api/v1/vaults', {
      ...as,
      body: { name: `kv${crypto.randomUUID().slice(0, 8)}`, region: 'hn', secrets: { DB_URL: vaultSecret } },
    });
    const dbPassword = `Db-pass-${crypto.randomUUID()}`;
    await httpCall(server.url, 'POST', '/api/v1/databases', {
      ...as,
      body: { name: 'main', engine: 'postgres', region: 'hn', admin_password: dbPassword },
    });
    const workload = await httpCall(server.url, 'POST', '/api/v1/auth/workload-token', {
      token: owner.token,
      body: { project_id: owner.projectId, scopes: ['cameras:write', 'cameras:read'] },
    });
    const workloadToken = (workload.body as { data: { token: string } }).data.token;
    const rtspPassword = `rtsp-${crypto.randomUUID().slice(0, 12)}`;
    const camera = await httpCall(server.url, 'POST', '/v2/api/cameras', {
      token: workloadToken,
      body: {
        name: 'Gate',
        rtsp_url: `rtsp://admin:${rtspPassword}@10.0.0.9:554/live`,
        features: ['motion'],
      },
    });
    expect(camera.text).not.toContain(rtspPassword);

    const secrets = {
      password: owner.password,
      'refresh token': refreshToken,
      'API key': (key.body as { data: { key: string } }).data.key,
      'webhook secret': (subscription.body as { data: { secret: string } }).data.secret,
      'MFA secret': (mfa.body as { data: { secret: string } }).data.secret,
      'vault value': vaultSecret,
      'database password': dbPassword,
      'RTSP password': rtspPassword,
    };
    for (const [what, value] of Object.entries(secrets)) expect(value, what).toEqual(expect.any(String));

    const reads = await Promise.all([
      httpCall(server.url, 'GET', '/api/v1/users/me', { token: owner.token }),
      httpCall(server.url, 'GET', '/api/v1/iam/keys', as).catch(() => undefined),
      httpCall(server.url, 'GET', `/api/v1/topics/${topicId}/subscriptions`, as),
      httpCall(server.url, 'GET', '/api/v1/vaults', as),
      httpCall(server.url, 'GET', '/api/v1/databases', as),
      httpCall(server.url, 'GET', '/api/v1/audit/logs', as),
      httpCall(server.url, 'GET', '/api/v1/activity-logs', as),
      httpCall(server.url, 'GET', '/v2/api/cameras', { token: workloadToken }),
      httpCall(server.url, 'GET', '/__mock/state'),
    ]);
    const everything = [...reads.map((r) => r?.text ?? ''), ...logged].join('\n');
    for (const [what, value] of Object.entries(secrets)) {
      expect(everything.includes(value), `the ${what} came back after creation`).toBe(false);
    }
  });

  it('tokens in query strings (HLS, the event stream) never reach the log', async () => {
    const owner = await httpTenant(server.url, 'query-token');
    const { token, hour } = await httpCamera(
      server.url,
      owner,
      { name: 'Hall', rtsp_url: 'rtsp://10.0.0.8/live' },
      () => server.app.runtime.clock.now(),
    );
    const playlist = await httpCall(server.url, 'GET', `${hour}/index.m3u8?token=${token}`);
    expect(playlist.status).toBe(200);
    await httpCall(server.url, 'GET', `${hour}/000.ts?token=${token}`);
    await httpCall(server.url, 'GET', `${hour}/999.ts?token=${token}`);
    await httpCall(server.url, 'GET', `${hour}/index.m3u8?token=${token}x`);
    const ws = (query: string) =>
      new Promise<void>((resolve) => {
        const socket = new WebSocket(`${server.url.replace('http', 'ws')}/v2/ws/events?${query}`);
        socket.on('open', () => socket.close());
        socket.on('close', () => resolve());
        socket.on('error', () => resolve());
      });
    await ws(`token=${token}`);
    await ws(`token=${token}&camera_id=${crypto.randomUUID()}`);
    await ws(`token=${token}tampered`);
    const metrics = await httpCall(server.url, 'GET', '/v2/metrics', {
      headers: { authorization: `Basic ${btoa('metrics:metrics')}` },
    });
    expect(logged.length).toBeGreaterThan(0); // the stream and the cameras did log
    const signature = token.split('.')[2]!;
    for (const text of [...logged, metrics.text, (await httpCall(server.url, 'GET', '/__mock/state')).text]) {
      expect(text.includes(signature), `a token leaked into: ${text.slice(0, 200)}`).toBe(false);
    }
  });
});
