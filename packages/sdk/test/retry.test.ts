import {
  APIConnectionError,
  APITimeoutError,
  APIUserAbortError,
  BadRequestError,
  type Fetch,
  InternalServerError,
  Nimbus,
} from '@nimbus/sdk';
import { afterEach, describe, expect, it } from 'vitest';
import { retryDelayMs } from '../src/core/retry';
import { instance, PROJECT_ID, uuid } from './helpers/fixtures';
import { type Handler, ok, type StubServer, sequence, startStubServer } from './helpers/stub-server';

let server: StubServer;
afterEach(() => server?.close());

async function clientFor(handler: Handler, options: { maxRetries?: number; timeoutMs?: number } = {}) {
  server = await startStubServer(handler);
  return new Nimbus({ baseUrl: server.url, projectId: PROJECT_ID, accessToken: 'at', ...options });
}

/** A retryable failure that asks for a short pause, so tests do not sit through the backoff. */
const unavailable = { status: 503, body: 'busy', headers: { 'retry-after-ms': '10' } };
const createBody = { name: 'web-1', flavor: 'small', region: 'hn' } as const;

describe('retries', () => {
  it('retries a GET after a 503 and returns the later success', async () => {
    const client = await clientFor(sequence(unavailable, ok(instance())));

    const vm = await client.instances.retrieve(uuid(1));

    expect(vm.id).toBe(uuid(1));
    expect(server.requests).toHaveLength(2);
  });

  it('honours Retry-After in seconds on a 429', async () => {
    const client = await clientFor(
      sequence({ status: 429, body: 'slow down', headers: { 'retry-after': '1' } }, ok(instance())),
    );

    await client.instances.retrieve(uuid(1));

    const [first, second] = server.requests;
    // The default first backoff is at most 500 ms, so a gap of a second can only come from the header.
    expect(second!.receivedAt - first!.receivedAt).toBeGreaterThanOrEqual(950);
  });

  it('honours retry-after-ms on a 503', async () => {
    const client = await clientFor(
      sequence({ status: 503, body: 'busy', headers: { 'retry-after-ms': '800' } }, ok(instance())),
    );

    await client.instances.retrieve(uuid(1));

    const [first, second] = server.requests;
    expect(second!.receivedAt - first!.receivedAt).toBeGreaterThanOrEqual(750);
  });

  it('gives up after maxRetries and throws the last error', async () => {
    const client = await clientFor(sequence(unavailable, unavailable, unavailable, ok(instance())));

    await expect(client.instances.retrieve(uuid(1))).rejects.toBeInstanceOf(InternalServerError);
    expect(server.requests).toHaveLength(3);
  });

  it('takes maxRetries per call', async () => {
    const client = await clientFor(sequence(unavailable, ok(instance())));

    await expect(client.instances.retrieve(uuid(1), { maxRetries: 0 })).rejects.toBeInstanceOf(
      InternalServerError,
    );
    expect(server.requests).toHaveLength(1);
  });

  it('does not retry a 400', async () => {
    const client = await clientFor(sequence({ status: 400, body: 'bad' }, ok(instance())));

    await expect(client.instances.retrieve(uuid(1))).rejects.toBeInstanceOf(BadRequestError);
    expect(server.requests).toHaveLength(1);
  });

  it('does not retry a POST without an idempotency key', async () => {
    const client = await clientFor(sequence(unavailable, ok(instance(), {}, 201)));

    await expect(client.instances.create(createBody)).rejects.toBeInstanceOf(InternalServerError);
    expect(server.requests).toHaveLength(1);
  });

  it('retries a POST that carries an idempotency key, with the same key each time', async () => {
    const client = await clientFor(sequence(unavailable, ok(instance(), {}, 201)));

    const vm = await client.instances.create(createBody, { idempotencyKey: 'create-web-1' });

    expect(vm.name).toBe('web-1');
    expect(server.requests.map((r) => r.headers['idempotency-key'])).toEqual([
      'create-web-1',
      'create-web-1',
    ]);
  });
});

