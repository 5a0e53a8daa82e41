import { describe, expect } from 'vitest';
import type { PlatformEvent } from '../src/core/services/events';
import { it } from './support';

const seen: PlatformEvent[] = [];

it.beforeAll(async ({ mock }) => {
  mock.server.app.runtime.events.subscribe((event) => seen.push(event));
});

describe('platform events', () => {
  it('carry resource lifecycle changes of the project', async ({ tenant: { client, project } }) => {
    const vm = await client.instances.create({ name: 'evented', flavor: 'nano', region: 'hn' });
    await client.instances.waitFor(vm.id, 'running', { intervalMs: 5 });
    const mine = seen.filter((e) => e.project_id === project.id).map((e) => e.type);
    expect(mine).toEqual(expect.arrayContaining(['compute.instance.created', 'compute.instance.running']));
    const created = seen.find((e) => e.type === 'compute.instance.created' && e.data.id === vm.id)!;
    expect(created.subject).toBe(`/projects/${project.id}/compute.instance/${vm.id}`);
    expect(created.time).toMatch(/Z$/);
  });

  it('never carry secret fields (hashes, sealed values) of the stored rows', async ({
    tenant: { client },
  }) => {
    const product = await client.apiProducts.create({ name: 'orders' });
    const subscription = await client.apiProducts.subscriptions.create(product.id, { app_name: 'shop' });
    const event = seen.find((e) => e.data.id === subscription.id)!;
    expect(event).toBeDefined();
    const text = JSON.stringify(event);
    expect(text).not.toMatch(/_hash"|_sealed"/);
    expect(text).not.toContain(subscription.api_key);
    expect(event.data.key_prefix).toBe(subscription.key_prefix);
  });
});
