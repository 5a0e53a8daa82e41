import { describe, expect } from 'vitest';
import { seedTenant } from '../../src/entries/testing';
import { it } from '../support';

const DEFAULTS = [
  'high-cpu',
  'low-memory',
  'disk-almost-full',
  'database-connections',
  'function-errors',
  'cache-hit-ratio',
  'bucket-availability',
];

describe('metric rules', () => {
  it('every project starts with the default rules, in a stable order, dated from the project', async ({
    tenant: { client, project },
  }) => {
    const rules = await client.metricRules.list();
    expect(rules.total).toBe(DEFAULTS.length);
    expect(rules.data.map((r) => r.name)).toEqual(DEFAULTS);
    expect(rules.data[0]).toMatchObject({
      project_id: project.id,
      metric: 'cpu_percent',
      resource_type: 'compute.instance',
      operator: 'gt',
      threshold: 80,
      window_minutes: 5,
      severity: 'high',
      enabled: true,
    });
    const mine = (await client.projects.list()).data.find((p) => p.id === project.id);
    expect(rules.data[0]!.created_at).toBe(mine?.created_at);
    // Listing again does not seed twice.
    const again = await client.metricRules.list();
    expect(again.data.map((r) => r.id)).toEqual(rules.data.map((r) => r.id));
  });

  it('filters by enabled, severity, resource type and metric, and pages', async ({ tenant: { client } }) => {
    expect((await client.metricRules.list({ enabled: false })).data.map((r) => r.name)).toEqual([
      'bucket-availability',
    ]);
    expect((await client.metricRules.list({ enabled: true })).total).toBe(DEFAULTS.length - 1);
    expect((await client.metricRules.list({ severity: 'high' })).data.map((r) => r.name)).toEqual([
      'high-cpu',
      'disk-almost-full',
    ]);
    expect((await client.metricRules.list({ resource_type: 'compute.instance' })).total).toBe(3);
    expect((await client.metricRules.list({ metric: 'error_rate_percent' })).data.map((r) => r.name)).toEqual(
      ['function-errors'],
    );
    const page = await client.metricRules.list({ per_page: 5, page: 2 });
    expect(page).toMatchObject({ total: DEFAULTS.length, page: 2, perPage: 5 });
    expect(page.data.map((r) => r.name)).toEqual(DEFAULTS.slice(5));
    const bad = await client.metricRules.list({ severity: 'urgent' as never }).catch((e: unknown) => e);
    expect(bad).toMatchObject({ status: 400, details: [{ path: 'query.severity' }] });
  });

  it('gives each project its own rules', async ({ mock, tenant: alice }) => {
    const bob = await seedTenant(mock);
    const aliceIds = (await alice.client.metricRules.list()).data.map((r) => r.id);
    const bobRules = (await bob.client.metricRules.list()).data;
    expect(bobRules.map((r) => r.name)).toEqual(DEFAULTS);
    expect(bobRules.some((r) => aliceIds.includes(r.id))).toBe(false);
  });
});
