import { ConflictError, NotFoundError } from '@nimbus/sdk';
import { describe, expect } from 'vitest';
import { type SeededTenant, seedTenant } from '../../src/entries/testing';
import { it, paths, rejection } from '../support';

async function expectInvalidState(promise: Promise<unknown>) {
  const error = await rejection(promise);
  expect(error).toBeInstanceOf(ConflictError);
  expect(error.code).toBe('INVALID_STATE');
}

describe('DR plans with a visible transition delay', () => {
  let tenant: SeededTenant;
  it.beforeAll(async ({ slowMock: mock }) => {
    tenant = await seedTenant(mock);
  });

  async function readyPlan() {
    const { client } = tenant;
    const plan = await client.drPlans.create({
      name: 'hn-outage',
      primary_region: 'hn',
      secondary_region: 'hcm',
    });
    await client.drPlans.steps.create(plan.id, { name: 'Promote orders replica', action: 'promote_replica' });
    await client.drPlans.steps.create(plan.id, { name: 'Switch DNS', action: 'switch_dns' });
    return client.drPlans.steps.create(plan.id, { name: 'Page on-call', action: 'notify' });
  }

  it('drills: ready -> drilling -> ready, and refuses other actions meanwhile', async ({
    slowMock: mock,
  }) => {
    const { client } = tenant;
    const plan = await readyPlan();
    const drill = await client.drPlans.drill(plan.id);
    expect(drill.status).toBe('running');
    const [drilling] = (await client.drPlans.list({ id: plan.id })).data;
    expect(drilling!.status).toBe('drilling');
    await expectInvalidState(client.drPlans.execute(plan.id));
    await expectInvalidState(client.drPlans.drill(plan.id));
    await expectInvalidState(client.drPlans.steps.create(plan.id, { name: 'late', action: 'notify' }));

    await mock.clock.advance(60);
    const ready = await client.drPlans.waitFor(plan.id, 'ready', { timeoutMs: 1000, intervalMs: 10 });
    expect(ready.last_drill).toMatchObject({ id: drill.id, status: 'completed' });
    expect(Date.parse(ready.last_drill!.finished_at!) - Date.parse(drill.started_at)).toBeGreaterThanOrEqual(
      60_000,
    );
  });

  it('executes the steps in order, one transition each, on the simulated clock', async ({
    slowMock: mock,
  }) => {
    const { client } = tenant;
    const plan = await readyPlan();
    const executing = await client.drPlans.execute(plan.id);
    expect(executing.status).toBe('executing');
    const started = executing.last_execution!;
    expect(started.status).toBe('running');
    expect(started.steps.map((s) => s.status)).toEqual(['running', 'pending', 'pending']);
    expect(started.steps[0]!.started_at).toBe(started.started_at);
    await expectInvalidState(client.drPlans.execute(plan.id));

    await mock.clock.advance(60);
    const [second] = (await client.drPlans.list({ id: plan.id })).data;
    expect(second!.status).toBe('executing');
    expect(second!.last_execution!.steps.map((s) => s.status)).toEqual(['succeeded', 'running', 'pending']);

    await mock.clock.advance(120);
    const done = await client.drPlans.waitFor(plan.id, 'completed', { timeoutMs: 1000, intervalMs: 10 });
    const execution = done.last_execution!;
    expect(execution.status).toBe('succeeded');
    expect(execution.steps.map((s) => [s.name, s.outcome])).toEqual([
      ['Promote orders replica', 'succeeded'],
      ['Switch DNS', 'succeeded'],
      ['Page on-call', 'succeeded'],
    ]);
    // Each step starts when the previous one ends, one transition delay later.
    const times = execution.steps.map(
      (s) => [Date.parse(s.started_at!), Date.parse(s.finished_at!)] as const,
    );
    for (const [i, [start, end]] of times.entries()) {
      expect(end - start).toBeGreaterThanOrEqual(60_000);
      expect(end - start).toBeLessThan(61_000);
      if (i > 0) expect(start).toBe(times[i - 1]![1]);
    }
    expect(execution.finished_at).toBe(execution.steps[2]!.finished_at);

    await expectInvalidState(client.drPlans.execute(plan.id));
    await expectInvalidState(client.drPlans.drill(plan.id));
    await expectInvalidState(client.drPlans.steps.create(plan.id, { name: 'after', action: 'notify' }));
  });
});

