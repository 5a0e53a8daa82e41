import { BadRequestError, ConflictError, NotFoundError } from '@nimbus/sdk';
import { describe, expect } from 'vitest';
import { type SeededTenant, seedTenant, startMockServer } from '../../src/entries/testing';
import { it, paths, rejection } from '../support';

let counter = 0;
const newName = () => `fn-${++counter}`;

/** A function that has finished deploying (delay 0: the next request sees it active). */
async function activeFunction(tenant: SeededTenant, body: { memory_mb?: number; timeout_sec?: number } = {}) {
  const fn = await tenant.client.functions.create({
    name: newName(),
    runtime: 'nodejs20',
    region: 'hn',
    ...body,
  });
  return tenant.client.functions.waitFor(fn.id, 'active', { intervalMs: 10 });
}

describe('functions: create, read, list', () => {
  it('creates with the documented defaults, deploying then active', async ({ alice }) => {
    const fn = await alice.client.functions.create({ name: 'thumbs', runtime: 'python3.12', region: 'hn' });
    expect(fn).toMatchObject({
      name: 'thumbs',
      runtime: 'python3.12',
      region: 'hn',
      handler: 'index.handler',
      memory_mb: 128,
      timeout_sec: 30,
      env: {},
      status: 'deploying',
      version: 1,
      project_id: alice.project.id,
    });
    const read = await alice.client.functions.retrieve(fn.id);
    expect(read.status).toBe('active');
  });

  it.for([
    [{ runtime: 'ruby3' }, 'body.runtime'],
    [{ memory_mb: 64 }, 'body.memory_mb'],
    [{ memory_mb: 10_304 }, 'body.memory_mb'],
    [{ memory_mb: 200 }, 'body.memory_mb'],
    [{ timeout_sec: 0 }, 'body.timeout_sec'],
    [{ timeout_sec: 901 }, 'body.timeout_sec'],
    [{ region: undefined }, 'body.region'],
    [{ env: { 'BAD-NAME': 'x' } }, 'body.env.BAD-NAME'],
  ] as const)('refuses %j with 400 naming %s', async ([patch, path], { alice }) => {
    const body = { name: newName(), runtime: 'nodejs20', region: 'hn', ...patch };
    const error = await rejection(alice.client.functions.create(body as never));
    expect(error).toBeInstanceOf(BadRequestError);
    expect(error.code).toBe('VALIDATION_ERROR');
    expect(paths(error)).toContain(path);
  });

  it('accepts the bounds: 10240 MB, 900 s, env vars', async ({ alice }) => {
    const fn = await alice.client.functions.create({
      name: newName(),
      runtime: 'java21',
      region: 'hn',
      memory_mb: 10_240,
      timeout_sec: 900,
      env: { STAGE: 'prod', _DEBUG: '1' },
    });
    expect(fn).toMatchObject({ memory_mb: 10_240, timeout_sec: 900, env: { STAGE: 'prod', _DEBUG: '1' } });
  });

  it('refuses a duplicate name in the project (409) but not in another project', async ({ alice, bob }) => {
    await alice.client.functions.create({ name: 'dup-fn', runtime: 'go1.22', region: 'hn' });
    const error = await rejection(
      alice.client.functions.create({ name: 'dup-fn', runtime: 'go1.22', region: 'hn' }),
    );
    expect(error).toBeInstanceOf(ConflictError);
    await expect(
      bob.client.functions.create({ name: 'dup-fn', runtime: 'go1.22', region: 'hn' }),
    ).resolves.toMatchObject({ name: 'dup-fn' });
  });

  it("answers 404 for another project's function on every route", async ({ alice, bob }) => {
    const fn = await activeFunction(bob);
    for (const call of [
      () => alice.client.functions.retrieve(fn.id),
      () => alice.client.functions.update(fn.id, { memory_mb: 256 }),
      () => alice.client.functions.invoke(fn.id),
      () => alice.client.functions.delete(fn.id),
    ]) {
      expect(await rejection(call())).toBeInstanceOf(NotFoundError);
    }
    await expect(bob.client.functions.retrieve(fn.id)).resolves.toMatchObject({ id: fn.id });
  });

  it('pages and filters the list', async ({ tenant }) => {
    await tenant.client.functions.create({ name: 'a', runtime: 'nodejs20', region: 'hn' });
    await tenant.client.functions.create({ name: 'b', runtime: 'go1.22', region: 'hn' });
    await tenant.client.functions.create({ name: 'c', runtime: 'go1.22', region: 'hcm' });
    const page = await tenant.client.functions.list({ per_page: 2, page: 2 });
    expect(page.total).toBe(3);
    expect(page.data.map((f) => f.name)).toEqual(['c']);
    const go = await tenant.client.functions.list({ runtime: 'go1.22', region: 'hn' });
    expect(go.data.map((f) => f.name)).toEqual(['b']);
  });
});

