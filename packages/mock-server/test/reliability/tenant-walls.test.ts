import type { Operation } from '@nimbus/sdk/contract';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockServer } from '../../src/entries/testing';
import { openStream, refusedUpgrade, streamUrl } from '../v2/ws-client';
import { createAll, operation, paramValue } from './support/creators';
import { contractAccepts, inputArbitrary, validHints } from './support/fuzz-inputs';
import { type Answer, apiOf, envelopeProblem, Harness, seedTenant, type Tenant } from './support/harness';
import { httpCall, httpTenant } from './support/http';
import {
  type Credentials,
  paramNames,
  type RouteInput,
  requestFor,
  routes,
  sourceOf,
} from './support/routes';

/**
 * Tenant walls, generated from the contract. Tenant A owns one resource of every family; tenant
 * B, with its own valid credentials, aims every tenant-scoped route at A's ids: each answer is
 * 404 or 403, nothing of A changes, and no answer ever carries an id of A. Lists of B never
 * hold A's records. API keys stay in their project; a viewer cannot write anywhere.
 */

let harness: Harness;
let a: Tenant;
let b: Tenant;
let viewer: Tenant;
let madeByA: Map<string, Record<string, unknown>>;
/** Every id of tenant A's records, from the state itself. */
let idsOfA: string[];

/** Project resource routes and the /v2 API: what a tenant owns. */
const scoped = routes(
  (op) =>
    (op.endpoint.project === true || op.endpoint.api === 'v2') &&
    op.endpoint.auth !== 'none' &&
    op.endpoint.auth !== 'basic',
);

beforeAll(async () => {
  harness = Harness.create();
  const call = (m: string, p: string, o?: Parameters<Harness['call']>[2]) => harness.call(m, p, o);
  [a, b, viewer] = await Promise.all([
    seedTenant(call, 'alice'),
    seedTenant(call, 'bob'),
    seedTenant(call, 'vera'),
  ]);
  madeByA = await createAll((r) => harness.send(r), a);
  // Vera joins Alice's project as a viewer.
  const added = await harness.call('POST', '/api/v1/iam/users', {
    token: a.accessToken,
    projectId: a.projectId,
    body: { email: viewer.email, role: 'viewer' },
  });
  expect(added.status).toBe(201);
  harness.settle();
  idsOfA = Object.values(harness.store.state.tables)
    .flatMap((rows) => Object.values(rows))
    .filter((row) => row.project_id === a.projectId || row.tenant_id === a.projectId)
    .map((row) => row.id);
  expect(idsOfA.length).toBeGreaterThan(50);
}, 60_000);
afterAll(() => harness.close());

/** A contract-valid input of `op` whose path parameters name A's records. */
function inputAimedAtA(op: Operation): RouteInput {
  const samples = fc.sample(inputArbitrary(op, madeByA, validHints(madeByA, a)), { numRuns: 60, seed: 11 });
  const input = samples.find((s) => contractAccepts(op, s)) ?? samples[0]!;
  const params = { ...input.params };
  for (const name of paramNames(op.endpoint)) {
    const source = sourceOf(op, name);
    const record = source && madeByA.get(source);
    if (record) params[name] = paramValue(name, record);
  }
  return { ...input, params };
}

/** Sends as `who`, and checks nothing changed and nothing of A came back. */
async function sendAs(op: Operation, input: RouteInput, who: Credentials): Promise<Answer> {
  const request = requestFor(op.endpoint, input, who);
  // An id B sent may come back (in "VPC <id> not found"): B knew it already. Any other is a leak.
  const sent = `${request.url} ${JSON.stringify(input.body ?? '')}`;
  const { answer, changes } = await harness.sendTracked(request);
  const leaked = idsOfA.filter((id) => answer.text.includes(id) && !sent.includes(id));
  expect(leaked, `${op.id} answered ids of tenant A: ${answer.text.slice(0, 300)}`).toEqual([]);
  if (answer.status >= 400) {
    expect(envelopeProblem(apiOf(op.endpoint.path), answer), answer.text).toBeUndefined();
    expect(changes.join('\n'), `${op.id} changed the state`).toBe('');
  }
  return answer;
}