describe('DR plans', () => {
  it('creates a draft plan with the documented defaults', async ({ alice }) => {
    const plan = await alice.client.drPlans.create({
      name: 'dr-1',
      primary_region: 'hn',
      secondary_region: 'hcm',
    });
    expect(plan).toMatchObject({
      name: 'dr-1',
      description: '',
      primary_region: 'hn',
      secondary_region: 'hcm',
      rpo_minutes: 15,
      rto_minutes: 60,
      status: 'draft',
      steps: [],
      drill_count: 0,
      last_drill: null,
      last_execution: null,
      project_id: alice.project.id,
    });
  });

  it.for([
    [{ primary_region: 'hn', secondary_region: 'hcm' }, 'body.name'],
    [{ name: 'p', primary_region: 'hn', secondary_region: 'hn' }, 'body.secondary_region'],
    [{ name: 'p', secondary_region: 'hn' }, 'body.primary_region'],
    [{ name: 'p', primary_region: 'hn', secondary_region: 'hcm', rpo_minutes: -1 }, 'body.rpo_minutes'],
    [{ name: 'p', primary_region: 'hn', secondary_region: 'hcm', rpo_minutes: 1441 }, 'body.rpo_minutes'],
    [{ name: 'p', primary_region: 'hn', secondary_region: 'hcm', rto_minutes: 0 }, 'body.rto_minutes'],
    [{ name: 'p', primary_region: 'hn', secondary_region: 'hcm', rto_minutes: 2.5 }, 'body.rto_minutes'],
  ] as const)('answers 400 for %j naming %s', async ([body, path], { alice }) => {
    const error = await rejection(alice.client.drPlans.create(body as never));
    expect(error.code).toBe('VALIDATION_ERROR');
    expect(paths(error)).toEqual([path]);
  });

  it('refuses drills and executions of a draft plan', async ({ alice }) => {
    const plan = await alice.client.drPlans.create({
      name: 'empty',
      primary_region: 'hn',
      secondary_region: 'dn',
    });
    await expectInvalidState(alice.client.drPlans.drill(plan.id));
    await expectInvalidState(alice.client.drPlans.execute(plan.id));
  });

  it('becomes ready with its first step; orders are appended or given, and unique', async ({ alice }) => {
    const plan = await alice.client.drPlans.create({
      name: 'steps',
      primary_region: 'hn',
      secondary_region: 'hcm',
    });
    const first = await alice.client.drPlans.steps.create(plan.id, {
      name: 'Fail over',
      action: 'failover_database',
    });
    expect(first.status).toBe('ready');
    expect(first.steps).toMatchObject([
      { order: 1, name: 'Fail over', action: 'failover_database', target_id: null },
    ]);

    await alice.client.drPlans.steps.create(plan.id, { name: 'Notify', action: 'notify', order: 10 });
    await alice.client.drPlans.steps.create(plan.id, {
      name: 'Scale',
      action: 'scale_out',
      order: 5,
      target_id: 'web-pool',
    });
    const appended = await alice.client.drPlans.steps.create(plan.id, {
      name: 'Script',
      action: 'run_script',
    });
    expect(appended.steps.map((s) => [s.order, s.name])).toEqual([
      [1, 'Fail over'],
      [5, 'Scale'],
      [10, 'Notify'],
      [11, 'Script'],
    ]);
    expect(appended.steps[1]!.target_id).toBe('web-pool');

    const taken = await rejection(
      alice.client.drPlans.steps.create(plan.id, { name: 'Again', action: 'notify', order: 5 }),
    );
    expect(taken).toBeInstanceOf(ConflictError);
    expect(taken.code).toBe('CONFLICT');
    for (const [body, path] of [
      [{ name: 'x', action: 'reboot_world' }, 'body.action'],
      [{ action: 'notify' }, 'body.name'],
      [{ name: 'x', action: 'notify', order: 0 }, 'body.order'],
    ] as const) {
      expect(paths(await rejection(alice.client.drPlans.steps.create(plan.id, body as never)))).toEqual([
        path,
      ]);
    }
  });

  it('drills without changing any resource and records each simulated step', async ({ alice }) => {
    const db = await alice.client.databases.create({ name: 'orders', engine: 'postgres', region: 'hn' });
    await alice.client.databases.waitFor(db.id, 'available', { timeoutMs: 2000, intervalMs: 5 });
    const replica = await alice.client.databases.replicas.create(db.id, { region: 'hcm' });
    await alice.client.databases.replicas.list(db.id);

    const plan = await alice.client.drPlans.create({
      name: 'orders-dr',
      primary_region: 'hn',
      secondary_region: 'hcm',
      rto_minutes: 5,
    });
    await alice.client.drPlans.steps.create(plan.id, {
      name: 'Fail over orders',
      action: 'failover_database',
      target_id: db.id,
    });
    await alice.client.drPlans.steps.create(plan.id, { name: 'Switch DNS', action: 'switch_dns' });
    await alice.client.drPlans.steps.create(plan.id, { name: 'Add capacity', action: 'scale_out' });

    const drill = await alice.client.drPlans.drill(plan.id);
    expect(drill).toMatchObject({ plan_id: plan.id, total_duration_sec: 360, rto_met: false });
    expect(drill.steps.map((s) => [s.order, s.action, s.outcome, s.duration_sec])).toEqual([
      [1, 'failover_database', 'succeeded', 120],
      [2, 'switch_dns', 'succeeded', 60],
      [3, 'scale_out', 'succeeded', 180],
    ]);
    expect(drill.steps[0]!.target_id).toBe(db.id);

    const [after] = (await alice.client.drPlans.list({ id: plan.id })).data;
    expect(after).toMatchObject({
      status: 'ready',
      drill_count: 1,
      last_drill: { id: drill.id, status: 'completed' },
    });
    const untouched = await alice.client.databases.retrieve(db.id);
    expect(untouched).toMatchObject({ status: 'available', primary_region: 'hn', failover_count: 0 });
    expect((await alice.client.databases.replicas.list(db.id)).data[0]).toMatchObject({
      id: replica.id,
      region: 'hcm',
    });

    await alice.client.drPlans.drill(plan.id);
    const [twice] = (await alice.client.drPlans.list({ id: plan.id })).data;
    expect(twice!.drill_count).toBe(2);
  });

  it('executes to completed with every step succeeded, in order', async ({ alice }) => {
    const plan = await alice.client.drPlans.create({
      name: 'run',
      primary_region: 'hn',
      secondary_region: 'hcm',
    });
    await alice.client.drPlans.steps.create(plan.id, { name: 'last', action: 'notify', order: 3 });
    await alice.client.drPlans.steps.create(plan.id, { name: 'first', action: 'switch_dns', order: 1 });
    await alice.client.drPlans.execute(plan.id);
    const done = await alice.client.drPlans.waitFor(plan.id, 'completed', { timeoutMs: 2000, intervalMs: 5 });
    expect(done.last_execution!.steps.map((s) => [s.name, s.status, s.outcome])).toEqual([
      ['first', 'succeeded', 'succeeded'],
      ['last', 'succeeded', 'succeeded'],
    ]);
  });

  it("answers 404 for another project's plan on every action", async ({ alice, bob }) => {
    const plan = await alice.client.drPlans.create({
      name: 'private',
      primary_region: 'hn',
      secondary_region: 'hcm',
    });
    await alice.client.drPlans.steps.create(plan.id, { name: 'notify', action: 'notify' });
    const calls = [
      () => bob.client.drPlans.steps.create(plan.id, { name: 'x', action: 'notify' }),
      () => bob.client.drPlans.drill(plan.id),
      () => bob.client.drPlans.execute(plan.id),
    ];
    for (const call of calls) expect(await rejection(call())).toBeInstanceOf(NotFoundError);
    expect((await bob.client.drPlans.list({ id: plan.id })).total).toBe(0);
    await expect(bob.client.drPlans.waitFor(plan.id, 'ready', { timeoutMs: 100 })).rejects.toThrow(
      /not in the project/,
    );
  });

  it('pages and filters the list', async ({ mock, tenant }) => {
    for (const name of ['a', 'b', 'c']) {
      await tenant.client.drPlans.create({ name, primary_region: 'hn', secondary_region: 'hcm' });
      await mock.clock.advance(1); // distinct creation times: ties would fall back to random ids
    }
    const page = await tenant.client.drPlans.list({ per_page: 2, page: 2 });
    expect(page).toMatchObject({ total: 3, page: 2, perPage: 2 });
    expect(page.data.map((p) => p.name)).toEqual(['c']);
    expect(
      (await tenant.client.drPlans.list({ status: 'draft', name: 'b' })).data.map((p) => p.name),
    ).toEqual(['b']);
  });
});
