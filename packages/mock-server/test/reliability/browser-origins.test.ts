import { connect } from 'node:net';
import { AuthenticationError, PermissionDeniedError } from '@nimbus/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { createNimbusHandlers } from '../../src/entries/msw';
import { type MockServer, startMockServer } from '../../src/entries/testing';
import { type CreateServerOptions, createServer } from '../../src/node/create-server';
import { type RawAnswer, rawRequest } from '../support/raw-http';

/** One request with the Host and Origin a browser page (or a DNS-rebinding page) would send. */
const raw = rawRequest;

/** The status a WebSocket upgrade is answered with (101 when it opens). */
function upgradeStatus(url: string, headers: Record<string, string>, origin?: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, { headers, ...(origin && { origin }) });
    socket.on('unexpected-response', (_req, res) => {
      resolve(res.statusCode ?? 0);
      res.resume();
      socket.terminate();
    });
    socket.on('open', () => {
      resolve(101);
      socket.close();
    });
    socket.on('error', reject);
  });
}

const errorOf = (answer: RawAnswer) =>
  JSON.parse(answer.body).error as { code: string; message: string; details?: { reason?: string } };

describe('Host header: only loopback names, the bind address and allowed hosts', () => {
  let mock: MockServer;
  let port: string;
  beforeAll(async () => {
    mock = await startMockServer();
    port = new URL(mock.url).port;
  });
  afterAll(() => mock.close());

  it.each([
    '/__mock/state?include_secret=true',
    '/__mock/requests',
    '/api/v1/instances',
    '/v2/health',
    '/docs',
  ])('refuses a foreign Host on %s with a 403 that says how to allow it', async (path) => {
    const answer = await raw(mock.url, path, { headers: { host: `evil.example:${port}` } });
    expect(answer.status).toBe(403);
    expect(answer.headers['access-control-allow-origin']).toBeUndefined();
    const error = errorOf(answer);
    expect(error.details?.reason).toBe('host_not_allowed');
    expect(error.message).toContain('--allowed-host evil.example');
    expect(answer.body).not.toContain('secret');
  });

  it('refuses a foreign Host on a POST that would wipe the state, and wipes nothing', async () => {
    await mock.client.auth.register({
      email: 'keep@example.test',
      password: 'long-enough-pass',
      full_name: 'Keep',
    });
    const answer = await raw(mock.url, '/__mock/reset', {
      method: 'POST',
      headers: { host: `rebind.example:${port}` },
    });
    expect(answer.status).toBe(403);
    expect(Object.keys(mock.exportState().tables.users ?? {})).toHaveLength(1);
  });

  it.each(['localhost', 'app.localhost:5173', '127.0.0.1', '127.1.2.3:4010', '[::1]:4010'])(
    'answers the loopback Host %s',
    async (host) => {
      const answer = await raw(mock.url, '/v2/health', { headers: { host } });
      expect(answer.status).toBe(200);
    },
  );

  it('answers hosts the user allowed: exact names and a domain with its subdomains', async () => {
    const allowing = await startMockServer({ allowedHosts: ['dev.example.test', '.preview.test'] });
    try {
      for (const host of ['dev.example.test:8080', 'preview.test', 'pr-12.preview.test']) {
        expect((await raw(allowing.url, '/v2/health', { headers: { host } })).status).toBe(200);
      }
      for (const host of ['example.test', 'evil-preview.test', 'dev.example.test.evil.com']) {
        expect((await raw(allowing.url, '/v2/health', { headers: { host } })).status).toBe(403);
      }
    } finally {
      await allowing.close();
    }
  });

  it('refuses a WebSocket upgrade with a foreign Host', async () => {
    const ws = mock.url.replace('http', 'ws');
    expect(await upgradeStatus(`${ws}/v2/ws/events`, { host: `evil.example:${port}` })).toBe(403);
    // The same upgrade from a loopback Host gets as far as authentication.
    expect(await upgradeStatus(`${ws}/v2/ws/events`, {})).toBe(401);
  });

  /** A request head sent as raw bytes (fetch and node:http refuse these): status and parsed body. */
  function rawHead(head: string): Promise<{ status: number; body: string }> {
    return new Promise((resolve, reject) => {
      const socket = connect(Number(port), '127.0.0.1', () => socket.write(head));
      let text = '';
      socket.on('data', (chunk) => {
        text += String(chunk);
      });
      socket.on('error', reject);
      socket.on('close', () =>
        resolve({
          status: Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0),
          body: text.slice(text.indexOf('\r\n\r\n') + 4),
        }),
      );
    });
  }

  it.each([
    ['userinfo', (p: string) => `Host: 127.0.0.1:${p}@evil.example`, 400],
    ['a name after a bracketed address', () => 'Host: [::1].evil.example', 400],
    ['a port then a name', (p: string) => `Host: localhost:${p}.evil.example`, 400],
    ['a repeated Host, loopback first', (p: string) => `Host: 127.0.0.1:${p}\r\nHost: evil.example`, 400],
    ['a repeated Host, both loopback', (p: string) => `Host: 127.0.0.1:${p}\r\nHost: localhost`, 400],
  ])('refuses a Host header with %s', async (_what, hostLines, status) => {
    for (const path of ['/v2/health', '/api/v1/instances', '/__mock/requests']) {
      const answer = await rawHead(`GET ${path} HTTP/1.1\r\n${hostLines(port)}\r\nConnection: close\r\n\r\n`);
      expect(answer.status, path).toBe(status);
      expect(JSON.parse(answer.body), path).toMatchObject({ error: { code: 'VALIDATION_ERROR' } });
    }
  });

  it('refuses an absolute-form target naming another host, whatever the Host header says', async () => {
    for (const path of ['/v2/health', '/api/v1/instances', '/__mock/requests']) {
      const answer = await rawHead(
        `GET http://evil.example${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n\r\n`,
      );
      expect(answer.status, path).toBe(403);
      expect(JSON.parse(answer.body).error.details.reason, path).toBe('host_not_allowed');
    }
    // One naming this server is answered as its origin-form twin.
    const own = await rawHead(
      `GET http://127.0.0.1:${port}/v2/health HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n\r\n`,
    );
    expect(own.status).toBe(200);
  });

  it('refuses a WebSocket upgrade with an absolute-form target naming another host', async () => {
    const answer = await rawHead(
      `GET http://evil.example/v2/ws/events HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: Upgrade\r\n` +
        'Upgrade: websocket\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n',
    );
    expect(answer.status).toBe(403);
  });
});