describe('connection failures', () => {
  it('retries connection errors, then throws APIConnectionError with the cause', async () => {
    let calls = 0;
    const refused = new TypeError('fetch failed');
    const failingFetch: Fetch = async () => {
      calls++;
      throw refused;
    };
    const client = new Nimbus({ baseUrl: 'http://nimbus.test', accessToken: 'at', fetch: failingFetch });

    const error = await client.users.me().catch((e: unknown) => e);

    expect(error).toBeInstanceOf(APIConnectionError);
    expect((error as APIConnectionError).cause).toBe(refused);
    expect(calls).toBe(3);
  });

  it('maps a refused TCP connection to APIConnectionError', async () => {
    const closed = await startStubServer(sequence());
    await closed.close();
    const client = new Nimbus({ baseUrl: closed.url, accessToken: 'at', maxRetries: 0 });

    const error = await client.users.me().catch((e: unknown) => e);

    expect(error).toBeInstanceOf(APIConnectionError);
    expect(error).not.toBeInstanceOf(APITimeoutError);
  });

  it('times out a slow answer with APITimeoutError', async () => {
    const client = await clientFor(sequence({ ...ok(instance()), delayMs: 2_000 }), {
      timeoutMs: 100,
      maxRetries: 0,
    });

    const error = await client.instances.retrieve(uuid(1)).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(APITimeoutError);
    expect(error).toBeInstanceOf(APIConnectionError);
  });

  it('retries a GET that timed out', async () => {
    const client = await clientFor(sequence({ ...ok(instance()), delayMs: 2_000 }, ok(instance())), {
      timeoutMs: 200,
    });

    await expect(client.instances.retrieve(uuid(1))).resolves.toEqual(instance());
    expect(server.requests).toHaveLength(2);
  });
});

describe('user abort', () => {
  it('throws APIUserAbortError and does not retry', async () => {
    const controller = new AbortController();
    const client = await clientFor(() => {
      controller.abort();
      return { ...ok(instance()), delayMs: 500 };
    });

    const error = await client.instances
      .retrieve(uuid(1), { signal: controller.signal })
      .catch((e: unknown) => e);

    expect(error).toBeInstanceOf(APIUserAbortError);
    expect(server.requests).toHaveLength(1);
  });

  it('stops waiting between retries when aborted', async () => {
    const controller = new AbortController();
    const client = await clientFor(() => {
      setTimeout(() => controller.abort(), 50);
      return { status: 503, body: 'busy', headers: { 'retry-after': '30' } };
    });

    const error = await client.instances
      .retrieve(uuid(1), { signal: controller.signal })
      .catch((e: unknown) => e);

    expect(error).toBeInstanceOf(APIUserAbortError);
    expect(server.requests).toHaveLength(1);
  });

  it('does not send at all with a signal that is already aborted', async () => {
    const client = await clientFor(sequence(ok(instance())));

    const error = await client.instances
      .retrieve(uuid(1), { signal: AbortSignal.abort() })
      .catch((e: unknown) => e);

    expect(error).toBeInstanceOf(APIUserAbortError);
    expect(server.requests).toHaveLength(0);
  });
});

describe('retryDelayMs', () => {
  const headers = (init: Record<string, string>) => new Headers(init);

  it('backs off 0.5 s doubling up to 8 s, less up to 25% jitter', () => {
    expect([0, 1, 2, 3, 4, 5].map((retry) => retryDelayMs(retry, undefined, () => 0))).toEqual([
      500, 1000, 2000, 4000, 8000, 8000,
    ]);
    expect(retryDelayMs(0, undefined, () => 1)).toBe(375);
  });

  it('prefers retry-after-ms, then retry-after in seconds or as an HTTP date', () => {
    expect(retryDelayMs(0, headers({ 'retry-after-ms': '1234', 'retry-after': '9' }))).toBe(1234);
    expect(retryDelayMs(0, headers({ 'retry-after': '3' }))).toBe(3000);
    const inFiveSeconds = new Date(Date.now() + 5_000).toUTCString();
    const delay = retryDelayMs(0, headers({ 'retry-after': inFiveSeconds }));
    expect(delay).toBeGreaterThan(3_000);
    expect(delay).toBeLessThanOrEqual(5_000);
  });

  it('ignores a server delay of a minute or more, and garbage', () => {
    expect(retryDelayMs(1, headers({ 'retry-after': '120' }), () => 0)).toBe(1000);
    expect(retryDelayMs(1, headers({ 'retry-after': 'soon' }), () => 0)).toBe(1000);
  });
});