describe("tenant B aimed at tenant A's resources", () => {
  const withIds = scoped.filter((op) => paramNames(op.endpoint).some((name) => sourceOf(op, name)));
  it.each(withIds.map((op) => [op.id, op] as const))(
    "%s with A's ids and B's credentials: 404 or 403",
    async (_id, op) => {
      const input = inputAimedAtA(op);
      const answer = await sendAs(op, input, b);
      expect(
        [403, 404],
        `${op.id} ${JSON.stringify(input).slice(0, 300)} -> ${answer.status} ${answer.text.slice(0, 200)}`,
      ).toContain(answer.status);
    },
  );

  const lists = scoped.filter((op) => op.endpoint.method === 'GET' && paramNames(op.endpoint).length === 0);
  it.each(lists.map((op) => [op.id, op] as const))("%s as B never lists A's records", async (_id, op) => {
    // Filters set to A's ids where a query names one (camera_id, resource_id...): still nothing of A.
    const answer = await sendAs(op, inputAimedAtA(op), b);
    expect(answer.status === 200 || (answer.status >= 400 && answer.status < 500)).toBe(true);
  });

  const writes = scoped.filter((op) => op.endpoint.method !== 'GET' && paramNames(op.endpoint).length === 0);
  it.each(writes.map((op) => [op.id, op] as const))(
    "%s as B with bodies naming A's records changes nothing of A",
    async (_id, op) => {
      const input = inputAimedAtA(op);
      const answer = await sendAs(op, input, b);
      // Whatever B creates lands in B's project and names only what B may see.
      if (answer.status < 400) {
        const recordsOfA = Object.values(harness.store.state.tables)
          .flatMap((rows) => Object.values(rows))
          .filter((row) => row.project_id === a.projectId || row.tenant_id === a.projectId);
        expect(recordsOfA.map((row) => row.id).sort()).toEqual([...idsOfA].sort());
      }
    },
  );

  it("B's token with A's project in X-Project-ID: 403 PROJECT_FORBIDDEN on every project route", async () => {
    for (const op of scoped.filter((o) => o.endpoint.project)) {
      const answer = await sendAs(op, inputAimedAtA(op), { ...b, projectId: a.projectId });
      expect(answer.status, op.id).toBe(403);
      expect((answer.body as { error: { code: string } }).error.code, op.id).toBe('PROJECT_FORBIDDEN');
    }
  });

  it("B cannot get a /v2 token for A's project", async () => {
    const answer = await harness.call('POST', '/api/v1/auth/workload-token', {
      token: b.accessToken,
      body: { project_id: a.projectId, scopes: ['cameras:read'] },
    });
    expect(answer.status).toBe(403);
    expect(answer.body).toMatchObject({ error: { code: 'PROJECT_FORBIDDEN' } });
  });
});

describe('API keys stay in their project', () => {
  it("A's key works in A's project and is refused with B's project (403 PROJECT_FORBIDDEN)", async () => {
    const created = await harness.call('POST', '/api/v1/iam/keys', {
      token: a.accessToken,
      projectId: a.projectId,
      body: { name: 'ci', role: 'editor' },
    });
    expect(created.status).toBe(201);
    const key = (created.body as { data: { key: string } }).data.key;
    const withKey = (projectId: string) =>
      harness.call('GET', '/api/v1/instances', { projectId, headers: { 'x-api-key': key } });
    expect((await withKey(a.projectId)).status).toBe(200);
    const refused = await withKey(b.projectId);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ success: false, error: { code: 'PROJECT_FORBIDDEN' } });
    // Not a user token: the key opens no route outside project resources.
    expect((await harness.call('GET', '/api/v1/users/me', { headers: { 'x-api-key': key } })).status).toBe(
      401,
    );
  });
});

