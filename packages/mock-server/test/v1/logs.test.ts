import type { LogEntry } from '@nimbus/sdk/contract';
import { describe, expect } from 'vitest';
import { activityLogs } from '../../src/core/services/activity';
import { type MockServer, type SeededTenant, seedTenant } from '../../src/entries/testing';
import { it, rejection } from '../support';

let tenant: SeededTenant;
let functionId: string;
/** Time after the setup's calls, before the failed calls written below. */
let cut: string;

/** Failed calls: the core keeps activity for answered calls, so these are written as the core would. */
function recordFailure(mock: MockServer, operation: string, path: string, status: number): void {
  const at = mock.clock.now().toISOString();
  mock.server.app.runtime.store.table(activityLogs).insert({
    id: crypto.randomUUID(),
    created_at: at,
    updated_at: at,
    project_id: tenant.project.id,
    actor: `user:${tenant.user.id}`,
    actor_type: 'user',
    operation,
    method: 'POST',
    path,
    resource_id: null,
    status,
    request_id: crypto.randomUUID(),
  });
}

it.beforeAll(async ({ mock }) => {
  tenant = await seedTenant(mock);
  const c = tenant.client;
  await c.instances.create({ name: 'a', flavor: 'nano', region: 'hn' });
  await c.instances.create({ name: 'b', flavor: 'nano', region: 'hn' });
  await c.zones.create({ name: 'logs.example' });
  const fn = await c.functions.create({ name: 'resize', runtime: 'nodejs20', region: 'hn', timeout_sec: 1 });
  functionId = fn.id;
  await c.functions.waitFor(fn.id, 'active', { intervalMs: 10, timeoutMs: 5000 });
  await c.functions.invoke(fn.id, { payload: { size: 1 } });
  // Big enough to outrun the 1 s timeout: the run logs an ERROR line.
  await c.functions.invoke(fn.id, { payload: { blob: 'x'.repeat(8000) } });
  await mock.clock.advance(60);
  cut = mock.clock.now().toISOString();
  for (const [operation, path, status] of [
    ['instances.start', '/api/v1/instances/x/start', 409],
    ['instances.create', '/api/v1/instances', 503],
    ['zones.create', '/api/v1/zones', 400],
  ] as const) {
    await mock.clock.advance(1);
    recordFailure(mock, operation, path, status);
  }
});

async function search(
  q: string,
  extra: { per_page?: number; page?: number; from?: string; to?: string } = {},
) {
  return tenant.client.logs.query({ q, per_page: 100, ...extra });
}
const ops = (entries: LogEntry[]) => entries.map((e) => e.operation);

describe('log query', () => {
  it('filters activity by source, status comparison and operation wildcard', async () => {
    const page = await search('source:activity AND status:>=400 AND operation:instances.*');
    expect(page.data.map((e) => [e.operation, e.status, e.level])).toEqual([
      ['instances.start', 409, 'warn'],
      ['instances.create', 503, 'error'],
    ]);
    expect(page.data[0]).toMatchObject({ source: 'activity', method: 'POST', function_id: null });
  });

  it('searches function logs with levels, messages and quoted strings', async () => {
    const errors = await search('source:function AND level:error');
    expect(errors.data.map((e) => e.message)).toEqual(['ERROR Task timed out after 1 seconds']);
    expect(errors.data[0]).toMatchObject({ function_id: functionId, resource_id: functionId, status: null });
    expect(errors.data[0]!.request_id).not.toBeNull();
    expect((await search('"task timed out"')).total).toBe(1);
    expect((await search(`function_id:${functionId} AND message:START`)).total).toBe(2);
    const lines = (await search('source:function')).data;
    expect(lines).toHaveLength(9);
    expect(lines.every((e) => /^[0-9a-f-]{36}:\d$/.test(e.id))).toBe(true);
  });

  it('combines OR, NOT, parentheses and implied AND', async () => {
    expect(ops((await search('operation:instances.create OR operation:zones.create')).data)).toEqual([
      'instances.create',
      'instances.create',
      'zones.create',
      'instances.create',
      'zones.create',
    ]);
    expect(
      ops((await search('(operation:instances.create OR operation:zones.create) status:201')).data),
    ).toEqual(['instances.create', 'instances.create', 'zones.create']);
    const notActivity = await search('NOT source:activity');
    expect(notActivity.data.every((e) => e.source === 'function')).toBe(true);
    expect(notActivity.total).toBeGreaterThan(0);
    expect((await search('status:5*')).data.map((e) => e.status)).toEqual([503]);
  });

  it('compares timestamps and honours from, to and paging', async () => {
    const after = await search(`timestamp:>"${cut}"`);
    expect(after.data.map((e) => e.status)).toEqual([409, 503, 400]);
    expect((await search('', { from: cut })).total).toBe(3);
    expect((await search('source:activity', { to: cut })).data.every((e) => e.status! < 400)).toBe(true);

    const everything = await search('');
    const second = await tenant.client.logs.query({ per_page: 2, page: 2 });
    expect(second).toMatchObject({ page: 2, total: everything.total });
    expect(second.data).toEqual(everything.data.slice(2, 4));
    const times = everything.data.map((e) => e.timestamp);
    expect([...times].sort()).toEqual(times);
  });

  it("does not show another project's logs", async ({ tenant: other }) => {
    await other.client.instances.create({ name: 'c', flavor: 'nano', region: 'hn' });
    expect((await other.client.logs.query()).total).toBe(1);
    expect((await search('')).data.some((e) => e.actor === `user:${other.user.id}`)).toBe(false);
  });

  it.each([
    ['status:>=abc', 'whole number', 10],
    ['source:activity AND foo:bar', 'unknown field "foo"', 21],
    ['(source:activity OR level:error', 'missing ")"', 1],
    ['source:activity AND', 'expected a term after "AND"', 20],
    ['message:"unterminated', 'unterminated quoted string', 9],
    ['operation:>3', 'does not support >', 1],
    ['source:nowhere', 'source is one of activity, function', 8],
    ['level:info )', 'unexpected ")"', 12],
    ['status:', 'expected a value', 8],
  ])('answers 400 naming query.q and the position for %s', async (q, message, position) => {
    const error = await rejection(search(q));
    expect(error.status).toBe(400);
    expect(error.code).toBe('VALIDATION_ERROR');
    expect(error.details).toHaveLength(1);
    expect(error.details![0]!.path).toBe('query.q');
    expect(error.details![0]!.message).toContain(message);
    expect(error.details![0]!.message).toContain(`at position ${position}`);
  });
});
