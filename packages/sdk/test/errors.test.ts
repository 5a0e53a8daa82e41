import {
  APIConnectionError,
  APIError,
  APITimeoutError,
  AuthenticationError,
  BadRequestError,
  ConflictError,
  InternalServerError,
  Nimbus,
  NimbusError,
  NotFoundError,
  PayloadTooLargeError,
  PermissionDeniedError,
  RateLimitError,
  UnprocessableEntityError,
} from '@nimbus/sdk';
import { endpoint } from '@nimbus/sdk/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { PROJECT_ID, uuid } from './helpers/fixtures';
import { fail, type StubServer, sequence, startStubServer } from './helpers/stub-server';

let server: StubServer;
afterEach(() => server?.close());

async function errorFor(reply: Parameters<typeof sequence>[0]): Promise<unknown> {
  server = await startStubServer(sequence(reply));
  const client = new Nimbus({ baseUrl: server.url, projectId: PROJECT_ID, accessToken: 'at', maxRetries: 0 });
  return client.instances.retrieve(uuid(1)).catch((e: unknown) => e);
}

describe('APIError per status', () => {
  it.each([
    [400, 'VALIDATION_ERROR', BadRequestError],
    [401, 'UNAUTHENTICATED', AuthenticationError],
    [403, 'PROJECT_FORBIDDEN', PermissionDeniedError],
    [404, 'NOT_FOUND', NotFoundError],
    [409, 'INVALID_STATE', ConflictError],
    [413, 'PAYLOAD_TOO_LARGE', PayloadTooLargeError],
    [415, 'UNSUPPORTED_MEDIA_TYPE', APIError],
    [422, 'UNPROCESSABLE', UnprocessableEntityError],
    [429, 'RATE_LIMITED', RateLimitError],
    [500, 'INTERNAL_ERROR', InternalServerError],
    [503, 'SERVICE_UNAVAILABLE', InternalServerError],
  ])('%i answers %s as %s', async (status, code, ErrorClass) => {
    const error = await errorFor(fail(status, code, `failed with ${code}`));

    expect(error).toBeInstanceOf(ErrorClass);
    expect(error).toBeInstanceOf(APIError);
    expect(error).toBeInstanceOf(NimbusError);
    const apiError = error as APIError;
    expect(apiError.status).toBe(status);
    expect(apiError.code).toBe(code);
    expect(apiError.message).toBe(`failed with ${code}`);
    expect(apiError.requestId).toBe(`req_${status}`);
    expect(apiError.name).toBe(ErrorClass.name);
  });

  it('keeps details and the response headers', async () => {
    const details = [{ path: 'name', message: 'must start with a letter or digit' }];
    const error = (await errorFor(
      fail(400, 'VALIDATION_ERROR', 'Invalid body', details, { 'www-authenticate': 'Bearer' }),
    )) as APIError;

    expect(error.details).toEqual(details);
    expect(error.headers.get('www-authenticate')).toBe('Bearer');
  });

  it('keeps a body that is not JSON in the message, with no code', async () => {
    const error = (await errorFor({ status: 502, body: 'Bad Gateway from the proxy' })) as APIError;

    expect(error).toBeInstanceOf(InternalServerError);
    expect(error.code).toBeNull();
    expect(error.message).toBe('502 Bad Gateway from the proxy');
    expect(error.requestId).toBeNull();
  });

  it('reads v2 error bodies ({ error } without the envelope)', async () => {
    const getCamera = endpoint({
      method: 'GET',
      path: '/v2/api/cameras/{id}',
      family: 'cameras',
      summary: 'test endpoint',
      params: z.object({ id: z.string() }),
      response: z.object({ id: z.string() }),
      status: 200,
      auth: 'bearer',
    });
    server = await startStubServer(
      sequence({
        status: 403,
        body: { error: { code: 'INSUFFICIENT_SCOPE', message: 'needs cameras:read' } },
      }),
    );
    const client = new Nimbus({ baseUrl: server.url, accessToken: 'workload' });

    const error = (await client
      .call(getCamera, { params: { id: 'cam-1' } })
      .catch((e: unknown) => e)) as APIError;

    expect(error).toBeInstanceOf(PermissionDeniedError);
    expect(error.code).toBe('INSUFFICIENT_SCOPE');
    expect(error.message).toBe('needs cameras:read');
  });
});

