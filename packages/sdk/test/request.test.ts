import { APIConnectionError, APIError, Nimbus, NimbusError, ResponseValidationError } from '@nimbus/sdk';
import { endpoint } from '@nimbus/sdk/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { instance, PROJECT_ID, uuid } from './helpers/fixtures';
import { type Handler, ok, type StubServer, sequence, startStubServer } from './helpers/stub-server';

let server: StubServer;

async function clientFor(handler: Handler, options: Partial<ConstructorParameters<typeof Nimbus>[0]> = {}) {
  server = await startStubServer(handler);
  return new Nimbus({ baseUrl: server.url, projectId: PROJECT_ID, accessToken: 'at', ...options });
}

afterEach(() => server?.close());

describe('v1 envelopes', () => {
  it('unwraps data and sends method, path and JSON body from the contract', async () => {
    const client = await clientFor(sequence(ok(instance({ name: 'db-1', status: 'provisioning' }), {}, 201)));

    const created = await client.instances.create({ name: 'db-1', flavor: 'small', region: 'hn' });

    expect(created.name).toBe('db-1');
    expect(created.status).toBe('provisioning');
    const [sent] = server.requests;
    expect(sent?.method).toBe('POST');
    expect(sent?.path).toBe('/api/v1/instances');
    expect(sent?.headers['content-type']).toBe('application/json');
    expect(JSON.parse(sent?.body ?? '')).toEqual({ name: 'db-1', flavor: 'small', region: 'hn' });
  });

  it('fills path parameters and serialises the query, leaving out unset values', async () => {
    const client = await clientFor(sequence(ok(instance()), ok([], { page: 2, per_page: 5, total: 5 })));

    await client.instances.retrieve(uuid(7));
    await client.instances.list({ status: 'running', region: undefined, page: 2, per_page: 5 });

    expect(server.requests[0]?.path).toBe(`/api/v1/instances/${uuid(7)}`);
    expect(server.requests[1]?.url).toBe('/api/v1/instances?status=running&page=2&per_page=5');
  });

  it('sends no body and no content type when the call has none', async () => {
    const client = await clientFor(sequence(ok(instance({ status: 'starting' }))));

    const started = await client.instances.start(uuid(1));

    expect(started.status).toBe('starting');
    expect(server.requests[0]?.body).toBe('');
    expect(server.requests[0]?.headers['content-type']).toBeUndefined();
  });

  it('withResponse() gives the raw response and the X-Request-Id', async () => {
    const client = await clientFor(sequence(ok(instance())));

    const { data, response, requestId } = await client.instances.retrieve(uuid(1)).withResponse();

    expect(data.id).toBe(uuid(1));
    expect(response.status).toBe(200);
    expect(requestId).toBe('req_header');
  });

  it('falls back to meta.request_id when the answer has no X-Request-Id header', async () => {
    const client = await clientFor(
      sequence({
        status: 200,
        body: { success: true, data: instance(), meta: { request_id: 'req_from_meta' } },
      }),
    );

    const { requestId } = await client.instances.retrieve(uuid(1)).withResponse();

    expect(requestId).toBe('req_from_meta');
  });

  it('resolves a 204 to undefined', async () => {
    const client = await clientFor(sequence({ status: 204 }));

    await expect(client.instances.delete(uuid(1))).resolves.toBeUndefined();
    expect(server.requests[0]?.method).toBe('DELETE');
  });

  it('rejects a 2xx body that is not a v1 envelope with ResponseValidationError', async () => {
    const client = await clientFor(sequence({ status: 200, body: instance() }));

    const error = await client.instances.retrieve(uuid(1)).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ResponseValidationError);
    expect(error).not.toBeInstanceOf(APIError);
  });

  it('rejects a 2xx body that is not JSON with ResponseValidationError', async () => {
    const client = await clientFor(sequence({ status: 200, body: '<html>proxy page</html>' }));

    await expect(client.instances.retrieve(uuid(1))).rejects.toThrow(/not valid JSON/);
  });
});

