import type { Nimbus } from '@nimbus/sdk';
import { describe, expect } from 'vitest';
import { seedTenant } from '../../../src/entries/testing';
import { expectInvalid, it } from '../../support';
import { ALL_TIME, advanceIntoNextMonth } from './helpers';

const SMALL_PER_HOUR = 800;

async function smallHours(client: Nimbus): Promise<number> {
  const usage = await client.billing.usage.retrieve(ALL_TIME);
  return usage.items.find((item) => item.meter === 'compute.instance.small')?.quantity ?? 0;
}

describe('usage and cost follow the clock', () => {
  it('grow while an instance runs and stop growing once it is stopped', async ({ mock }) => {
    const tenant = await seedTenant(mock);
    const vm = await tenant.client.instances.create({ name: 'web', flavor: 'small', region: 'hn' });
    await tenant.client.instances.waitFor(vm.id, 'running', { intervalMs: 10 });
    const start = await smallHours(tenant.client);
    await mock.clock.advance(3600);
    // A window that ended already: the instance keeps running, yet both answers below agree.
    const window = { from: ALL_TIME.from, to: mock.clock.now().toISOString() };
    const usage = await tenant.client.billing.usage.retrieve(window);
    const line = usage.items.find((item) => item.meter === 'compute.instance.small')!;
    expect(line).toMatchObject({
      service: 'compute',
      resource_type: 'instance',
      unit: 'hour',
      unit_price: SMALL_PER_HOUR,
    });
    // Hours are fractions: (start + 1) - start can come out a rounding step under 1.
    expect(line.quantity - start).toBeGreaterThan(1 - 1e-9);
    expect(line.quantity - start).toBeLessThan(1.01);
    expect(line.cost).toBeCloseTo(line.quantity * SMALL_PER_HOUR, 1);
    expect(usage.total).toBe(line.cost);
    expect(usage.currency).toBe('VND');

    const cost = await tenant.client.billing.cost.retrieve(window);
    expect(cost.by_service).toEqual([{ service: 'compute', cost: line.cost }]);
    expect(cost.by_resource).toEqual([
      {
        service: 'compute',
        resource_type: 'instance',
        resource_id: vm.id,
        resource_name: 'web',
        cost: line.cost,
      },
    ]);

    await tenant.client.instances.stop(vm.id);
    await tenant.client.instances.waitFor(vm.id, 'stopped', { intervalMs: 10 });
    const stopped = await tenant.client.billing.usage.retrieve(ALL_TIME);
    await mock.clock.advance(7200);
    expect((await tenant.client.billing.usage.retrieve(ALL_TIME)).items).toEqual(stopped.items);

    await tenant.client.instances.start(vm.id);
    await tenant.client.instances.waitFor(vm.id, 'running', { intervalMs: 10 });
    await mock.clock.advance(1800);
    const restarted = await smallHours(tenant.client);
    expect(restarted - stopped.items[0]!.quantity).toBeGreaterThanOrEqual(0.5);
  });

  it('keeps billing a deleted instance for the time it ran', async ({ mock }) => {
    const tenant = await seedTenant(mock);
    const vm = await tenant.client.instances.create({ name: 'gone', flavor: 'nano', region: 'hn' });
    await tenant.client.instances.waitFor(vm.id, 'running', { intervalMs: 10 });
    await mock.clock.advance(7200);
    await tenant.client.instances.delete(vm.id);
    const after = await tenant.client.billing.cost.retrieve(ALL_TIME);
    await mock.clock.advance(7200);
    const later = await tenant.client.billing.cost.retrieve(ALL_TIME);
    expect(later.total).toBe(after.total);
    expect(later.total).toBeGreaterThanOrEqual(2 * 200);
    expect(later.by_resource.map((r) => r.resource_name)).toEqual(['gone']);
  });

  it('bills buckets (at least 1 GB), caches by GB-hour and functions by invocation and GB-second', async ({
    mock,
  }) => {
    const tenant = await seedTenant(mock);
    await tenant.client.buckets.create({ name: `bill-${crypto.randomUUID().slice(0, 8)}`, region: 'hn' });
    const cache = await tenant.client.cacheInstances.create({
      name: 'sessions',
      region: 'hn',
      capacity_gb: 2,
    });
    await tenant.client.cacheInstances.waitFor(cache.id, 'available', { intervalMs: 10 });
    const fn = await tenant.client.functions.create({
      name: 'thumbs',
      runtime: 'nodejs20',
      region: 'hn',
      memory_mb: 256,
    });
    await tenant.client.functions.waitFor(fn.id, 'active', { intervalMs: 10 });
    await tenant.client.functions.invoke(fn.id, { payload: { size: 1 } });
    await tenant.client.functions.invoke(fn.id);
    // Half a billing month (365 hours), within the session's refresh-token lifetime.
    await mock.clock.advance(365 * 3600);
    const window = { from: ALL_TIME.from, to: mock.clock.now().toISOString() };
    const usage = await tenant.client.billing.usage.retrieve(window);
    const item = (meter: string) => usage.items.find((i) => i.meter === meter);
    // An empty bucket is billed as 1 GB: half a GB-month.
    expect(item('storage.bucket.STANDARD')).toMatchObject({
      service: 'storage',
      unit: 'GB-month',
      unit_price: 600,
    });
    expect(item('storage.bucket.STANDARD')!.quantity).toBeCloseTo(0.5, 2);
    expect(item('cache.instance.Basic')).toMatchObject({ service: 'cache', unit: 'GB-hour', unit_price: 45 });
    expect(item('cache.instance.Basic')!.quantity).toBeCloseTo(2 * 365, 0);
    expect(item('serverless.function.requests')).toMatchObject({
      quantity: 0.000002,
      unit: '1M invocations',
    });
    expect(item('serverless.function.compute')!.quantity).toBeGreaterThan(0);
    const cost = await tenant.client.billing.cost.retrieve(window);
    expect(cost.by_service.map((s) => s.service).sort()).toEqual(['cache', 'serverless', 'storage']);
    expect(cost.by_resource.find((r) => r.resource_id === fn.id)).toMatchObject({ resource_name: 'thumbs' });
    expect(cost.total).toBeCloseTo(usage.total, 2);
  });

  it('answers a window: a date-only `to` includes that day; the measured end is never past now', async ({
    mock,
    alice,
  }) => {
    const usage = await alice.client.billing.usage.retrieve({ from: '2020-01-01', to: '2020-01-31' });
    expect(usage).toMatchObject({
      from: '2020-01-01T00:00:00.000Z',
      to: '2020-02-01T00:00:00.000Z',
      items: [],
      total: 0,
    });
    const current = await alice.client.billing.usage.retrieve();
    expect(Date.parse(current.to)).toBeLessThanOrEqual(mock.clock.now().getTime());
    expect(current.from.slice(8)).toBe('01T00:00:00.000Z');
  });

  it('answers cost for the running day, week or month', async ({ alice }) => {
    const daily = await alice.client.billing.cost.retrieve({ period: 'daily' });
    expect(daily.from.slice(11)).toBe('00:00:00.000Z');
    const weekly = await alice.client.billing.cost.retrieve({ period: 'weekly' });
    expect(new Date(weekly.from).getUTCDay()).toBe(1);
    const monthly = await alice.client.billing.cost.retrieve({ period: 'monthly' });
    expect(monthly.from.slice(8)).toBe('01T00:00:00.000Z');
    expect(monthly).toMatchObject({ currency: 'VND', total: 0, by_service: [], by_resource: [] });
  });

  it.for([
    [{ period: 'hourly' }, 'query.period'],
    [{ period: 'daily', from: '2026-01-01' }, 'query.period'],
    [{ from: '2026-13-45' }, 'query.from'],
    [{ from: 'yesterday' }, 'query.from'],
    [{ from: '2026-03-02', to: '2026-03-01' }, 'query.to'],
  ] as const)('refuses %j: 400 naming %s', async ([query, path], { alice }) => {
    await expectInvalid(alice.client.billing.cost.retrieve(query as never), path);
  });
});

