import { describe, expect } from 'vitest';
import { seedTenant } from '../../src/entries/testing';
import { expectInvalid, it, rejection } from '../support';
import { advanceIntoNextMonth } from './billing/helpers';

describe('cost reports', () => {
  it('goes pending -> generating -> completed and holds the breakdown /billing/cost answers', async ({
    mock,
  }) => {
    // An hour into the second day of a month: the daily window below holds the whole run.
    await advanceIntoNextMonth(mock, 1, 3600);
    const tenant = await seedTenant(mock);
    const vm = await tenant.client.instances.create({ name: 'worker', flavor: 'large', region: 'hn' });
    await tenant.client.instances.waitFor(vm.id, 'running', { intervalMs: 10 });
    await mock.clock.advance(1800);
    const report = await tenant.client.reports.create({ name: 'today', period: 'daily' });
    expect(report).toMatchObject({
      name: 'today',
      period: 'daily',
      status: 'pending',
      breakdown: null,
      completed_at: null,
    });
    expect(Date.parse(report.period_end) - Date.parse(report.period_start)).toBe(86_400_000);

    const done = await tenant.client.reports.waitFor(report.id, ['completed', 'failed'], { intervalMs: 10 });
    expect(done.status).toBe('completed');
    expect(done.failure_reason).toBeNull();
    const breakdown = done.breakdown!;
    expect(breakdown.from).toBe(report.period_start);
    expect(breakdown.to).toBe(done.completed_at);
    expect(breakdown.total).toBeGreaterThan(0);
    expect(breakdown.by_resource.map((r) => r.resource_id)).toEqual([vm.id]);
    // The instance keeps running, yet the same window gives the same answer.
    await mock.clock.advance(600);
    expect(await tenant.client.billing.cost.retrieve({ from: breakdown.from, to: breakdown.to })).toEqual(
      breakdown,
    );
  });

  it('publishes its states as platform events through generating to completed', async ({ mock }) => {
    const tenant = await seedTenant(mock);
    const seen: string[] = [];
    const stop = mock.server.app.runtime.events.subscribe((event) => {
      if (event.project_id === tenant.project.id) seen.push(event.type);
    });
    try {
      const report = await tenant.client.reports.create({ name: 'week', period: 'weekly' });
      await tenant.client.reports.waitFor(report.id, 'completed', { intervalMs: 10 });
      expect(seen).toEqual(['cost.report.created', 'cost.report.generating', 'cost.report.completed']);
    } finally {
      stop();
    }
  });

  it('validates, pages and keeps reports per project', async ({ mock, bob }) => {
    const tenant = await seedTenant(mock);
    await expectInvalid(
      tenant.client.reports.create({ name: 'x', period: 'yearly' as never }),
      'body.period',
    );
    await expectInvalid(tenant.client.reports.create({ period: 'daily' } as never), 'body.name');
    const first = await tenant.client.reports.create({ name: 'a', period: 'monthly' });
    await tenant.client.reports.create({ name: 'b', period: 'daily' });
    const page = await tenant.client.reports.list({ per_page: 1, page: 2 });
    expect(page.total).toBe(2);
    expect(page.data.map((r) => r.name)).toEqual(['b']);
    expect((await tenant.client.reports.list({ period: 'monthly' })).data.map((r) => r.id)).toEqual([
      first.id,
    ]);
    expect((await rejection(bob.client.reports.retrieve(first.id))).status).toBe(404);
  });
});