describe('Origin: loopback pages by default, more only when the user says so', () => {
  let mock: MockServer;
  beforeAll(async () => {
    mock = await startMockServer();
  });
  afterAll(() => mock.close());

  it.each([
    'http://localhost:5173',
    'https://localhost:3000',
    'http://127.0.0.1:8080',
    'http://[::1]:5173',
    'http://app.localhost:4200',
  ])('echoes the loopback origin %s with Vary: Origin, preflight included', async (origin) => {
    const preflight = await raw(mock.url, '/api/v1/instances', {
      method: 'OPTIONS',
      headers: {
        origin,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization, x-project-id',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe(origin);
    expect(preflight.headers.vary).toContain('Origin');
    const simple = await raw(mock.url, '/v2/health', { headers: { origin } });
    expect(simple.status).toBe(200);
    expect(simple.headers['access-control-allow-origin']).toBe(origin);
    expect(simple.headers['access-control-expose-headers']).toContain('X-Request-Id');
  });

  it.each(['https://evil.example', 'http://192.168.1.20:5173', 'null'])(
    'refuses the foreign origin %s, preflight and request, without CORS headers',
    async (origin) => {
      const preflight = await raw(mock.url, '/api/v1/auth/login', {
        method: 'OPTIONS',
        headers: { origin, 'access-control-request-method': 'POST' },
      });
      expect(preflight.status).toBe(403);
      expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
      const answer = await raw(mock.url, '/v2/health', { headers: { origin } });
      expect(answer.status).toBe(403);
      expect(answer.headers['access-control-allow-origin']).toBeUndefined();
      expect(errorOf(answer).message).toContain(`--cors-origin ${origin}`);
    },
  );

  it('echoes origins the user listed, and any origin with "*"', async () => {
    const listing = await startMockServer({ corsOrigins: ['https://app.example.test'] });
    const any = await startMockServer({ corsOrigins: '*' });
    try {
      const listed = await raw(listing.url, '/v2/health', {
        headers: { origin: 'https://app.example.test' },
      });
      expect(listed.headers['access-control-allow-origin']).toBe('https://app.example.test');
      expect(
        (await raw(listing.url, '/v2/health', { headers: { origin: 'https://other.test' } })).status,
      ).toBe(403);
      const anyOrigin = await raw(any.url, '/v2/health', { headers: { origin: 'https://other.test' } });
      expect(anyOrigin.status).toBe(200);
      expect(anyOrigin.headers['access-control-allow-origin']).toBe('https://other.test');
    } finally {
      await Promise.all([listing.close(), any.close()]);
    }
  });

  it('checks the Origin of a WebSocket upgrade', async () => {
    const ws = `${mock.url.replace('http', 'ws')}/v2/ws/events`;
    expect(await upgradeStatus(ws, {}, 'https://evil.example')).toBe(403);
    expect(await upgradeStatus(ws, {}, 'http://localhost:5173')).toBe(401);
  });
});

describe('control routes: loopback pages, or the control token', () => {
  it('refuses a listed (non-loopback) origin without the token, and never gives it CORS', async () => {
    const mock = await startMockServer({ corsOrigins: '*' });
    try {
      const foreign = await raw(mock.url, '/__mock/state?include_secret=true', {
        headers: { origin: 'https://evil.example' },
      });
      expect(foreign.status).toBe(403);
      expect(errorOf(foreign).details?.reason).toBe('control_origin_not_allowed');
      expect(foreign.headers['access-control-allow-origin']).toBeUndefined();
      expect(foreign.body).not.toMatch(/"secret"/);
      const wipe = await raw(mock.url, '/__mock/reset', {
        method: 'POST',
        headers: { origin: 'https://evil.example' },
      });
      expect(wipe.status).toBe(403);
      // The API itself answers that origin, as the user asked.
      expect(
        (await raw(mock.url, '/v2/health', { headers: { origin: 'https://evil.example' } })).status,
      ).toBe(200);
      // A loopback page and a program (no Origin) reach the control routes.
      const local = await raw(mock.url, '/__mock/clock', { headers: { origin: 'http://localhost:5173' } });
      expect(local.status).toBe(200);
      expect(local.headers['access-control-allow-origin']).toBe('http://localhost:5173');
      expect((await raw(mock.url, '/__mock/clock')).status).toBe(200);
    } finally {
      await mock.close();
    }
  });

  it('requires the token on every control route once set; the SDK sends it with controlToken', async () => {
    const mock = await startMockServer({ controlToken: 'tok-123' });
    try {
      const anonymous = mock.createClient({ controlToken: undefined });
      await expect(anonymous.mock.clock.retrieve()).rejects.toBeInstanceOf(AuthenticationError);
      await expect(
        mock.createClient({ controlToken: 'tok-12' }).mock.state.export({ include_secret: true }),
      ).rejects.toBeInstanceOf(AuthenticationError);
      const local = await raw(mock.url, '/__mock/state', { headers: { origin: 'http://localhost:5173' } });
      expect(local.status).toBe(401);
      const exported = await mock
        .createClient({ controlToken: 'tok-123' })
        .mock.state.export({ include_secret: true });
      expect(exported.secret).toEqual(expect.any(String));
      // The test helper's own client carries the token.
      expect((await mock.client.mock.clock.retrieve()).now).toEqual(expect.any(String));
      // With the token, a foreign page is answered, still without CORS for it.
      const tokenFromElsewhere = await raw(mock.url, '/__mock/clock', {
        headers: { origin: 'https://evil.example', authorization: 'Bearer tok-123' },
      });
      expect(tokenFromElsewhere.headers['access-control-allow-origin']).toBeUndefined();
    } finally {
      await mock.close();
    }
  });
});

describe('a server listening beyond loopback', () => {
  const start = (options: CreateServerOptions) =>
    createServer({ port: 0, inMemory: true, passwordCost: 'test', ...options });

  it('makes a control token, requires it, and answers the machine addresses as hosts', async () => {
    const server = await start({ host: '0.0.0.0' });
    try {
      expect(server.controlToken).toMatch(/^[\w-]{32}$/);
      const url = `http://127.0.0.1:${server.port}`;
      expect((await raw(url, '/__mock/clock')).status).toBe(401);
      const withToken = await raw(url, '/__mock/clock', {
        headers: { authorization: `Bearer ${server.controlToken}` },
      });
      expect(withToken.status).toBe(200);
      // The server's own clients carry the token it made.
      const clock = await server.createClient().mock.clock.retrieve();
      expect(clock.now).toEqual(expect.any(String));
      await expect(
        server.createClient({ controlToken: undefined }).mock.clock.retrieve(),
      ).rejects.toBeInstanceOf(AuthenticationError);
      expect(
        (await raw(url, '/v2/health', { headers: { host: `evil.example:${server.port}` } })).status,
      ).toBe(403);
    } finally {
      await server.close();
    }
  });

  it('refuses the default metrics:metrics login on /v2/metrics and makes a password instead', async () => {
    const server = await start({ host: '0.0.0.0' });
    const given = await start({ host: '0.0.0.0', metricsUser: 'ops', metricsPassword: 'given-password' });
    const local = await start({ host: '127.0.0.1' });
    const basic = (user: string, password: string) => ({
      authorization: `Basic ${btoa(`${user}:${password}`)}`,
    });
    const metrics = (port: number, headers: Record<string, string>) =>
      raw(`http://127.0.0.1:${port}`, '/v2/metrics', { headers });
    try {
      const { metricsUser, metricsPassword } = server.app.runtime.config;
      expect(metricsPassword).toMatch(/^[\w-]{32}$/);
      expect((await metrics(server.port, basic('metrics', 'metrics'))).status).toBe(401);
      expect((await metrics(server.port, basic(metricsUser, metricsPassword))).status).toBe(200);
      // One the user gives is kept, and the default still refused.
      expect((await metrics(given.port, basic('metrics', 'metrics'))).status).toBe(401);
      expect((await metrics(given.port, basic('ops', 'given-password'))).status).toBe(200);
      // On loopback, the documented default answers.
      expect((await metrics(local.port, basic('metrics', 'metrics'))).status).toBe(200);
    } finally {
      await Promise.all([server.close(), given.close(), local.close()]);
    }
  });

  it('keeps a token it was given, and makes none on loopback', async () => {
    const given = await start({ host: '0.0.0.0', controlToken: 'mine' });
    const local = await start({ host: '127.0.0.1' });
    try {
      expect(given.controlToken).toBe('mine');
      expect(local.controlToken).toBeUndefined();
    } finally {
      await Promise.all([given.close(), local.close()]);
    }
  });
});

describe('typed errors through the SDK', () => {
  it('a foreign origin reaches the SDK as PermissionDeniedError', async () => {
    const mock = await startMockServer();
    try {
      const client = mock.createClient({ defaultHeaders: { origin: 'https://evil.example' } });
      await expect(client.video.health.live()).rejects.toBeInstanceOf(PermissionDeniedError);
    } finally {
      await mock.close();
    }
  });
});

describe('msw handlers and in-process calls (no socket open)', () => {
  it('answer a page on its own origin, any other origin, and its control routes on its own origin', async () => {
    const nimbus = createNimbusHandlers({ baseUrl: 'https://preview.example.test' });
    try {
      await nimbus.ready;
      const own = await nimbus.app.fetch(
        new Request('https://preview.example.test/__mock/clock', {
          headers: { origin: 'https://preview.example.test' },
        }),
      );
      expect(own.status).toBe(200);
      const other = await nimbus.app.fetch(
        new Request('https://preview.example.test/v2/health', {
          headers: { origin: 'https://storybook.example.test' },
        }),
      );
      expect(other.status).toBe(200);
      expect(other.headers.get('access-control-allow-origin')).toBe('https://storybook.example.test');
      const control = await nimbus.app.fetch(
        new Request('https://preview.example.test/__mock/state', {
          headers: { origin: 'https://storybook.example.test' },
        }),
      );
      expect(control.status).toBe(403);
    } finally {
      await nimbus.close();
    }
  });
});