describe('invoices', () => {
  it('one per month with usage: issued with 10 % VAT for past months, open for the running one', async ({
    mock,
  }) => {
    const tenant = await seedTenant(mock);
    const other = await seedTenant(mock);
    const vm = await tenant.client.instances.create({ name: 'api', flavor: 'medium', region: 'hn' });
    await tenant.client.instances.waitFor(vm.id, 'running', { intervalMs: 10 });
    await mock.clock.advance(3600);
    await advanceIntoNextMonth(mock, 2);

    const page = await tenant.client.billing.invoices.list();
    expect(page.total).toBe(2);
    const [past, current] = page.data;
    expect(past).toMatchObject({
      status: 'issued',
      currency: 'VND',
      tax_rate: 0.1,
      project_id: tenant.project.id,
    });
    expect(past!.issued_at).toBe(past!.period_end);
    expect(Date.parse(past!.due_at!) - Date.parse(past!.issued_at!)).toBe(30 * 86_400_000);
    expect(past!.lines).toEqual([
      expect.objectContaining({ meter: 'compute.instance.medium', unit_price: 1600 }),
    ]);
    expect(past!.lines[0]!.quantity).toBeGreaterThanOrEqual(1);
    expect(past!.subtotal).toBe(past!.lines[0]!.amount);
    // 10 % rounded to the cent: at most half a cent off the exact product (toBeCloseTo's 2 digits
    // refuses exactly half a cent, which a subtotal ending in 5 mills gives).
    expect(Math.abs(past!.tax - past!.subtotal * 0.1)).toBeLessThanOrEqual(0.005 + 1e-9);
    expect(past!.total).toBeCloseTo(past!.subtotal + past!.tax, 2);
    expect(past!.number).toMatch(/^INV-\d{6}-[0-9A-F]{8}$/);
    // Usage asked for the same month says the same.
    const usage = await tenant.client.billing.usage.retrieve({
      from: past!.period_start,
      to: past!.period_end,
    });
    expect(usage.items.map((i) => i.cost)).toEqual(past!.lines.map((l) => l.amount));

    expect(current).toMatchObject({ status: 'open', issued_at: null, due_at: null });
    expect(current!.lines[0]!.quantity).toBeGreaterThanOrEqual(48);
    // The open invoice follows usage; the issued one stays as it was.
    await mock.clock.advance(3600);
    const again = await tenant.client.billing.invoices.list();
    expect(again.data[0]).toEqual(past);
    expect(again.data[1]!.total).toBeGreaterThan(current!.total);

    const second = await tenant.client.billing.invoices.list({ per_page: 1, page: 2 });
    expect(second.data.map((i) => i.id)).toEqual([current!.id]);
    const issued = await tenant.client.billing.invoices.list({ status: 'issued' });
    expect(issued.data.map((i) => i.id)).toEqual([past!.id]);
    expect((await other.client.billing.invoices.list()).total).toBe(0);
  });
});

describe('subscriptions (billing plan)', () => {
  it('has one active pay-as-you-go plan per project, from the project creation', async ({ mock }) => {
    // A new tenant: the clock moved weeks ahead above, past the first sessions' lifetime.
    const carol = await seedTenant(mock);
    const project = await carol.client.projects.list();
    const first = await carol.client.billing.subscriptions.list();
    expect(first.total).toBe(1);
    expect(first.data[0]!.started_at).toBe(project.data[0]!.created_at);
    expect(first.data[0]).toMatchObject({
      project_id: carol.project.id,
      plan: 'pay-as-you-go',
      status: 'active',
      support_level: 'basic',
      currency: 'VND',
    });
    const again = await carol.client.billing.subscriptions.list();
    expect(again.data[0]!.id).toBe(first.data[0]!.id);
    const bob = await seedTenant(mock);
    const bobs = await bob.client.billing.subscriptions.list();
    expect(bobs.data[0]!.id).not.toBe(first.data[0]!.id);
  });
});