describe('instanceof across two copies of the SDK (its CommonJS build beside its ES module)', () => {
  it('matches an error of the other copy by class name, and nothing else', async () => {
    vi.resetModules();
    const other = (await import('@nimbus/sdk')) as typeof import('@nimbus/sdk');
    expect(other.NotFoundError).not.toBe(NotFoundError);
    const theirs = await errorFor(fail(404, 'NOT_FOUND', 'gone'));
    const fromOther = other.APIError.generate(404, {}, new Headers());
    expect(theirs).toBeInstanceOf(other.NotFoundError);
    expect(fromOther).toBeInstanceOf(NotFoundError);
    expect(fromOther).toBeInstanceOf(APIError);
    expect(fromOther).toBeInstanceOf(NimbusError);
    expect(fromOther).not.toBeInstanceOf(ConflictError);
    expect(new Error('plain')).not.toBeInstanceOf(NimbusError);
  });

  it("leaves an app's own subclass to its prototype", () => {
    class GoneError extends NotFoundError {}
    expect(APIError.generate(404, {}, new Headers())).not.toBeInstanceOf(GoneError);
    expect(new GoneError(404, {}, new Headers())).toBeInstanceOf(NotFoundError);
  });
});

describe('APIError.generate', () => {
  it('falls back to APIError for other 4xx statuses', () => {
    const error = APIError.generate(418, undefined, new Headers({ 'x-request-id': 'r1' }));

    expect(error.constructor).toBe(APIError);
    expect(error.message).toBe('418 status code (no error body)');
    expect(error.requestId).toBe('r1');
  });
});

describe('messages that say what to do', () => {
  it('a connection error names the origin and the system error code', async () => {
    server = await startStubServer(() => ({ status: 200 }));
    const { url } = server;
    await server.close();
    const client = new Nimbus({ baseUrl: url, projectId: PROJECT_ID, maxRetries: 0 });

    const error = await client.instances.retrieve(uuid(1)).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(APIConnectionError);
    expect((error as Error).message).toBe(`Connection error: no answer from ${url} (ECONNREFUSED)`);
  });

  it('a timeout gives the limit it ran out of', async () => {
    server = await startStubServer(() => ({ status: 200, body: { data: {} }, delayMs: 1000 }));
    const client = new Nimbus({ baseUrl: server.url, projectId: PROJECT_ID, maxRetries: 0, timeoutMs: 20 });

    const error = await client.instances.retrieve(uuid(1)).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(APITimeoutError);
    expect((error as Error).message).toBe(
      `Request timed out: no answer from ${server.url} within 20 ms (timeoutMs)`,
    );
  });

  it('a signal that times out (AbortSignal.timeout) is a timeout, not retried', async () => {
    let attempts = 0;
    // A transport that never answers: only the signal ends the call.
    const fetch = (_url: string, init: RequestInit) => {
      attempts++;
      return new Promise<Response>((_, reject) => {
        init.signal?.addEventListener('abort', () => reject(init.signal?.reason));
      });
    };
    const client = new Nimbus({ baseUrl: 'http://nimbus.test', projectId: PROJECT_ID, maxRetries: 2, fetch });

    const error = await client.instances
      .retrieve(uuid(1), { signal: AbortSignal.timeout(20) })
      .catch((e: unknown) => e);

    expect(error).toBeInstanceOf(APITimeoutError);
    expect((error as Error).message).toMatch(/signal timed out/);
    expect(attempts).toBe(1);
  });

  it('PROJECT_HEADER_REQUIRED says how to give the client a project', async () => {
    const error = (await errorFor(
      fail(400, 'PROJECT_HEADER_REQUIRED', 'The X-Project-ID header is required'),
    )) as APIError;

    expect(error.code).toBe('PROJECT_HEADER_REQUIRED');
    expect(error.message).toMatch(
      /^The X-Project-ID header is required\. .*projectId.*withProject\(projectId\)/,
    );
  });
});
