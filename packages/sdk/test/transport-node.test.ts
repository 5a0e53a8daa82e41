import { APITimeoutError, APIUserAbortError } from '@nimbus/sdk';
import { Agent, EnvHttpProxyAgent } from 'undici';
import { afterEach, describe, expect, it } from 'vitest';
import { send } from '../src/core/transport';
import { dispatcherFor, fetchVia, requestVia } from '../src/core/transport-node';
import {
  type StallingServer,
  type StubServer,
  sequence,
  startStallingServer,
  startStubServer,
} from './helpers/stub-server';

let proxy: StubServer | undefined;
let target: StubServer | undefined;
afterEach(async () => {
  await proxy?.close();
  await target?.close();
  proxy = target = undefined;
});

describe('Node transport', () => {
  it('uses a keep-alive Agent without proxy variables', () => {
    expect(dispatcherFor({})).toBeInstanceOf(Agent);
  });

  it('uses EnvHttpProxyAgent when HTTP_PROXY or HTTPS_PROXY is set', () => {
    expect(dispatcherFor({ HTTPS_PROXY: 'http://proxy.test:3128' })).toBeInstanceOf(EnvHttpProxyAgent);
    expect(dispatcherFor({ http_proxy: 'http://proxy.test:3128' })).toBeInstanceOf(EnvHttpProxyAgent);
  });

  it('sends requests through the proxy', async () => {
    proxy = await startStubServer(sequence({ status: 200, body: 'via proxy' }));
    const viaProxy = fetchVia(dispatcherFor({ HTTP_PROXY: proxy.url }));

    const response = await viaProxy('http://nimbus.invalid/api/v1/users/me', { method: 'GET' });

    expect(await response.text()).toBe('via proxy');
    // An HTTP proxy receives the absolute URL in the request line.
    expect(proxy.requests[0]?.url).toBe('http://nimbus.invalid/api/v1/users/me');
  });

  it('goes direct to hosts named in NO_PROXY', async () => {
    proxy = await startStubServer(sequence({ status: 200, body: 'via proxy' }));
    target = await startStubServer(sequence({ status: 200, body: 'direct' }));
    const bypass = fetchVia(dispatcherFor({ HTTP_PROXY: proxy.url, NO_PROXY: 'localhost,127.0.0.1' }));

    const response = await bypass(`${target.url}/api/v1/users/me`, { method: 'GET' });

    expect(await response.text()).toBe('direct');
    expect(target.requests[0]?.url).toBe('/api/v1/users/me');
    expect(proxy.requests).toHaveLength(0);
  });

  it('sends through undici request: status, headers and body back, method, headers and body out', async () => {
    target = await startStubServer(() => ({
      status: 201,
      body: { ok: true },
      headers: { 'x-answer': 'yes' },
    }));
    const call = requestVia(new Agent());

    const { response, body } = await send(
      call,
      `${target.url}/api/v1/things`,
      {
        method: 'POST',
        headers: new Headers({ 'content-type': 'application/json', 'x-sent': 'a' }),
        body: '{"name":"x"}',
      },
      { timeoutMs: 5000, binary: false },
    );

    expect(response.status).toBe(201);
    expect(response.headers.get('x-answer')).toBe('yes');
    expect(JSON.parse(body as string)).toEqual({ ok: true });
    expect(target.requests[0]).toMatchObject({ method: 'POST', body: '{"name":"x"}' });
    expect(target.requests[0]?.headers['x-sent']).toBe('a');
  });

  it('answers 204 without a body, and follows redirects as fetch does', async () => {
    let calls = 0;
    target = await startStubServer((request) => {
      calls++;
      if (request.url === '/old') return { status: 302, headers: { location: '/new' } };
      return request.url === '/new' ? { status: 200, body: 'moved' } : { status: 204 };
    });
    const call = requestVia(new Agent());

    expect((await call(`${target.url}/empty`, { method: 'DELETE' })).status).toBe(204);
    const moved = await send(call, `${target.url}/old`, { method: 'GET' }, { timeoutMs: 5000, binary: true });
    expect(moved.response.status).toBe(200);
    expect(new TextDecoder().decode(moved.body as Uint8Array)).toBe('moved');
    expect(calls).toBe(4);
  });

  it('reads header bytes as Latin-1, as fetch does', async () => {
    target = await startStubServer(() => ({ status: 200, body: 'ok', headers: { 'x-name': 'caf\u00e9' } }));

    const received = await send(
      requestVia(new Agent()),
      `${target.url}/named`,
      { method: 'GET' },
      { timeoutMs: 5000, binary: false },
    );

    expect(received.header('x-name')).toBe('caf\u00e9');
    expect(received.response.headers.get('x-name')).toBe('caf\u00e9');
  });

  it('sends a URL the parser would rewrite as the parser reads it', async () => {
    target = await startStubServer(() => ({ status: 200, body: 'ok' }));
    const call = requestVia(new Agent());
    const upper = target.url.replace('http://', 'HTTP://');

    await send(
      call,
      `${upper}/api/v1/a/../users/me?x=1`,
      { method: 'GET' },
      { timeoutMs: 5000, binary: false },
    );
    await send(
      call,
      `${target.url}/api/v1/./users/%7Bme%7D`,
      { method: 'GET' },
      { timeoutMs: 5000, binary: false },
    );

    expect(target.requests.map((r) => r.url)).toEqual(['/api/v1/users/me?x=1', '/api/v1/users/%7Bme%7D']);
  });

  describe('a server that stalls mid-body', () => {
    let stalling: StallingServer | undefined;
    afterEach(() => {
      stalling?.close();
      stalling = undefined;
    });

    async function startStalling(): Promise<string> {
      stalling = await startStallingServer();
      return stalling.url;
    }

    it('times out within the budget, headers and body together', async () => {
      const url = await startStalling();

      const error = await send(
        requestVia(new Agent()),
        url,
        { method: 'GET' },
        { timeoutMs: 200, binary: false },
      ).catch((e: unknown) => e);

      expect(error).toBeInstanceOf(APITimeoutError);
    });

    it('times out a short budget while a longer one started before it completes', async () => {
      const stalled = await startStalling();
      target = await startStubServer(() => ({ status: 200, body: 'late but in time', delayMs: 400 }));
      const call = requestVia(new Agent());

      // Were the timer left at the first budget, the second would wait a minute: the test would time out.
      const [long, short] = await Promise.allSettled([
        send(call, `${target.url}/slow`, { method: 'GET' }, { timeoutMs: 60_000, binary: false }),
        send(call, stalled, { method: 'GET' }, { timeoutMs: 100, binary: false }),
      ]);

      expect(short.status === 'rejected' && short.reason).toBeInstanceOf(APITimeoutError);
      expect(long.status === 'fulfilled' && long.value.body).toBe('late but in time');
    });

    it("stops on the caller's signal", async () => {
      const url = await startStalling();
      const controller = new AbortController();
      setTimeout(() => controller.abort(), 100);

      const error = await send(
        requestVia(new Agent()),
        url,
        { method: 'GET' },
        { timeoutMs: 60_000, signal: controller.signal, binary: false },
      ).catch((e: unknown) => e);

      expect(error).toBeInstanceOf(APIUserAbortError);
    });
  });
});
