import { ConflictError, NotFoundError } from '@nimbus/sdk';
import { describe, expect } from 'vitest';
import { it, paths, rejection } from '../support';

describe('provisioning metrics', () => {
  it('starts a measurement at the simulated time', async ({ mock, alice }) => {
    const before = mock.clock.now().getTime();
    const metric = await alice.client.provisioningMetrics.start({ resource_type: 'instance' });
    expect(metric).toMatchObject({
      resource_type: 'instance',
      resource_id: null,
      label: null,
      status: 'started',
      completed_at: null,
      duration_ms: null,
      project_id: alice.project.id,
    });
    expect(Date.parse(metric.started_at)).toBeGreaterThanOrEqual(before);
    const labelled = await alice.client.provisioningMetrics.start({
      resource_type: 'sql.database',
      resource_id: 'db-123',
      label: 'pipeline #42',
    });
    expect(labelled).toMatchObject({ resource_id: 'db-123', label: 'pipeline #42' });
  });

  it('measures duration_ms on the simulated clock, and completes only once', async ({ mock, alice }) => {
    const metric = await alice.client.provisioningMetrics.start({ resource_type: 'database' });
    await mock.clock.advance(90);
    const done = await alice.client.provisioningMetrics.complete(metric.id);
    expect(done.status).toBe('completed');
    expect(done.duration_ms).toBe(Date.parse(done.completed_at!) - Date.parse(done.started_at));
    // 90 simulated seconds, plus the real milliseconds between the two requests.
    expect(done.duration_ms).toBeGreaterThanOrEqual(90_000);
    expect(done.duration_ms).toBeLessThan(95_000);

    const twice = await rejection(alice.client.provisioningMetrics.complete(metric.id));
    expect(twice).toBeInstanceOf(ConflictError);
    expect(twice.code).toBe('INVALID_STATE');
  });

  it("answers 404 for an unknown or another project's metric and 400 for a malformed id", async ({
    alice,
    bob,
  }) => {
    const metric = await alice.client.provisioningMetrics.start({ resource_type: 'bucket' });
    expect(await rejection(bob.client.provisioningMetrics.complete(metric.id))).toBeInstanceOf(NotFoundError);
    expect(await rejection(alice.client.provisioningMetrics.complete(crypto.randomUUID()))).toBeInstanceOf(
      NotFoundError,
    );
    expect(paths(await rejection(alice.client.provisioningMetrics.complete('42')))).toEqual([
      'path.metricId',
    ]);
    expect((await alice.client.provisioningMetrics.complete(metric.id)).status).toBe('completed');
  });

  it.for([
    [{}, 'body.resource_type'],
    [{ resource_type: 'Not A Type' }, 'body.resource_type'],
    [{ resource_type: 'instance', resource_id: '' }, 'body.resource_id'],
    [{ resource_type: 'instance', label: 'x'.repeat(129) }, 'body.label'],
  ] as const)('answers 400 for %j naming %s', async ([body, path], { alice }) => {
    const error = await rejection(alice.client.provisioningMetrics.start(body as never));
    expect(error.code).toBe('VALIDATION_ERROR');
    expect(paths(error)).toEqual([path]);
  });
});
