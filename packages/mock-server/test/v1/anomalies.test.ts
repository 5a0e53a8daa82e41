import { describe, expect } from 'vitest';
import { seedTenant } from '../../src/entries/testing';
import { expectInvalid, it, rejection } from '../support';

describe('anomalies', () => {
  it.for([
    [100, 110, 10, 'low'],
    [100, 124.99, 24.99, 'low'],
    [100, 75, 25, 'medium'],
    [100, 149, 49, 'medium'],
    [100, 150, 50, 'high'],
    [100, 1, 99, 'high'],
    [100, 200, 100, 'critical'],
    [100, 1000, 900, 'critical'],
    [0, 0, null, 'low'],
    [0, 5, null, 'critical'],
  ] as const)(
    'expected %d, actual %d: deviation %s %%, severity %s',
    async ([expected_cost, actual_cost, deviation, severity], { alice }) => {
      const anomaly = await alice.client.anomalies.detect({
        resource_type: 'instance',
        expected_cost,
        actual_cost,
      });
      expect(anomaly).toMatchObject({
        resource_type: 'instance',
        resource_id: null,
        expected_cost,
        actual_cost,
        deviation_percent: deviation,
        severity,
        status: 'open',
        acknowledged_at: null,
      });
    },
  );

  it.for([
    [{ expected_cost: 1, actual_cost: 2 }, 'body.resource_type'],
    [{ resource_type: 'vm', actual_cost: 2 }, 'body.expected_cost'],
    [{ resource_type: 'vm', expected_cost: 1 }, 'body.actual_cost'],
    [{ resource_type: 'vm', expected_cost: 1, actual_cost: -1 }, 'body.actual_cost'],
    [{ resource_type: 'vm', expected_cost: -1, actual_cost: 1 }, 'body.expected_cost'],
  ] as const)('refuses %j: 400 naming %s', async ([body, path], { alice }) => {
    await expectInvalid(alice.client.anomalies.detect(body as never), path);
  });

  it('acknowledges an open anomaly once; twice answers 409 INVALID_STATE', async ({ alice, bob }) => {
    const anomaly = await alice.client.anomalies.detect({
      resource_type: 'bucket',
      resource_id: 'logs-bucket',
      expected_cost: 100,
      actual_cost: 300,
    });
    const acknowledged = await alice.client.anomalies.acknowledge(anomaly.id);
    expect(acknowledged).toMatchObject({ status: 'acknowledged', resource_id: 'logs-bucket' });
    expect(acknowledged.acknowledged_at).not.toBeNull();
    const error = await rejection(alice.client.anomalies.acknowledge(anomaly.id));
    expect(error.status).toBe(409);
    expect(error.code).toBe('INVALID_STATE');
    const other = await rejection(bob.client.anomalies.acknowledge(anomaly.id));
    expect(other.status).toBe(404);
  });

  it('pages and filters the list', async ({ mock }) => {
    const tenant = await seedTenant(mock);
    await tenant.client.anomalies.detect({ resource_type: 'instance', expected_cost: 10, actual_cost: 11 });
    const high = await tenant.client.anomalies.detect({
      resource_type: 'bucket',
      expected_cost: 10,
      actual_cost: 30,
    });
    await tenant.client.anomalies.detect({ resource_type: 'instance', expected_cost: 10, actual_cost: 40 });
    await tenant.client.anomalies.acknowledge(high.id);
    const page = await tenant.client.anomalies.list({ per_page: 2, page: 2 });
    expect(page.total).toBe(3);
    expect(page.data).toHaveLength(1);
    expect((await tenant.client.anomalies.list({ status: 'acknowledged' })).data.map((a) => a.id)).toEqual([
      high.id,
    ]);
    expect((await tenant.client.anomalies.list({ resource_type: 'instance' })).total).toBe(2);
    expect(
      (await tenant.client.anomalies.list({ severity: 'critical' })).data.map((a) => a.severity),
    ).toEqual(['critical', 'critical']);
  });
});
