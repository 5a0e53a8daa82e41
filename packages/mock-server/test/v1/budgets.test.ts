import { v1 } from '@nimbus/sdk/contract';
import { describe, expect } from 'vitest';
import { seedTenant, startMockServer } from '../../src/entries/testing';
import { eventually, expectInvalid, it, rejection, verifySignature } from '../support';
import { advanceIntoNextMonth } from './billing/helpers';

describe('budgets', () => {
  it('creates with the documented defaults and its spend in the current period', async ({ alice }) => {
    const budget = await alice.client.budgets.create({ name: 'Monthly cap', amount: 1_000_000 });
    expect(budget).toMatchObject({
      name: 'Monthly cap',
      amount: 1_000_000,
      currency: 'VND',
      period: 'monthly',
      alert_threshold: 80,
      current_spend: 0,
      spend_percent: 0,
      alerted_period: null,
      last_alert_at: null,
      project_id: alice.project.id,
    });
    expect(budget.current_period).toMatch(/^\d{4}-\d{2}$/);
    expect(await alice.client.budgets.retrieve(budget.id)).toEqual(budget);
  });

  it('names the period of quarterly and yearly budgets', async ({ alice }) => {
    const quarterly = await alice.client.budgets.create({
      name: 'q',
      amount: 5,
      period: 'quarterly',
      currency: 'USD',
    });
    expect(quarterly.current_period).toMatch(/^\d{4}-Q[1-4]$/);
    const yearly = await alice.client.budgets.create({
      name: 'y',
      amount: 5,
      period: 'yearly',
      alert_threshold: 100,
    });
    expect(yearly.current_period).toMatch(/^\d{4}$/);
  });

  it.for([
    [{ amount: 100 }, 'body.name'],
    [{ name: '', amount: 100 }, 'body.name'],
    [{ name: 'b' }, 'body.amount'],
    [{ name: 'b', amount: 0 }, 'body.amount'],
    [{ name: 'b', amount: -5 }, 'body.amount'],
    [{ name: 'b', amount: 100, currency: 'XYZ' }, 'body.currency'],
    [{ name: 'b', amount: 100, period: 'weekly' }, 'body.period'],
    [{ name: 'b', amount: 100, alert_threshold: 0 }, 'body.alert_threshold'],
    [{ name: 'b', amount: 100, alert_threshold: 101 }, 'body.alert_threshold'],
  ] as const)('refuses %j: 400 naming %s', async ([body, path], { alice }) => {
    await expectInvalid(alice.client.budgets.create(body as never), path);
  });

  it('updates the fields given (PUT) and refuses an empty change', async ({ alice }) => {
    const budget = await alice.client.budgets.create({ name: 'to-change', amount: 500 });
    const updated = await alice.client.budgets.update(budget.id, { amount: 750, alert_threshold: 90 });
    expect(updated).toMatchObject({ name: 'to-change', amount: 750, alert_threshold: 90, currency: 'VND' });
    expect(await alice.client.budgets.retrieve(budget.id)).toMatchObject({
      amount: 750,
      alert_threshold: 90,
    });
    await expectInvalid(
      alice.client.budgets.update(budget.id, { alert_threshold: 150 }),
      'body.alert_threshold',
    );
    await expectInvalid(alice.client.budgets.update(budget.id, {}), 'body');
  });

  it('deletes: 204, then 404', async ({ alice }) => {
    const budget = await alice.client.budgets.create({ name: 'short-lived', amount: 1 });
    expect(await alice.client.budgets.delete(budget.id)).toBeUndefined();
    expect((await rejection(alice.client.budgets.retrieve(budget.id))).status).toBe(404);
  });

  it("answers 404 for another project's budget", async ({ alice, bob }) => {
    const budget = await alice.client.budgets.create({ name: 'mine', amount: 1 });
    for (const call of [
      () => bob.client.budgets.retrieve(budget.id),
      () => bob.client.budgets.update(budget.id, { amount: 2 }),
      () => bob.client.budgets.delete(budget.id),
    ]) {
      const error = await rejection(call());
      expect(error.status).toBe(404);
      expect(error.code).toBe('NOT_FOUND');
    }
  });

  it('POST /billing/budgets creates the same kind of budget', async ({ mock }) => {
    const tenant = await seedTenant(mock);
    const budget = await tenant.client.call(v1.billing.budgets.create, {
      body: { name: 'via billing', amount: 42, currency: 'EUR' },
    });
    expect(budget).toMatchObject({
      name: 'via billing',
      currency: 'EUR',
      period: 'monthly',
      alert_threshold: 80,
    });
    const listed = await tenant.client.budgets.list();
    expect(listed.data.map((b) => b.id)).toEqual([budget.id]);
    await expectInvalid(
      tenant.client.call(v1.billing.budgets.create, { body: { name: 'x', amount: 0 } }),
      'body.amount',
    );
  });

  it('pages and filters the list', async ({ mock }) => {
    const tenant = await seedTenant(mock);
    for (const period of ['monthly', 'yearly', 'monthly'] as const) {
      await tenant.client.budgets.create({ name: `b-${period}`, amount: 10, period });
    }
    const page = await tenant.client.budgets.list({ per_page: 2, page: 2 });
    expect(page.total).toBe(3);
    expect(page.data.map((b) => b.period)).toEqual(['monthly']);
    const yearly = await tenant.client.budgets.list({ period: 'yearly' });
    expect(yearly.data.map((b) => b.name)).toEqual(['b-yearly']);
  });
});