describe('functions: update and delete', () => {
  it('changes only the given fields, bumps the version and redeploys', async ({ alice }) => {
    const fn = await activeFunction(alice);
    const updated = await alice.client.functions.update(fn.id, { memory_mb: 512, env: { MODE: 'fast' } });
    expect(updated).toMatchObject({
      name: fn.name,
      memory_mb: 512,
      timeout_sec: 30,
      env: { MODE: 'fast' },
      status: 'deploying',
      version: 2,
    });
    await expect(alice.client.functions.retrieve(fn.id)).resolves.toMatchObject({
      status: 'active',
      memory_mb: 512,
    });
  });

  it('answers 400 for bad values or an empty body', async ({ alice }) => {
    const fn = await activeFunction(alice);
    const bad = await rejection(alice.client.functions.update(fn.id, { timeout_sec: 1000 }));
    expect(paths(bad)).toContain('body.timeout_sec');
    const empty = await rejection(alice.client.functions.update(fn.id, {}));
    expect(empty).toBeInstanceOf(BadRequestError);
    await expect(alice.client.functions.retrieve(fn.id)).resolves.toMatchObject({
      version: 1,
      timeout_sec: 30,
    });
  });

  it("answers 409 when renaming to another function's name, and allows keeping its own", async ({
    alice,
  }) => {
    const first = await activeFunction(alice);
    const second = await activeFunction(alice);
    const error = await rejection(alice.client.functions.update(second.id, { name: first.name }));
    expect(error).toBeInstanceOf(ConflictError);
    await expect(alice.client.functions.update(first.id, { name: first.name })).resolves.toMatchObject({
      name: first.name,
    });
    const renamed = await alice.client.functions.update(second.id, { name: 'renamed-fn' });
    expect(renamed.name).toBe('renamed-fn');
    // The old name is free again.
    const reused = await alice.client.functions.create({
      name: second.name,
      runtime: 'nodejs20',
      region: 'hn',
    });
    expect(reused.name).toBe(second.name);
  });

  it('deletes with 204 and its triggers go with it', async ({ mock, alice }) => {
    const fn = await activeFunction(alice);
    await alice.client.functions.triggers.create(fn.id, { type: 'http' });
    const { response } = await alice.client.functions.delete(fn.id).withResponse();
    expect(response.status).toBe(204);
    expect(await rejection(alice.client.functions.retrieve(fn.id))).toBeInstanceOf(NotFoundError);
    const tables = mock.server.store.state.tables;
    expect(Object.values(tables.function_triggers ?? {}).some((t) => t.function_id === fn.id)).toBe(false);
  });

  it('enforces the functions quota', async ({ mock, tenant }) => {
    await mock.client.mock.quotas.update(tenant.project.id, { limits: { functions: 1 } });
    await tenant.client.functions.create({ name: 'only', runtime: 'nodejs20', region: 'hn' });
    const error = await rejection(
      tenant.client.functions.create({ name: 'more', runtime: 'nodejs20', region: 'hn' }),
    );
    expect(error.code).toBe('QUOTA_EXCEEDED');
  });
});

