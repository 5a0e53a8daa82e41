import type { Nimbus } from '@nimbus/sdk';
import type { WebhookDelivery } from '@nimbus/sdk/contract';
import { describe, expect } from 'vitest';
import { seedTenant, startMockServer } from '../../../src/entries/testing';
import {
  eventually,
  expectInvalid,
  it,
  type Receiver,
  rejection,
  startReceiver,
  verifySignature,
} from '../../support';

// Webhook delivery (docs/decisions/0005-event-grid-delivery.md) to a real receiver. The test server retries after 20 ms,
// doubling, capped at 200 ms (startMockServer's settings).

async function subscribe(
  receiver: Receiver,
  client: Nimbus,
  path: string,
  event_types: string,
  max_retries?: number,
) {
  const topic = await client.topics.create({ name: `t-${crypto.randomUUID().slice(0, 8)}` });
  const subscription = await client.topics.subscriptions.create(topic.id, {
    webhook_url: `${receiver.url}${path}`,
    event_types,
    max_retries,
  });
  return { topic, subscription };
}

/** Every attempt of the subscription, through the public API. */
async function attempts(client: Nimbus, topicId: string, subscriptionId: string): Promise<WebhookDelivery[]> {
  const page = await client.topics.subscriptions.deliveries.list(topicId, subscriptionId, { per_page: 100 });
  return page.data;
}