describe('bare bodies', () => {
  it('takes /__mock bodies as they are', async () => {
    const clock = { now: '2026-01-01T00:00:10.000Z', offset_ms: 10_000 };
    const client = await clientFor(sequence({ status: 200, body: clock }, { status: 204 }));

    await expect(client.mock.clock.advance({ seconds: 10 })).resolves.toEqual(clock);
    await expect(client.mock.faults.clear()).resolves.toBeUndefined();
    expect(server.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'POST /__mock/clock/advance',
      'DELETE /__mock/faults',
    ]);
  });

  it('takes /v2 bodies as they are', async () => {
    const listCameras = endpoint({
      method: 'GET',
      path: '/v2/api/cameras',
      family: 'cameras',
      summary: 'test endpoint',
      response: z.object({ items: z.array(z.object({ id: z.string() })) }),
      status: 200,
      auth: 'bearer',
    });
    const client = await clientFor(sequence({ status: 200, body: { items: [{ id: 'cam-1' }] } }));

    const body = await client.call(listCameras, {});

    expect(body.items[0]?.id).toBe('cam-1');
  });
});

describe('validateResponses', () => {
  it('passes a body that matches the contract', async () => {
    const client = await clientFor(sequence(ok(instance())), { validateResponses: true });

    await expect(client.instances.retrieve(uuid(1))).resolves.toEqual(instance());
  });

  it('throws ResponseValidationError, not APIError, on a mismatch', async () => {
    const client = await clientFor(sequence(ok(instance({ status: 'exploded' as never }))), {
      validateResponses: true,
    });

    const error = await client.instances.retrieve(uuid(1)).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ResponseValidationError);
    expect(error).not.toBeInstanceOf(APIError);
    expect((error as ResponseValidationError).issues[0]?.path).toEqual(['status']);
    expect((error as ResponseValidationError).requestId).toBe('req_header');
  });

  it('checks each item of a list and names the item in the issue path', async () => {
    const items = [instance(), instance({ id: uuid(2), flavor: 'gigantic' as never })];
    const client = await clientFor(sequence(ok(items, { page: 1, per_page: 20, total: 2 })), {
      validateResponses: true,
    });

    const error = await client.instances.list().catch((e: unknown) => e);

    expect((error as ResponseValidationError).issues[0]?.path).toEqual([1, 'flavor']);
  });

  it('leaves responses alone when off (the default)', async () => {
    const client = await clientFor(sequence(ok(instance({ status: 'exploded' as never }))));

    const vm = await client.instances.retrieve(uuid(1));

    expect(vm.status).toBe('exploded');
  });
});

describe('request headers', () => {
  it('lets per-call headers override the client, whatever their case', async () => {
    const client = await clientFor(sequence(ok(instance())), { defaultHeaders: { 'X-Team': 'a' } });

    await client.instances.retrieve(uuid(1), { headers: { 'X-Project-ID': uuid(5), 'X-Team': 'b' } });

    expect(server.requests[0]?.headers['x-project-id']).toBe(uuid(5));
    expect(server.requests[0]?.headers['x-team']).toBe('b');
  });

  it('refuses an access token with CR/LF, after a good one and on every call', async () => {
    const client = await clientFor(sequence(ok(instance())), { accessToken: 'good-token' });
    await client.instances.retrieve(uuid(1));
    const forged = new Nimbus({ baseUrl: server.url, accessToken: 'bad\r\nx-injected: 1' });

    const first = await forged.instances.retrieve(uuid(1)).catch((e: unknown) => e);
    const second = await forged.instances.retrieve(uuid(1)).catch((e: unknown) => e);

    expect(first).toBeInstanceOf(NimbusError);
    expect((first as Error).message).toMatch(/Invalid header "authorization"/);
    expect(second).toBeInstanceOf(NimbusError);
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0]?.headers.authorization).toBe('Bearer good-token');
  });

  it('refuses a header value with CR/LF before sending, with a NimbusError (not retried)', async () => {
    const client = await clientFor(sequence(ok(instance())));

    const error = await client.instances
      .retrieve(uuid(1), { headers: { 'x-note': 'a\r\nx-injected: 1' } })
      .catch((e: unknown) => e);

    expect(error).toBeInstanceOf(NimbusError);
    expect(error).not.toBeInstanceOf(APIConnectionError);
    expect((error as Error).message).toMatch(/Invalid header "x-note"/);
    expect(server.requests).toHaveLength(0);
  });
});
