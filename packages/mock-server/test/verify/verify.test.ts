import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MockServer } from '../../src/entries/testing';
import {
  reportJson,
  reportJunit,
  STREAM_OPERATION,
  type VerifyOptions,
  verifyDeployment,
} from '../../src/entries/verify';
import { type Drift, startDriftingProxy } from './drifting-proxy';
import { startVerifyTarget } from './verify-target';

/**
 * verifyDeployment against the reference server itself (no divergence, most of the contract
 * covered, nothing left that has a delete), and behind a proxy that drifts in the ways real
 * deployments do (each drift reported under its operation and check, nothing else).
 */

const OWNER = { email: 'owner@verify.test', password: 'owner-pass-1234' };
let mock: MockServer;

beforeAll(async () => {
  mock = await startVerifyTarget();
  const answer = await fetch(`${mock.url}/api/v1/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...OWNER, full_name: 'Owner' }),
  });
  expect(answer.status).toBe(201);
}, 30_000);

afterAll(() => mock?.close());

const options = (target: string, more: Partial<VerifyOptions> = {}): VerifyOptions => ({
  target,
  credentials: OWNER,
  lifecycleTimeoutMs: 15_000,
  // Ends at the fifth event: the bound only matters on a loaded machine.
  streamWaitMs: 10_000,
  metricsCredentials: { user: 'metrics', password: 'metrics' },
  ...more,
});

describe('verifyDeployment against the reference server', () => {
  it('finds no divergence, covers at least 150 operations and leaves nothing it could delete', async () => {
    const result = await verifyDeployment(options(mock.url));
    expect(result.divergences, JSON.stringify(result.divergences)).toEqual([]);
    const operations = result.tallies.map((t) => t.operation).filter((id) => id !== STREAM_OPERATION);
    expect(operations.length).toBeGreaterThanOrEqual(150);
    expect(result.tallies.map((t) => t.operation)).toContain(STREAM_OPERATION);
    for (const skipped of result.skipped) expect(skipped.reason).not.toBe('');

    const client = mock.createClient({});
    const session = await client.auth.login(OWNER);
    const projects = await mock.createClient({ accessToken: session.access_token }).projects.list();
    const own = projects.data.find((p) => p.name.startsWith('nimbus-verify-'))!;
    const inProject = mock.createClient({ accessToken: session.access_token, projectId: own.id });
    for (const list of [inProject.instances, inProject.buckets, inProject.topics, inProject.functions]) {
      expect((await list.list()).data).toEqual([]);
    }
    expect(result.leftBehind.filter((line) => line.includes('delete failed'))).toEqual([]);

    // No secret in what a team would paste into a ticket.
    const printed = JSON.stringify(reportJson(result)) + reportJunit(result) + result.leftBehind.join('\n');
    expect(printed).not.toContain(OWNER.password);
    expect(printed).not.toMatch(/eyJ[\w-]+\.[\w-]+\./);
  }, 60_000);

  it('sends no write with readOnly', async () => {
    const before = mock.requests().length;
    const result = await verifyDeployment(
      options(mock.url, { readOnly: true, only: ['v1.instances.*', 'v1.buckets.*'] }),
    );
    const writes = mock
      .requests()
      .slice(before)
      .filter((entry) => entry.method !== 'GET' && !entry.path.startsWith('/api/v1/auth/'));
    expect(writes).toEqual([]);
    expect(result.divergences).toEqual([]);
    expect(result.tallies.map((t) => t.operation)).toEqual(['v1.buckets.list', 'v1.instances.list']);
    expect(result.skipped.map((s) => s.reason)).toContain('a write (--read-only)');
  });
});

/** The drifts, and what each must be reported as: operation, check and path (a prefix). */
const DRIFTS: { drift: Drift; reported: { operation: string; check: string; path: string }[] }[] = [
  {
    drift: {
      method: 'POST',
      path: /^\/api\/v1\/topics$/,
      status: 201,
      change: (answer) => {
        answer.status = 200;
      },
    },
    reported: [{ operation: 'v1.topics.create', check: 'status', path: '$' }],
  },
  {
    drift: {
      method: 'GET',
      path: /^\/api\/v1\/buckets$/,
      status: 200,
      change: ({ body }) => {
        for (const bucket of body.data as Record<string, unknown>[]) {
          bucket.storageClass = bucket.storage_class;
          delete bucket.storage_class;
        }
      },
    },
    reported: [
      { operation: 'v1.buckets.list', check: 'schema', path: '$.data[0].storage_class' },
      { operation: 'v1.buckets.list', check: 'schema', path: '$.data[0].storageClass' },
    ],
  },
  {
    drift: {
      method: 'GET',
      path: /^\/api\/v1\/functions\/[^/]+$/,
      status: 200,
      change: ({ body }) => {
        const data = body.data as Record<string, unknown>;
        data.memory_mb = String(data.memory_mb);
      },
    },
    reported: [{ operation: 'v1.functions.retrieve', check: 'schema', path: '$.data.memory_mb' }],
  },
  {
    drift: {
      method: 'GET',
      path: /^\/api\/v1\/instances$/,
      status: 200,
      change: ({ body }) => {
        for (const instance of body.data as Record<string, unknown>[]) instance.flavor = 'tiny';
      },
    },
    reported: [{ operation: 'v1.instances.list', check: 'schema', path: '$.data[0].flavor' }],
  },
  {
    drift: {
      method: 'GET',
      path: /^\/api\/v1\/topics\/[^/]+$/,
      status: 404,
      change: ({ body }) => {
        (body.error as { code: string }).code = 'RESOURCE_NOT_FOUND';
      },
    },
    reported: [{ operation: 'v1.topics.retrieve', check: 'error-code', path: '$.error.code' }],
  },
  {
    drift: {
      method: 'GET',
      path: /^\/api\/v1\/zones$/,
      status: 200,
      change: ({ headers }) => {
        headers.delete('x-request-id');
      },
    },
    reported: [{ operation: 'v1.zones.list', check: 'header', path: 'x-request-id' }],
  },
  {
    drift: {
      method: 'POST',
      path: /^\/api\/v1\/cache-instances$/,
      status: 201,
      change: ({ body }) => {
        (body.data as Record<string, unknown>).status = 'available';
      },
    },
    reported: [{ operation: 'v1.cacheInstances.create', check: 'lifecycle', path: 'status' }],
  },
];

describe('verifyDeployment against a drifting deployment', () => {
  it('reports each drift under its operation and check, and nothing else', async () => {
    const proxy = await startDriftingProxy(
      mock.url,
      DRIFTS.map((d) => d.drift),
      (event) => {
        event.score = event.confidence;
        delete event.confidence;
      },
    );
    try {
      const only = ['v1.topics.*', 'v1.buckets.*', 'v1.functions.*', 'v1.instances.*', 'v1.zones.*'];
      const result = await verifyDeployment(
        options(proxy.url, { only: [...only, 'v1.cacheInstances.*', 'v2.cameras.*', 'v2.events.*'] }),
      );
      const expected = [
        ...DRIFTS.flatMap((d) => d.reported),
        { operation: STREAM_OPERATION, check: 'websocket', path: '$.data.confidence' },
        { operation: STREAM_OPERATION, check: 'websocket', path: '$.data.score' },
      ];
      for (const want of expected) {
        expect(
          result.divergences.some(
            (d) => d.operation === want.operation && d.check === want.check && d.path.startsWith(want.path),
          ),
          `${JSON.stringify(want)} in ${JSON.stringify(result.divergences)}, skipped ${JSON.stringify(result.skipped)}`,
        ).toBe(true);
      }
      const pairs = new Set(expected.map((e) => `${e.operation} ${e.check}`));
      const unexpected = result.divergences.filter((d) => !pairs.has(`${d.operation} ${d.check}`));
      expect(unexpected, JSON.stringify(unexpected)).toEqual([]);
    } finally {
      await proxy.close();
    }
  }, 60_000);
});