describe('webhook delivery', () => {
  it('retries a failing receiver with doubling backoff until it answers 2xx, signing every attempt', async ({
    alice,
    receiver,
  }) => {
    const { topic, subscription } = await subscribe(receiver, alice.client, '/flaky', 'order.*');
    receiver.failNext('/flaky', 2);
    const event = await alice.client.topics.publish(topic.id, {
      event_type: 'order.created',
      subject: '/orders/7',
      data: { total: 99 },
    });
    expect(event.matched_subscriptions).toBe(1);

    const rows = await eventually(async () => {
      const all = await attempts(alice.client, topic.id, subscription.id);
      return all.some((a) => a.status === 'delivered') ? all : undefined;
    }, 'the delivery');
    expect(rows.map((a) => [a.attempt, a.status, a.status_code])).toEqual([
      [1, 'retrying', 500],
      [2, 'retrying', 500],
      [3, 'delivered', 200],
    ]);
    expect(rows.map((a) => a.error)).toEqual([
      'receiver answered HTTP 500',
      'receiver answered HTTP 500',
      null,
    ]);
    expect(rows.every((a) => a.event_id === event.id && a.event_type === 'order.created')).toBe(true);
    // 20 ms, then 40 ms: the base doubles; each attempt starts no earlier than it was due.
    const gaps = rows.slice(0, 2).map((a) => Date.parse(a.next_retry_at!) - Date.parse(a.created_at));
    expect(gaps).toEqual([20, 40]);
    expect(rows[2]!.next_retry_at).toBeNull();
    for (const i of [1, 2]) {
      expect(Date.parse(rows[i]!.attempted_at)).toBeGreaterThanOrEqual(
        Date.parse(rows[i - 1]!.next_retry_at!) - 2,
      );
    }

    const calls = receiver.at('/flaky');
    expect(calls).toHaveLength(3);
    expect(calls[1]!.at - calls[0]!.at).toBeGreaterThanOrEqual(18);
    expect(calls[2]!.at - calls[1]!.at).toBeGreaterThanOrEqual(38);
    for (const call of calls) {
      expect(call.headers['content-type']).toBe('application/cloudevents+json');
      verifySignature(call.headers['x-nimbus-signature'], call.body, subscription.secret);
      // Every attempt carries the same event (same id), so a receiver can deduplicate.
      expect(call.body).toBe(calls[0]!.body);
    }
    expect(JSON.parse(calls[0]!.body)).toEqual({
      specversion: '1.0',
      id: event.id,
      source: `/projects/${alice.project.id}/topics/${topic.id}`,
      type: 'order.created',
      subject: '/orders/7',
      time: event.time,
      datacontenttype: 'application/json',
      data: { total: 99 },
    });
  });

  it('gives up after max_retries: the last attempt is failed with no retry due', async ({
    alice,
    receiver,
  }) => {
    const { topic, subscription } = await subscribe(receiver, alice.client, '/down', '*', 2);
    receiver.failNext('/down', 100, 503);
    await alice.client.topics.publish(topic.id, { event_type: 'x.y', subject: 's', data: {} });
    const rows = await eventually(async () => {
      const all = await attempts(alice.client, topic.id, subscription.id);
      return all.some((a) => a.status === 'failed') ? all : undefined;
    }, 'the final failure');
    expect(rows.map((a) => [a.attempt, a.status, a.status_code])).toEqual([
      [1, 'retrying', 503],
      [2, 'retrying', 503],
      [3, 'failed', 503],
    ]);
    expect(rows[2]!.next_retry_at).toBeNull();
    // Nothing more comes after the final failure.
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(receiver.at('/down')).toHaveLength(3);
  });

  it('records a network error with no status code', async ({ alice }) => {
    const topic = await alice.client.topics.create({ name: 'refused' });
    // A port nothing listens on: bind one, then free it.
    const closed = await startReceiver();
    await closed.close();
    const sub = await alice.client.topics.subscriptions.create(topic.id, {
      webhook_url: `${closed.url}/gone`,
      event_types: '*',
      max_retries: 0,
    });
    await alice.client.topics.publish(topic.id, { event_type: 'a', subject: 's', data: {} });
    const [row] = await eventually(async () => {
      const all = await attempts(alice.client, topic.id, sub.id);
      return all.length > 0 ? all : undefined;
    }, 'the attempt');
    expect(row).toMatchObject({ attempt: 1, status: 'failed', status_code: null, next_retry_at: null });
    expect(row!.error).toMatch(/^network error: /);
  });

  it('delivers only to subscriptions whose event_types match: *, prefix and exact', async ({
    alice,
    receiver,
  }) => {
    const topic = await alice.client.topics.create({ name: 'matching' });
    const create = (path: string, event_types: string) =>
      alice.client.topics.subscriptions.create(topic.id, {
        webhook_url: `${receiver.url}${path}`,
        event_types,
      });
    await create('/m-all', '*');
    await create('/m-prefix', 'billing.*, order.*');
    await create('/m-exact', 'order.paid');
    await create('/m-other', 'order.created, order.paid.extra, orders.*');
    const event = await alice.client.topics.publish(topic.id, {
      event_type: 'order.paid',
      subject: 's',
      data: {},
    });
    expect(event.matched_subscriptions).toBe(3);
    // `*` also hears the platform's own events (the later subscriptions' creation): count this type only.
    const paid = (path: string) => receiver.at(path).filter((r) => JSON.parse(r.body).type === 'order.paid');
    await eventually(
      () => ['/m-all', '/m-prefix', '/m-exact'].every((p) => paid(p).length === 1),
      'three deliveries',
    );
    expect(receiver.at('/m-all').map((r) => JSON.parse(r.body).type)).toContain(
      'eventgrid.subscription.created',
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(receiver.at('/m-other')).toHaveLength(0);
  });

  it('delivers platform events of the project (resource lifecycle) from the platform source', async ({
    bob,
    receiver,
  }) => {
    const { subscription } = await subscribe(receiver, bob.client, '/platform', 'compute.instance.*');
    const vm = await bob.client.instances.create({ name: 'web', flavor: 'nano', region: 'hn' });
    await bob.client.instances.waitFor(vm.id, 'running', { intervalMs: 10 });
    const bodies = await eventually(() => {
      const events = receiver.at('/platform').map((r) => JSON.parse(r.body));
      return events.some((e) => e.type === 'compute.instance.running') ? events : undefined;
    }, 'the running event');
    expect(bodies.map((e) => e.type)).toEqual(['compute.instance.created', 'compute.instance.running']);
    expect(bodies[1]).toMatchObject({
      specversion: '1.0',
      source: `/projects/${bob.project.id}/platform`,
      subject: `/projects/${bob.project.id}/compute.instance/${vm.id}`,
      data: { id: vm.id, status: 'running' },
    });
    for (const call of receiver.at('/platform')) {
      verifySignature(call.headers['x-nimbus-signature'], call.body, subscription.secret);
    }
    // Alice's subscriptions never hear about Bob's resources.
    expect(receiver.received.filter((r) => r.body.includes(vm.id) && r.path !== '/platform')).toEqual([]);
  });

  it('stops retrying once the subscription is deleted', async ({ alice, receiver }) => {
    const { topic, subscription } = await subscribe(receiver, alice.client, '/deleted', '*', 10);
    receiver.failNext('/deleted', 100);
    await alice.client.topics.publish(topic.id, { event_type: 'a', subject: 's', data: {} });
    await eventually(() => receiver.at('/deleted').length >= 2, 'two attempts');
    await alice.client.topics.subscriptions.delete(topic.id, subscription.id);
    const count = receiver.at('/deleted').length;
    await new Promise((resolve) => setTimeout(resolve, 600));
    // One attempt may have been on the wire already; none starts afterwards.
    expect(receiver.at('/deleted').length).toBeLessThanOrEqual(count + 1);
  });

  it('lists attempts with paging and filters, and 404s for other projects', async ({
    alice,
    bob,
    receiver,
  }) => {
    const { topic, subscription } = await subscribe(receiver, alice.client, '/paged', '*', 3);
    receiver.failNext('/paged', 3);
    await alice.client.topics.publish(topic.id, { event_type: 'a', subject: 's', data: {} });
    await eventually(
      async () =>
        (await attempts(alice.client, topic.id, subscription.id)).some((a) => a.status === 'delivered'),
      'the delivery',
    );
    const page = await alice.client.topics.subscriptions.deliveries.list(topic.id, subscription.id, {
      per_page: 3,
      page: 2,
    });
    expect(page.total).toBe(4);
    expect(page.data.map((a) => a.attempt)).toEqual([4]);
    const delivered = await alice.client.topics.subscriptions.deliveries.list(topic.id, subscription.id, {
      status: 'delivered',
    });
    expect(delivered.data.map((a) => a.attempt)).toEqual([4]);
    await expectInvalid(
      alice.client.topics.subscriptions.deliveries.list(topic.id, subscription.id, {
        status: 'lost' as never,
      }),
      'query.status',
    );
    const error = await rejection(bob.client.topics.subscriptions.deliveries.list(topic.id, subscription.id));
    expect(error.status).toBe(404);
  });

  it('shows every attempt on GET /__mock/webhooks/deliveries', async ({ mock, bob, receiver }) => {
    const { topic, subscription } = await subscribe(receiver, bob.client, '/control', '*');
    await bob.client.topics.publish(topic.id, { event_type: 'a', subject: 's', data: {} });
    const mine = await eventually(async () => {
      const { data: items } = await mock.client.mock.webhookDeliveries.list({
        subscription_id: subscription.id,
      });
      return items.length > 0 ? items : undefined;
    }, 'the attempt');
    expect(mine).toEqual([
      expect.objectContaining({ subscription_id: subscription.id, status: 'delivered' }),
    ]);
    const all = await mock.client.mock.webhookDeliveries.list();
    expect(all.data.length).toBeGreaterThan(mine.length);
    const bobs = await mock.client.mock.webhookDeliveries.list({ project_id: bob.project.id });
    expect(bobs.data.every((a) => a.project_id === bob.project.id)).toBe(true);
  });
});

describe('webhook targets outside webhookAllowHosts', () => {
  it('accepts a public https receiver, and records its delivery as not sent without calling it', async () => {
    const calls: string[] = [];
    const own = await startMockServer({
      webhookFetch: async (input) => {
        calls.push(String(input));
        return new Response(null, { status: 204 });
      },
    });
    try {
      const tenant = await seedTenant(own);
      const topic = await tenant.client.topics.create({ name: 'public' });
      const subscription = await tenant.client.topics.subscriptions.create(topic.id, {
        webhook_url: 'https://hooks.example.com/nimbus',
        event_types: 'order.*',
      });
      const event = await tenant.client.topics.publish(topic.id, {
        event_type: 'order.created',
        subject: '/orders/1',
        data: {},
      });
      expect(event.matched_subscriptions).toBe(1);
      const rows = await eventually(async () => {
        const all = await attempts(tenant.client, topic.id, subscription.id);
        return all.length > 0 ? all : undefined;
      }, 'the record');
      expect(rows).toEqual([
        expect.objectContaining({
          attempt: 1,
          status: 'not_sent',
          status_code: null,
          next_retry_at: null,
          event_id: event.id,
        }),
      ]);
      expect(rows[0]!.error).toContain('"hooks.example.com"');
      expect(rows[0]!.error).toContain('webhookAllowHosts');
      const listed = await tenant.client.topics.subscriptions.deliveries.list(topic.id, subscription.id, {
        status: 'not_sent',
      });
      expect(listed.data).toHaveLength(1);
      // No retry follows either: the retry base is 20 ms.
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(await attempts(tenant.client, topic.id, subscription.id)).toHaveLength(1);
      expect(calls).toEqual([]);
    } finally {
      await own.close();
    }
  });

  it('refuses plain http to a host it does not send to, naming https', async ({ alice }) => {
    const topic = await alice.client.topics.create({ name: 'plain-http' });
    const error = await rejection(
      alice.client.topics.subscriptions.create(topic.id, {
        webhook_url: 'http://hooks.example.com/nimbus',
        event_types: '*',
      }),
    );
    expect(error.status).toBe(400);
    expect(error.message).toContain('must be https');
  });
});

describe('shutdown', () => {
  it('stops pending retries when the server closes', async ({ receiver }) => {
    const own = await startMockServer();
    const tenant = await seedTenant(own);
    const topic = await tenant.client.topics.create({ name: 'closing' });
    await tenant.client.topics.subscriptions.create(topic.id, {
      webhook_url: `${receiver.url}/closing`,
      event_types: '*',
      max_retries: 10,
    });
    receiver.failNext('/closing', 100);
    await tenant.client.topics.publish(topic.id, { event_type: 'a', subject: 's', data: {} });
    await eventually(() => receiver.at('/closing').length >= 1, 'the first attempt');
    await own.close();
    const count = receiver.at('/closing').length;
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(receiver.at('/closing')).toHaveLength(count);
  });
});
