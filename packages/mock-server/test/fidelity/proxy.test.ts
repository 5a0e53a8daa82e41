import { createServer as createHttpServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Nimbus } from '@nimbus/sdk';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { createServer, exportState, type RunningServer } from '../../src';
import { type MockServer, startMockServer } from '../../src/entries/testing';
import { it, rejection } from '../support';
import { cameraBody, seedVideoTenant } from '../v2/helpers';
import { openStream } from '../v2/ws-client';

/** Registers, logs in and makes a project through `server` (the proxy): the client of that project. */
async function tenantThrough(server: RunningServer, name: string): Promise<Nimbus> {
  const client = server.createClient({ maxRetries: 0 });
  const email = `${name}-${crypto.randomUUID().slice(0, 8)}@example.com`;
  await client.auth.register({ email, password: 'correct-horse-battery', full_name: name });
  await client.auth.login({ email, password: 'correct-horse-battery' });
  const project = await client.projects.create({ name });
  return client.withProject(project.id);
}

/**
 * A deployment that drifts in one answer: in front of `reference`, it says `booting` where the
 * created instance's status is; every other answer passes as it came.
 */
async function driftingTarget(reference: MockServer): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createHttpServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) {
      if (typeof value === 'string' && !['host', 'connection', 'content-length'].includes(name))
        headers.set(name, value);
    }
    const answer = await fetch(`${reference.url}${req.url}`, {
      method: req.method,
      headers,
      body: chunks.length > 0 ? Buffer.concat(chunks) : undefined,
    });
    let body = Buffer.from(await answer.arrayBuffer());
    if (req.method === 'POST' && req.url === '/api/v1/instances' && answer.status === 201) {
      const json = JSON.parse(body.toString());
      json.data.status = 'booting';
      body = Buffer.from(JSON.stringify(json));
    }
    const out: Record<string, string> = {};
    answer.headers.forEach((value, name) => {
      if (name !== 'content-length' && name !== 'content-encoding' && name !== 'transfer-encoding')
        out[name] = value;
    });
    res.writeHead(answer.status, out).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

describe('a proxy in front of a faithful deployment', () => {
  let reference: MockServer;
  let proxy: RunningServer;
  beforeAll(async () => {
    reference = await startMockServer();
    proxy = await createServer({ port: 0, inMemory: true, proxyTarget: reference.url });
  });
  afterAll(async () => {
    await proxy.close();
    await reference.close();
  });

  it('answers what the deployment answered, and journals every exchange without a divergence', async () => {
    const client = await tenantThrough(proxy, 'faithful');
    const created = await client.instances.create({ name: 'web-1', flavor: 'small', region: 'hn' });
    const { data } = await client.instances.list();
    expect(data.map((instance) => instance.id)).toEqual([created.id]);
    await rejection(client.instances.retrieve(crypto.randomUUID()));
    // The deployment holds the instance; the proxy's own state holds nothing.
    const held = reference.exportState();
    expect(Object.keys(held.tables.instances ?? {})).toEqual([created.id]);
    expect(exportState(proxy.app.runtime).tables).toEqual({});

    const journal = proxy.createClient().mock.requests;
    const { data: entries } = await journal.list();
    expect(entries.map((entry) => `${entry.method} ${entry.path} ${entry.status}`)).toEqual([
      'POST /api/v1/auth/register 201',
      'POST /api/v1/auth/login 200',
      'POST /api/v1/projects 201',
      'POST /api/v1/instances 201',
      'GET /api/v1/instances 200',
      `GET /api/v1/instances/${entries[5]!.path.split('/').at(-1)} 404`,
    ]);
    expect(entries.flatMap((entry) => entry.divergences)).toEqual([]);
    // Filed under the deployment's own request id, with the journal's redaction of credentials.
    const createEntry = entries[3]!;
    expect(createEntry.request_id).toBe(createEntry.response.headers['x-request-id']);
    expect(createEntry.headers.authorization).toBe('[redacted]');
    expect(JSON.stringify(entries)).not.toContain('correct-horse-battery');
    expect((await journal.list({ divergent: true })).data).toEqual([]);
    expect((await journal.list({ divergent: false })).data).toHaveLength(6);
  });

  it('forwards a request no contract route takes, and flags it unknown-route', async () => {
    const answer = await fetch(`${proxy.url}/api/v1/no-such-thing?x=1`);
    expect(answer.status).toBe(404);
    const { data } = await proxy.createClient().mock.requests.list({ divergent: true });
    expect(data.at(-1)!.divergences).toEqual([
      {
        operation: 'GET /api/v1/no-such-thing',
        check: 'unknown-route',
        path: '/api/v1/no-such-thing',
        expected: 'a route of the contract',
        actual: 'GET /api/v1/no-such-thing',
        request_id: answer.headers.get('x-request-id'),
      },
    ]);
  });

  it('answers 503 naming the target when the deployment does not answer', async () => {
    const unreachable = await createServer({ port: 0, inMemory: true, proxyTarget: 'http://127.0.0.1:9' });
    try {
      const answer = await fetch(`${unreachable.url}/api/v1/users/me`);
      expect(answer.status).toBe(503);
      const body = (await answer.json()) as { error: { code: string; message: string } };
      expect(body.error.code).toBe('SERVICE_UNAVAILABLE');
      expect(body.error.message).toContain('http://127.0.0.1:9');
    } finally {
      await unreachable.close();
    }
  });
});

describe('a proxy in front of a drifting deployment', () => {
  it('journals exactly the divergence of the answer that drifted', async () => {
    const reference = await startMockServer();
    const drifting = await driftingTarget(reference);
    const proxy = await createServer({ port: 0, inMemory: true, proxyTarget: drifting.url });
    try {
      const client = await tenantThrough(proxy, 'drifting');
      const created = await client.instances.create({ name: 'web-1', flavor: 'small', region: 'hn' });
      expect(created.status).toBe('booting');
      await client.instances.retrieve(created.id);
      const { data } = await proxy.createClient().mock.requests.list({ divergent: true });
      expect(data.map((entry) => `${entry.method} ${entry.path}`)).toEqual(['POST /api/v1/instances']);
      expect(data[0]!.divergences).toEqual([
        {
          operation: 'v1.instances.create',
          check: 'schema',
          path: '$.data.status',
          expected: 'one of "provisioning", "running", "stopping", "stopped", "starting"',
          actual: '"booting"',
          request_id: data[0]!.request_id,
        },
      ]);
    } finally {
      await proxy.close();
      await drifting.close();
      await reference.close();
    }
  });
});

describe('a proxy and the /v2 event stream', () => {
  it('forwards the WebSocket upgrade: the deployment’s events arrive through the proxy', async () => {
    const reference = await startMockServer();
    const proxy = await createServer({ port: 0, inMemory: true, proxyTarget: reference.url });
    try {
      const tenant = await seedVideoTenant(reference);
      const camera = await tenant.video.cameras.create(cameraBody());
      const stream = await openStream({ url: proxy.url } as MockServer, { token: tenant.token });
      const event = await reference.client.mock.videoEvents.create({ camera_id: camera.id, type: 'person' });
      expect(await stream.received(1)).toEqual([event]);
      stream.ws.close();
    } finally {
      await proxy.close();
      await reference.close();
    }
  });
});