describe('a viewer cannot write', () => {
  const projectWrites = routes((op) => op.endpoint.project === true && op.endpoint.method !== 'GET');
  it.each(projectWrites.map((op) => [op.id, op] as const))(
    '%s as a viewer: 403 FORBIDDEN, nothing changes',
    async (_id, op) => {
      const answer = await sendAs(op, inputAimedAtA(op), { ...viewer, projectId: a.projectId });
      expect(answer.status, answer.text).toBe(403);
      expect((answer.body as { error: { code: string } }).error.code).toBe('FORBIDDEN');
    },
  );

  it('a viewer still reads', async () => {
    const answer = await harness.call('GET', '/api/v1/instances', {
      token: viewer.accessToken,
      projectId: a.projectId,
    });
    expect(answer.status).toBe(200);
  });
});

describe("the event stream and playback of another tenant's cameras", () => {
  it("B's stream never carries A's events; B cannot filter on A's camera or play it", async () => {
    const mock = await startMockServer();
    try {
      const owners = await Promise.all(['alice', 'bob'].map((name) => httpTenant(mock.url, `${name}-ws`)));
      const tokens = await Promise.all(
        owners.map(async (o) => {
          const answer = await httpCall(mock.url, 'POST', '/api/v1/auth/workload-token', {
            token: o.token,
            body: { project_id: o.projectId, scopes: ['cameras:write', 'events:read', 'playback:read'] },
          });
          return (answer.body as { data: { token: string } }).data.token;
        }),
      );
      const [tokenA, tokenB] = tokens as [string, string];
      const camera = await httpCall(mock.url, 'POST', '/v2/api/cameras', {
        token: tokenA,
        body: { name: 'Yard', rtsp_url: 'rtsp://cam.example.com/live', features: ['motion'] },
      });
      const cameraId = (camera.body as { id: string }).id;
      const streamA = await openStream(mock, { token: tokenA });
      const streamB = await openStream(mock, { token: tokenB });
      const filtered = await refusedUpgrade(streamUrl(mock, { token: tokenB, camera_id: cameraId }));
      expect(filtered.status).toBe(404);
      for (let i = 0; i < 3; i++) {
        const injected = await httpCall(mock.url, 'POST', '/__mock/v2/events', {
          body: { camera_id: cameraId, type: 'motion' },
        });
        expect(injected.status).toBe(201);
      }
      await streamA.received(3);
      expect(streamB.envelopes).toEqual([]);
      const day = new Date(mock.clock.now()).toISOString().slice(0, 10);
      const hour = new Date(mock.clock.now()).toISOString().slice(11, 13);
      const played = await httpCall(
        mock.url,
        'GET',
        `/v2/hls/${cameraId}/${day}/${hour}/index.m3u8?token=${tokenB}`,
      );
      expect(played.status).toBe(404);
      const listed = await httpCall(mock.url, 'GET', `/v2/api/events?camera_id=${cameraId}`, {
        token: tokenB,
      });
      expect(listed.text).not.toContain(cameraId);
      streamA.ws.close();
      streamB.ws.close();
    } finally {
      await mock.close();
    }
  });
});

// The creators of A must cover every family the walls are checked on.
it('tenant A owns a resource behind every path parameter the contract has', () => {
  const uncovered = scoped.flatMap((op) =>
    paramNames(op.endpoint)
      .filter((name) => !['date', 'hour', 'segment', 'file'].includes(name))
      .filter((name) => {
        const source = sourceOf(op, name);
        return !source || !madeByA.has(source);
      })
      .map((name) => `${op.id} {${name}}`),
  );
  expect(uncovered).toEqual([]);
  expect(operation('v1.instances.create').endpoint.path).toBe('/api/v1/instances');
});
