import { APIUserAbortError, type InstanceStatus, Nimbus, WaitTimeoutError } from '@nimbus/sdk';
import { afterEach, describe, expect, it } from 'vitest';
import { instance, PROJECT_ID, uuid } from './helpers/fixtures';
import { ok, type StubServer, startStubServer } from './helpers/stub-server';

let server: StubServer;
afterEach(() => server?.close());

/** Answers each GET with the next status of `statuses`, then repeats the last one. */
async function clientWithStatuses(statuses: InstanceStatus[]) {
  let polls = 0;
  server = await startStubServer(() => {
    const status = statuses[Math.min(polls++, statuses.length - 1)];
    return ok(instance({ status }));
  });
  return new Nimbus({ baseUrl: server.url, projectId: PROJECT_ID, accessToken: 'at' });
}

describe('instances.waitFor', () => {
  it('polls until the instance reaches the status and returns it', async () => {
    const client = await clientWithStatuses(['provisioning', 'provisioning', 'running']);

    const vm = await client.instances.waitFor(uuid(1), 'running', { intervalMs: 10 });

    expect(vm.status).toBe('running');
    expect(server.requests).toHaveLength(3);
    expect(server.requests.every((r) => r.path === `/api/v1/instances/${uuid(1)}`)).toBe(true);
  });

  it('accepts any of several statuses', async () => {
    const client = await clientWithStatuses(['running', 'stopping', 'stopped']);

    const vm = await client.instances.waitFor(uuid(1), ['stopped', 'stopping'], { intervalMs: 10 });

    expect(vm.status).toBe('stopping');
    expect(server.requests).toHaveLength(2);
  });

  it('gives up with WaitTimeoutError carrying the last instance seen', async () => {
    const client = await clientWithStatuses(['provisioning']);

    const error = await client.instances
      .waitFor(uuid(1), 'running', { intervalMs: 20, timeoutMs: 100 })
      .catch((e: unknown) => e);

    expect(error).toBeInstanceOf(WaitTimeoutError);
    expect((error as WaitTimeoutError).lastValue).toMatchObject({ status: 'provisioning' });
    expect(server.requests.length).toBeGreaterThan(1);
  });

  it('stops when the signal aborts', async () => {
    const client = await clientWithStatuses(['provisioning']);
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);

    const error = await client.instances
      .waitFor(uuid(1), 'running', { intervalMs: 10_000, signal: controller.signal })
      .catch((e: unknown) => e);

    expect(error).toBeInstanceOf(APIUserAbortError);
    expect(server.requests).toHaveLength(1);
  });
});

describe('instance lifecycle calls', () => {
  it('map to the contract routes', async () => {
    server = await startStubServer((req) =>
      req.method === 'DELETE' ? { status: 204 } : ok(instance({ status: 'stopping' })),
    );
    const client = new Nimbus({ baseUrl: server.url, projectId: PROJECT_ID, accessToken: 'at' });

    await client.instances.stop(uuid(1));
    await client.instances.start(uuid(1));
    await client.instances.delete(uuid(1));

    expect(server.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      `POST /api/v1/instances/${uuid(1)}/stop`,
      `POST /api/v1/instances/${uuid(1)}/start`,
      `DELETE /api/v1/instances/${uuid(1)}`,
    ]);
  });
});