describe('functions: invoke', () => {
  it('echoes the payload, reports logs and rounds billed time up to 100 ms', async ({ alice }) => {
    const fn = await activeFunction(alice);
    const payload = { image: 'x'.repeat(1000) };
    // 1012 bytes of JSON at 128 MB: 10 ms start-up + 1012 / 4 bytes per ms = 263 ms.
    const run = await alice.client.functions.invoke(fn.id, { payload });
    expect(run).toMatchObject({
      function_id: fn.id,
      project_id: alice.project.id,
      status: 'succeeded',
      duration_ms: 263,
      billed_ms: 300,
      memory_mb: 128,
      result: payload,
    });
    expect(run.logs[0]).toBe(`START RequestId: ${run.id} Version: 1`);
    expect(run.logs.at(-1)).toContain('Billed Duration: 300 ms Memory Size: 128 MB');
  });

  it('runs faster with more memory and bills at least 100 ms', async ({ alice }) => {
    const fn = await activeFunction(alice, { memory_mb: 1024 });
    const run = await alice.client.functions.invoke(fn.id);
    expect(run).toMatchObject({ status: 'succeeded', duration_ms: 2, billed_ms: 100, result: null });
    expect(run.logs.join('\n')).toContain('Received event of 0 bytes');
  });

  it('fails a run that passes the timeout, billed for the timeout', async ({ alice }) => {
    const fn = await activeFunction(alice, { timeout_sec: 1 });
    const run = await alice.client.functions.invoke(fn.id, { payload: { blob: 'y'.repeat(4000) } });
    expect(run).toMatchObject({ status: 'failed', duration_ms: 1000, billed_ms: 1000 });
    expect(run.logs).toContain('ERROR Task timed out after 1 seconds');
  });

  it('keeps every invocation for billing in function_invocations', async ({ mock, alice }) => {
    const fn = await activeFunction(alice, { memory_mb: 256 });
    const run = await alice.client.functions.invoke(fn.id, { payload: { n: 1 } });
    const row = mock.server.store.state.tables.function_invocations?.[run.id];
    expect(row).toMatchObject({
      function_id: fn.id,
      project_id: alice.project.id,
      billed_ms: 100,
      memory_mb: 256,
    });
  });

  it('answers 400 when the payload is not an object', async ({ alice }) => {
    const fn = await activeFunction(alice);
    const error = await rejection(alice.client.functions.invoke(fn.id, { payload: [1, 2] as never }));
    expect(paths(error)).toContain('body.payload');
  });

  it('answers 409 INVALID_STATE while the function is still deploying', async () => {
    const slow = await startMockServer({ transitionDelayMs: 60_000 });
    try {
      const tenant = await seedTenant(slow);
      const fn = await tenant.client.functions.create({ name: 'slow', runtime: 'nodejs20', region: 'hn' });
      const error = await rejection(tenant.client.functions.invoke(fn.id));
      expect(error).toBeInstanceOf(ConflictError);
      expect(error.code).toBe('INVALID_STATE');
      await slow.clock.advance(60);
      await expect(tenant.client.functions.invoke(fn.id)).resolves.toMatchObject({ status: 'succeeded' });
      await tenant.client.functions.update(fn.id, { timeout_sec: 5 });
      expect((await rejection(tenant.client.functions.invoke(fn.id))).code).toBe('INVALID_STATE');
    } finally {
      await slow.close();
    }
  });
});

