import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type RunningServer } from '../../src/index';
import { envelopeProblem, Harness, seedTenant } from './support/harness';
import { httpCall, httpTenant } from './support/http';

/**
 * Hundreds of parallel requests on the same resources, over real sockets: uniqueness holds
 * (one winner, the rest 409), lifecycles never skip a state, deletes happen once, a refresh
 * token is spent once, and parallel updates never mix two requests into one record.
 */

let server: RunningServer;
let tenant: { token: string; projectId: string };

beforeAll(async () => {
  server = await createServer({ port: 0, inMemory: true, validateResponses: true, transitionDelayMs: 0 });
  tenant = await httpTenant(server.url, 'race');
  const limits = { buckets: 100_000, instances: 100_000, databases: 100_000, topics: 100_000 };
  await httpCall(server.url, 'PUT', `/__mock/quotas/${tenant.projectId}`, { body: { limits } });
}, 30_000);
afterAll(() => server.close());

const call = (method: string, path: string, body?: unknown) =>
  httpCall(server.url, method, path, { token: tenant.token, projectId: tenant.projectId, body });

/** Status counts of a batch, e.g. `{ 201: 1, 409: 199 }`. */
function tally(answers: { status: number }[]): Record<number, number> {
  const out: Record<number, number> = {};
  for (const a of answers) out[a.status] = (out[a.status] ?? 0) + 1;
  return out;
}

const data = <T>(answer: { body: unknown }) => (answer.body as { data: T }).data;
const codes = (answers: { status: number; body: unknown }[], status: number) =>
  new Set(
    answers.filter((a) => a.status === status).map((a) => (a.body as { error: { code: string } }).error.code),
  );

/** The state as exported, read straight from the store (the same document as GET /__mock/state). */
const table = (name: string) =>
  Object.values(server.store.state.tables[name] ?? {}) as Record<string, unknown>[];