describe('budget alerts', () => {
  it('publishes one budget.threshold_exceeded per period, delivered to a webhook, as the clock moves', async ({
    receiver,
  }) => {
    const own = await startMockServer();
    try {
      // Well inside a month, so the hours below never cross into the next one.
      await advanceIntoNextMonth(own, 1);
      const tenant = await seedTenant(own);
      const topic = await tenant.client.topics.create({ name: 'alerts' });
      const sub = await tenant.client.topics.subscriptions.create(topic.id, {
        webhook_url: `${receiver.url}/budget`,
        event_types: 'budget.*',
      });
      const vm = await tenant.client.instances.create({ name: 'big', flavor: 'xlarge', region: 'hn' });
      await tenant.client.instances.waitFor(vm.id, 'running', { intervalMs: 10 });
      // xlarge costs 6 400 VND an hour: 50 % of 10 000 is passed after about 47 minutes.
      const budget = await tenant.client.budgets.create({ name: 'cap', amount: 10_000, alert_threshold: 50 });
      expect(budget.alerted_period).toBeNull();

      await own.clock.advance(2 * 3600);
      const [alert] = await eventually(() => {
        const calls = receiver.at('/budget');
        return calls.length > 0 ? calls : undefined;
      }, 'the budget alert');
      verifySignature(alert!.headers['x-nimbus-signature'], alert!.body, sub.secret);
      const event = JSON.parse(alert!.body);
      expect(event).toMatchObject({
        type: 'budget.threshold_exceeded',
        source: `/projects/${tenant.project.id}/platform`,
        data: { budget_id: budget.id, name: 'cap', amount: 10_000, currency: 'VND', alert_threshold: 50 },
      });
      expect(event.data.spend_percent).toBeGreaterThanOrEqual(50);
      const after = await tenant.client.budgets.retrieve(budget.id);
      expect(after.alerted_period).toBe(after.current_period);
      expect(event.data.period_key).toBe(after.current_period);
      expect(after.current_spend).toBeGreaterThan(10_000);

      // Once per period: more spend does not alert again.
      await own.clock.advance(3 * 3600);
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(receiver.at('/budget')).toHaveLength(1);

      // A new limit re-arms it; the spend already passes it, so the alert comes at once.
      const raised = await tenant.client.budgets.update(budget.id, { amount: 20_000 });
      expect(raised.alerted_period).toBe(raised.current_period);
      await eventually(() => receiver.at('/budget').length === 2, 'the second alert');

      // A budget created over its threshold alerts on creation.
      const small = await tenant.client.budgets.create({
        name: 'tiny',
        amount: 1,
        currency: 'USD',
        alert_threshold: 10,
      });
      expect(small.alerted_period).toBe(small.current_period);
    } finally {
      await own.close();
    }
  });

  it('does not alert while spend stays under the threshold', async () => {
    const own = await startMockServer();
    try {
      await advanceIntoNextMonth(own, 1);
      const tenant = await seedTenant(own);
      const vm = await tenant.client.instances.create({ name: 'cheap', flavor: 'nano', region: 'hn' });
      await tenant.client.instances.waitFor(vm.id, 'running', { intervalMs: 10 });
      const budget = await tenant.client.budgets.create({ name: 'roomy', amount: 1_000_000 });
      await own.clock.advance(5 * 3600);
      const after = await tenant.client.budgets.retrieve(budget.id);
      expect(after.alerted_period).toBeNull();
      expect(after.current_spend).toBeGreaterThanOrEqual(1000);
      expect(after.spend_percent).toBeCloseTo((after.current_spend / 1_000_000) * 100, 2);
    } finally {
      await own.close();
    }
  });
});
