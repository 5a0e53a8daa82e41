import { AuthenticationError, type Nimbus } from '@nimbus/sdk';
import { describe, expect } from 'vitest';
import { type SeededTenant, seedTenant } from '../../src/entries/testing';
import { it, rejection } from '../support';

let tenant: SeededTenant;
/** Logged in, no project selected: /service-status needs none. */
let noProject: Nimbus;

it.beforeAll(async ({ mock }) => {
  tenant = await seedTenant(mock);
  noProject = mock.createClient();
  await noProject.auth.login({ email: tenant.user.email, password: tenant.user.password });
});
it.afterEach(({ mock }) => mock.client.mock.faults.clear());

async function statuses(): Promise<Record<string, string>> {
  const status = await noProject.serviceStatus.retrieve();
  return Object.fromEntries(status.services.map((s) => [s.name, s.status]));
}

describe('service status', () => {
  it('reports every service operational without faults, with no X-Project-ID', async ({ mock }) => {
    const status = await noProject.serviceStatus.retrieve();
    expect(status.status).toBe('operational');
    // Stamped with the simulated clock, not the wall clock.
    await mock.clock.advance(86_400);
    const later = await noProject.serviceStatus.retrieve();
    expect(Date.parse(later.checked_at) - Date.parse(status.checked_at)).toBeGreaterThanOrEqual(86_400_000);
    const names = status.services.map((s) => s.name);
    expect(names).toEqual(
      expect.arrayContaining(['compute', 'storage', 'dns', 'iam', 'monitor', 'keyvault', 'auth']),
    );
    expect([...names].sort()).toEqual(names);
    expect(status.services.every((s) => s.status === 'operational' && s.active_faults === 0)).toBe(true);
  });

  it('shows an outage for a 503 fault on /api/v1/instances* without a times limit', async ({ mock }) => {
    await mock.client.mock.faults.create({ path: '/api/v1/instances*', status: 503 });
    // The fault is real: instance calls fail.
    expect((await rejection(tenant.client.instances.list())).status).toBe(503);
    const status = await noProject.serviceStatus.retrieve();
    expect(status.status).toBe('outage');
    expect(status.services.find((s) => s.name === 'compute')).toMatchObject({
      status: 'outage',
      active_faults: 1,
      message: 'Requests are failing',
    });
    const others = status.services.filter((s) => s.name !== 'compute');
    expect(others.every((s) => s.status === 'operational')).toBe(true);
  });

  it('degrades for limited, slow or client-error faults, and recovers when they go', async ({ mock }) => {
    await mock.client.mock.faults.create({ path: '/api/v1/buckets*', status: 503, times: 5 });
    await mock.client.mock.faults.create({ path: '/api/v1/zones', delay_ms: 1 });
    await mock.client.mock.faults.create({ path: '/api/v1/vaults', status: 429 });
    const degraded = await statuses();
    expect(degraded).toMatchObject({
      storage: 'degraded',
      dns: 'degraded',
      keyvault: 'degraded',
      compute: 'operational',
    });
    expect((await noProject.serviceStatus.retrieve()).status).toBe('degraded');

    await mock.client.mock.faults.clear();
    expect(Object.values(await statuses()).every((s) => s === 'operational')).toBe(true);
  });

  it('matches faults to route templates by method and path', async ({ mock }) => {
    const vm = await tenant.client.instances.create({ name: 'vm', flavor: 'nano', region: 'hn' });
    await mock.client.mock.faults.create({ path: `/api/v1/instances/${vm.id}/start`, status: 500 });
    await mock.client.mock.faults.create({ method: 'DELETE', path: '/api/v1/registries*', status: 500 });
    const now = await statuses();
    // A concrete id still lands on /api/v1/instances/{id}/start.
    expect(now.compute).toBe('outage');
    // Registries have no DELETE route: untouched.
    expect(now.registry).toBe('operational');
    expect(now.storage).toBe('operational');
  });

  it('needs a bearer token', async ({ mock }) => {
    expect(await rejection(mock.client.serviceStatus.retrieve())).toBeInstanceOf(AuthenticationError);
  });
});
