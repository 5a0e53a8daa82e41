import { NotFoundError } from '@nimbus/sdk';
import { describe, expect } from 'vitest';
import { type SeededTenant, seedTenant } from '../../src/entries/testing';
import { failedPaths, it, rejection } from '../support';

let tenant: SeededTenant;
let vmA: string;
let vmB: string;
/** A 5-minute boundary two hours after the instances were created. */
let to: string;

it.beforeAll(async ({ mock }) => {
  tenant = await seedTenant(mock);
  vmA = (await tenant.client.instances.create({ name: 'a', flavor: 'small', region: 'hn' })).id;
  vmB = (await tenant.client.instances.create({ name: 'b', flavor: 'small', region: 'hn' })).id;
  await mock.clock.advance(2 * 3600);
  to = new Date(Math.floor(mock.clock.now().getTime() / 300_000) * 300_000).toISOString();
});

const hourBefore = (iso: string) => new Date(Date.parse(iso) - 3_600_000).toISOString();

describe('metrics', () => {
  it('answers a series on interval boundaries with the unit', async () => {
    const series = await tenant.client.metrics.query({
      resource_id: vmA,
      metric: 'cpu_percent',
      to,
      from: hourBefore(to),
    });
    expect(series).toMatchObject({
      resource_id: vmA,
      resource_type: 'instances',
      metric: 'cpu_percent',
      unit: 'percent',
      interval: 300,
    });
    expect(series.points).toHaveLength(13);
    expect(series.points[0]!.timestamp).toBe(hourBefore(to));
    expect(series.points.at(-1)!.timestamp).toBe(to);
    for (const point of series.points) {
      expect(point.value).toBeGreaterThanOrEqual(0);
      expect(point.value).toBeLessThanOrEqual(100);
    }
  });

  it('is deterministic: the same query twice is equal, other resources and metrics differ', async () => {
    const query = { resource_id: vmA, metric: 'cpu_percent', to, from: hourBefore(to) } as const;
    const first = await tenant.client.metrics.query(query);
    const second = await tenant.client.metrics.query(query);
    expect(second.points).toEqual(first.points);
    const other = await tenant.client.metrics.query({ ...query, resource_id: vmB });
    expect(other.points.map((p) => p.value)).not.toEqual(first.points.map((p) => p.value));
    const memory = await tenant.client.metrics.query({ ...query, metric: 'memory_percent' });
    expect(memory.points.map((p) => p.value)).not.toEqual(first.points.map((p) => p.value));
    // The curve moves: not one flat value.
    expect(new Set(first.points.map((p) => p.value)).size).toBeGreaterThan(1);
  });

  it('agrees across intervals where their points meet', async () => {
    const base = { resource_id: vmA, metric: 'network_in_bytes', to, from: hourBefore(to) } as const;
    const fine = await tenant.client.metrics.query({ ...base, interval: 60 });
    const coarse = await tenant.client.metrics.query({ ...base, interval: 300 });
    expect(fine.points).toHaveLength(61);
    const byTime = new Map(fine.points.map((p) => [p.timestamp, p.value]));
    for (const point of coarse.points) expect(byTime.get(point.timestamp)).toBe(point.value);
    expect(fine.unit).toBe('bytes/s');
  });

  it('defaults to the last hour, and leaves out the time before the resource existed', async ({ mock }) => {
    const fresh = await tenant.client.instances.create({ name: 'fresh', flavor: 'nano', region: 'hn' });
    await mock.clock.advance(900);
    const series = await tenant.client.metrics.query({
      resource_id: fresh.id,
      metric: 'cpu_percent',
      interval: 60,
    });
    expect(Date.parse(series.to) - Date.parse(series.from)).toBe(3_600_000);
    expect(series.points.length).toBeGreaterThanOrEqual(14);
    expect(series.points.length).toBeLessThanOrEqual(16);
    expect(series.points.every((p) => p.timestamp >= fresh.created_at)).toBe(true);
  });

  it('knows metrics per resource type: buckets report storage, not cpu', async ({ mock }) => {
    const bucket = await tenant.client.buckets.create({
      name: `metrics-${crypto.randomUUID().slice(0, 8)}`,
      region: 'hn',
    });
    await mock.clock.advance(3600);
    const storage = await tenant.client.metrics.query({
      resource_id: bucket.id,
      metric: 'storage_bytes',
      interval: 3600,
    });
    expect(storage).toMatchObject({ resource_type: 'buckets', unit: 'bytes' });
    expect(storage.points.length).toBeGreaterThan(0);
    expect(storage.points.every((p) => Number.isInteger(p.value))).toBe(true);
    const cpu = await rejection(
      tenant.client.metrics.query({ resource_id: bucket.id, metric: 'cpu_percent' }),
    );
    expect(cpu.details).toEqual([
      { path: 'query.metric', message: expect.stringContaining('storage_bytes') },
    ]);
  });

  it("answers 404 for an unknown id and for another project's resource", async ({ mock }) => {
    const missing = await rejection(
      tenant.client.metrics.query({ resource_id: crypto.randomUUID(), metric: 'cpu_percent' }),
    );
    expect(missing).toBeInstanceOf(NotFoundError);
    const other = await seedTenant(mock);
    const theirs = await other.client.instances.create({ name: 'theirs', flavor: 'nano', region: 'hn' });
    expect(
      await rejection(tenant.client.metrics.query({ resource_id: theirs.id, metric: 'cpu_percent' })),
    ).toBeInstanceOf(NotFoundError);
  });

  it('validates the query and bounds the range', async ({ mock }) => {
    const q = tenant.client.metrics;
    expect(await failedPaths(q.query({ metric: 'cpu_percent' } as never))).toEqual(['query.resource_id']);
    expect(await failedPaths(q.query({ resource_id: vmA, metric: 'happiness' as 'cpu_percent' }))).toEqual([
      'query.metric',
    ]);
    expect(await failedPaths(q.query({ resource_id: vmA, metric: 'cpu_percent', interval: 120 }))).toEqual([
      'query.interval',
    ]);
    expect(
      await failedPaths(q.query({ resource_id: vmA, metric: 'cpu_percent', from: to, to: hourBefore(to) })),
    ).toEqual(['query.from']);
    const future = new Date(mock.clock.now().getTime() + 3_600_000).toISOString();
    expect(await failedPaths(q.query({ resource_id: vmA, metric: 'cpu_percent', to: future }))).toEqual([
      'query.to',
    ]);
    const twoDays = new Date(Date.parse(to) - 2 * 86_400_000).toISOString();
    expect(
      await failedPaths(
        q.query({ resource_id: vmA, metric: 'cpu_percent', from: twoDays, to, interval: 60 }),
      ),
    ).toEqual(['query.interval']);
    await expect(
      q.query({ resource_id: vmA, metric: 'cpu_percent', from: twoDays, to, interval: 3600 }),
    ).resolves.toBeDefined();
  });
});