describe('functions: triggers', () => {
  it('creates an http trigger that answers the invoke url', async ({ alice }) => {
    const fn = await activeFunction(alice);
    const trigger = await alice.client.functions.triggers.create(fn.id, { type: 'http' });
    expect(trigger).toMatchObject({
      function_id: fn.id,
      type: 'http',
      url: `/api/v1/functions/${fn.id}/invoke`,
      schedule: null,
      topic_id: null,
    });
  });

  it('creates a topic trigger from a topic id (format checked only)', async ({ alice }) => {
    const fn = await activeFunction(alice);
    const topicId = crypto.randomUUID();
    const trigger = await alice.client.functions.triggers.create(fn.id, { type: 'topic', topic_id: topicId });
    expect(trigger).toMatchObject({ type: 'topic', topic_id: topicId, url: null });
    const bad = await rejection(
      alice.client.functions.triggers.create(fn.id, { type: 'topic', topic_id: 'nope' }),
    );
    expect(paths(bad)).toContain('body.topic_id');
    const missing = await rejection(alice.client.functions.triggers.create(fn.id, { type: 'topic' }));
    expect(paths(missing)).toContain('body.topic_id');
  });

  it.for([
    '*/5 * * * *',
    '0 9 * * MON-FRI',
    '0 0 1,15 * *',
    '30 2 * jan-mar 0',
    '0-30/10 8-18 * * 1-5',
    '0 0 * * 7',
    '5/15 * 31 12 *',
  ])('accepts the cron expression %j', async (schedule, { alice }) => {
    const fn = await activeFunction(alice);
    const trigger = await alice.client.functions.triggers.create(fn.id, { type: 'schedule', schedule });
    expect(trigger).toMatchObject({ type: 'schedule', schedule, url: null });
  });

  it.for([
    ['* * * *', /5 fields/],
    ['* * * * * *', /5 fields/],
    ['@daily', /5 fields/],
    ['60 * * * *', /minute: 60 is out of range 0-59/],
    ['* 24 * * *', /hour: 24/],
    ['* * 0 * *', /day-of-month: 0/],
    ['* * * 13 *', /month: 13/],
    ['* * * * 8', /day-of-week: 8/],
    ['*/0 * * * *', /minute: step 0/],
    ['5-1 * * * *', /minute: range 5-1 goes backwards/],
    ['a * * * *', /minute: "a" is not a number/],
    ['1,,2 * * * *', /minute: empty list item/],
    ['* * * FOO *', /month: "FOO" is not a number or name/],
  ] as const)(
    'refuses the cron expression %j with 400 naming body.schedule',
    async ([schedule, message], { alice }) => {
      const fn = await activeFunction(alice);
      const error = await rejection(
        alice.client.functions.triggers.create(fn.id, { type: 'schedule', schedule }),
      );
      expect(error).toBeInstanceOf(BadRequestError);
      const detail = error.details!.find((d) => d.path === 'body.schedule');
      expect(detail?.message).toMatch(message);
    },
  );

  it('stores a schedule with single spaces between its fields', async ({ alice }) => {
    const fn = await activeFunction(alice);
    const trigger = await alice.client.functions.triggers.create(fn.id, {
      type: 'schedule',
      schedule: ' 0  9 *\t* 1 ',
    });
    expect(trigger.schedule).toBe('0 9 * * 1');
  });

  it('refuses a schedule trigger without a schedule and fields of another type', async ({ alice }) => {
    const fn = await activeFunction(alice);
    const missing = await rejection(alice.client.functions.triggers.create(fn.id, { type: 'schedule' }));
    expect(paths(missing)).toContain('body.schedule');
    const stray = await rejection(
      alice.client.functions.triggers.create(fn.id, { type: 'http', schedule: '* * * * *' }),
    );
    expect(paths(stray)).toContain('body.schedule');
  });

  it('lists the triggers of one function, filtered by type', async ({ alice }) => {
    const fn = await activeFunction(alice);
    const other = await activeFunction(alice);
    await alice.client.functions.triggers.create(fn.id, { type: 'http' });
    await alice.client.functions.triggers.create(fn.id, { type: 'schedule', schedule: '0 * * * *' });
    await alice.client.functions.triggers.create(other.id, { type: 'http' });
    const all = await alice.client.functions.triggers.list(fn.id);
    expect(all.total).toBe(2);
    expect(all.data.every((t) => t.function_id === fn.id)).toBe(true);
    const schedules = await alice.client.functions.triggers.list(fn.id, { type: 'schedule' });
    expect(schedules.data.map((t) => t.schedule)).toEqual(['0 * * * *']);
  });

  it("answers 404 for triggers of an unknown or another project's function", async ({ alice, bob }) => {
    const unknown = crypto.randomUUID();
    expect(await rejection(alice.client.functions.triggers.create(unknown, { type: 'http' }))).toBeInstanceOf(
      NotFoundError,
    );
    expect(await rejection(alice.client.functions.triggers.list(unknown))).toBeInstanceOf(NotFoundError);
    const bobs = await activeFunction(bob);
    expect(await rejection(alice.client.functions.triggers.create(bobs.id, { type: 'http' }))).toBeInstanceOf(
      NotFoundError,
    );
  });
});