describe('parallel requests on the same resources', () => {
  it('200 creates of one bucket name: exactly one 201, the rest 409 CONFLICT', async () => {
    const name = `race-${crypto.randomUUID().slice(0, 8)}`;
    const answers = await Promise.all(
      Array.from({ length: 200 }, () => call('POST', '/api/v1/buckets', { name, region: 'hn' })),
    );
    expect(tally(answers)).toEqual({ 201: 1, 409: 199 });
    expect(codes(answers, 409)).toEqual(new Set(['CONFLICT']));
    for (const a of answers.filter((x) => x.status === 409)) expect(envelopeProblem('v1', a)).toBeUndefined();
    expect(table('buckets').filter((b) => b.name === name)).toHaveLength(1);
  });

  it('100 deletes of one instance: exactly one 204, the rest 404 NOT_FOUND', async () => {
    const vm = data<{ id: string }>(
      await call('POST', '/api/v1/instances', { name: 'doomed', flavor: 'nano', region: 'hn' }),
    );
    const answers = await Promise.all(
      Array.from({ length: 100 }, () => call('DELETE', `/api/v1/instances/${vm.id}`)),
    );
    expect(tally(answers)).toEqual({ 204: 1, 404: 99 });
    expect(codes(answers, 404)).toEqual(new Set(['NOT_FOUND']));
    expect(table('instances').some((i) => i.id === vm.id)).toBe(false);
  });

  it('200 starts and stops of one instance: accepted actions alternate, the rest are 409, the end state follows the last one', async () => {
    const vm = data<{ id: string }>(
      await call('POST', '/api/v1/instances', { name: 'flip', flavor: 'nano', region: 'hn' }),
    );
    await call('GET', `/api/v1/instances/${vm.id}`); // provisioning -> running
    // Random order: runs of the same action, so some find the instance already in that state.
    const order = Array.from({ length: 200 }, () => (Math.random() < 0.5 ? 'start' : 'stop'));
    const answers = await Promise.all(
      order.map((action) => call('POST', `/api/v1/instances/${vm.id}/${action}`)),
    );
    const accepted = answers.filter((a) => a.status === 200);
    expect(accepted.length + (tally(answers)[409] ?? 0)).toBe(200);
    expect(accepted.length).toBeGreaterThan(0);
    expect(accepted.length).toBeLessThan(200);
    expect(codes(answers, 409)).toEqual(new Set(['INVALID_STATE']));
    for (const a of accepted) expect(['starting', 'stopping']).toContain(data<{ status: string }>(a).status);

    // The server's own order of accepted actions: the activity log, in insertion order.
    const actions = table('activity_logs')
      .filter((log) => log.resource_id === vm.id && log.status === 200)
      .map((log) => String(log.operation));
    expect(actions).toHaveLength(accepted.length);
    expect(actions).toEqual(actions.map((_, i) => (i % 2 === 0 ? 'instances.stop' : 'instances.start')));

    const settled = data<{ status: string }>(await call('GET', `/api/v1/instances/${vm.id}`));
    expect(settled.status).toBe(actions.at(-1) === 'instances.stop' ? 'stopped' : 'running');
    expect(table('transitions').filter((t) => t.record_id === vm.id)).toEqual([]);
  });

  it('12 registrations of one email, in any case: exactly one 201, the rest 409, one user', async () => {
    const email = `same-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        httpCall(server.url, 'POST', '/api/v1/auth/register', {
          body: {
            email: i % 2 ? email.toUpperCase() : email,
            password: 'correct-horse-battery',
            full_name: 'Twin',
          },
        }),
      ),
    );
    expect(tally(answers)).toEqual({ 201: 1, 409: 11 });
    expect(codes(answers, 409)).toEqual(new Set(['CONFLICT']));
    expect(table('users').filter((u) => String(u.email).toLowerCase() === email)).toHaveLength(1);
  });

  it('50 refreshes with one refresh token: one new pair, the rest REFRESH_TOKEN_REUSED, and the family revoked', async () => {
    const { email, password } = await httpTenant(server.url, 'refresh');
    const login = data<{ refresh_token: string }>(
      await httpCall(server.url, 'POST', '/api/v1/auth/login', { body: { email, password } }),
    );
    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        httpCall(server.url, 'POST', '/api/v1/auth/refresh', {
          body: { refresh_token: login.refresh_token },
        }),
      ),
    );
    expect(tally(answers)).toEqual({ 200: 1, 401: 49 });
    expect(codes(answers, 401)).toEqual(new Set(['REFRESH_TOKEN_REUSED']));
    // The reuse revoked the whole family, the winner's new tokens included.
    const winner = data<{ access_token: string; refresh_token: string }>(
      answers.find((a) => a.status === 200)!,
    );
    const me = await httpCall(server.url, 'GET', '/api/v1/users/me', { token: winner.access_token });
    expect(me.status).toBe(401);
    const again = await httpCall(server.url, 'POST', '/api/v1/auth/refresh', {
      body: { refresh_token: winner.refresh_token },
    });
    expect(again.status).toBe(401);
  });

  it('50 updates of one budget: the result is exactly one of the requests, never a mix', async () => {
    const budget = data<{ id: string }>(
      await call('POST', '/api/v1/budgets', { name: 'race', amount: 1000 }),
    );
    const currencies = ['VND', 'USD', 'EUR', 'JPY', 'SGD'];
    const periods = ['monthly', 'quarterly', 'yearly'];
    const bodies = Array.from({ length: 50 }, (_, i) => ({
      name: `budget-${i}`,
      amount: 1000 + i,
      currency: currencies[i % currencies.length],
      period: periods[i % periods.length],
      alert_threshold: 1 + i,
    }));
    const answers = await Promise.all(
      bodies.map((body) => call('PUT', `/api/v1/budgets/${budget.id}`, body)),
    );
    expect(tally(answers)).toEqual({ 200: 50 });
    const final = data<Record<string, unknown>>(await call('GET', `/api/v1/budgets/${budget.id}`));
    const match = bodies.find((b) => b.name === final.name)!;
    expect(final).toMatchObject(match);
    // updated_at never goes back, and the winner's answer is what is stored.
    const stamps = answers.map((a) => data<{ updated_at: string }>(a).updated_at).sort();
    expect(final.updated_at).toBe(stamps.at(-1));
  });

  it('50 updates of one function: the result is exactly one of the requests, env included', async () => {
    const fn = data<{ id: string }>(
      await call('POST', '/api/v1/functions', { name: 'race-fn', runtime: 'nodejs20', region: 'hn' }),
    );
    const bodies = Array.from({ length: 50 }, (_, i) => ({
      memory_mb: 128 + 64 * i,
      timeout_sec: 1 + i,
      env: { WHO: `request-${i}`, [`ONLY_${i}`]: 'x' },
    }));
    const answers = await Promise.all(bodies.map((body) => call('PUT', `/api/v1/functions/${fn.id}`, body)));
    expect(tally(answers)).toEqual({ 200: 50 });
    const final = data<{ memory_mb: number; timeout_sec: number; env: Record<string, string> }>(
      await call('GET', `/api/v1/functions/${fn.id}`),
    );
    const i = (final.memory_mb - 128) / 64;
    expect(final).toMatchObject({ timeout_sec: 1 + i, env: bodies[i]!.env });
    expect(Object.keys(final.env)).toEqual(Object.keys(bodies[i]!.env));
  });

  it('20 creates of one database name with a password (hashed between check and insert): exactly one 201', async () => {
    const name = `db-${crypto.randomUUID().slice(0, 8)}`;
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        call('POST', '/api/v1/databases', {
          name,
          engine: 'postgres',
          region: 'hn',
          admin_password: 'S3cure-pass-word',
        }),
      ),
    );
    expect(tally(answers)).toEqual({ 201: 1, 409: 19 });
    expect(table('databases').filter((d) => d.name === name)).toHaveLength(1);
  });

  it('a subscription created while its topic is deleted is refused (404), never left behind', async () => {
    // In process, to pin the interleaving: the create waits on sealing its secret (Web Crypto)
    // while the delete runs to the end.
    const harness = Harness.create();
    try {
      const owner = await seedTenant((m, p, o) => harness.call(m, p, o), 'orphans');
      const as = { token: owner.accessToken, projectId: owner.projectId };
      for (let round = 0; round < 10; round++) {
        const topic = (await harness.call('POST', '/api/v1/topics', { ...as, body: { name: `t-${round}` } }))
          .body as {
          data: { id: string };
        };
        const path = `/api/v1/topics/${topic.data.id}`;
        const create = harness.call('POST', `${path}/subscriptions`, {
          ...as,
          body: { webhook_url: 'http://127.0.0.1:9/hook', event_types: 'reliability.never' },
        });
        await new Promise((resolve) => setImmediate(resolve));
        const [created, deleted] = await Promise.all([create, harness.call('DELETE', path, as)]);
        expect(deleted.status).toBe(204);
        expect([201, 404]).toContain(created.status);
        const left = Object.values(harness.store.state.tables.topic_subscriptions ?? {}).filter(
          (s) => s.topic_id === topic.data.id,
        );
        expect(left).toEqual([]);
      }
    } finally {
      await harness.close();
    }
  });
});
