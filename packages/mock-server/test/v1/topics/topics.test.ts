import { describe, expect } from 'vitest';
import { seedTenant } from '../../../src/entries/testing';
import { expectInvalid, it, rejection } from '../../support';

describe('topics', () => {
  it('creates, reads, lists and deletes a topic', async ({ alice }) => {
    const topic = await alice.client.topics.create({ name: 'orders' });
    expect(topic).toMatchObject({ name: 'orders', description: '', project_id: alice.project.id });
    expect(await alice.client.topics.retrieve(topic.id)).toEqual(topic);
    const listed = await alice.client.topics.list({ name: 'orders' });
    expect(listed.data.map((t) => t.id)).toEqual([topic.id]);
    expect(await alice.client.topics.delete(topic.id)).toBeUndefined();
    expect((await rejection(alice.client.topics.retrieve(topic.id))).status).toBe(404);
  });

  it('refuses a second topic with the same name in a project: 409 CONFLICT', async ({ alice, bob }) => {
    await alice.client.topics.create({ name: 'dupe' });
    const error = await rejection(alice.client.topics.create({ name: 'dupe' }));
    expect(error.status).toBe(409);
    expect(error.code).toBe('CONFLICT');
    // Names are per project: another tenant may use it.
    await expect(bob.client.topics.create({ name: 'dupe' })).resolves.toMatchObject({ name: 'dupe' });
  });

  it('validates the body', async ({ alice }) => {
    await expectInvalid(alice.client.topics.create({} as never), 'body.name');
    await expectInvalid(alice.client.topics.create({ name: 'has space' }), 'body.name');
    await expectInvalid(
      alice.client.topics.create({ name: 't', description: 'x'.repeat(501) }),
      'body.description',
    );
  });

  it('pages the list in creation order', async ({ mock }) => {
    const tenant = await seedTenant(mock);
    for (const name of ['a', 'b', 'c']) {
      await tenant.client.topics.create({ name });
      await mock.clock.advance(1); // distinct creation times: ties would fall back to random ids
    }
    const second = await tenant.client.topics.list({ per_page: 2, page: 2 });
    expect(second.total).toBe(3);
    expect(second.perPage).toBe(2);
    expect(second.data.map((t) => t.name)).toEqual(['c']);
    await expectInvalid(tenant.client.topics.list({ per_page: 101 }), 'query.per_page');
  });

  it("answers 404 for another project's topic, on every route", async ({ alice, bob, receiver }) => {
    const topic = await alice.client.topics.create({ name: 'private' });
    const calls = [
      () => bob.client.topics.retrieve(topic.id),
      () => bob.client.topics.delete(topic.id),
      () => bob.client.topics.publish(topic.id, { event_type: 'x', subject: 's', data: {} }),
      () => bob.client.topics.subscriptions.list(topic.id),
      () =>
        bob.client.topics.subscriptions.create(topic.id, {
          webhook_url: `${receiver.url}/x`,
          event_types: '*',
        }),
    ];
    for (const call of calls) {
      const error = await rejection(call());
      expect(error.status).toBe(404);
      expect(error.code).toBe('NOT_FOUND');
    }
    await expect(alice.client.topics.retrieve(topic.id)).resolves.toMatchObject({ id: topic.id });
  });
});

describe('publish', () => {
  it('stores the event with an id and time and answers it: 201', async ({ mock, alice }) => {
    const topic = await alice.client.topics.create({ name: 'publish-1' });
    const event = await alice.client.topics.publish(topic.id, {
      event_type: 'order.created',
      subject: '/orders/42',
      data: { total: 120, items: ['a'] },
    });
    expect(event).toMatchObject({
      topic_id: topic.id,
      project_id: alice.project.id,
      event_type: 'order.created',
      subject: '/orders/42',
      data: { total: 120, items: ['a'] },
      matched_subscriptions: 0,
    });
    expect(event.id).toMatch(/^[0-9a-f-]{36}$/);
    // The time comes from the simulated clock, like every other time.
    expect(event.time).toBe(event.created_at);
    await mock.clock.advance(86_400);
    const later = await alice.client.topics.publish(topic.id, {
      event_type: 'order.created',
      subject: 's',
      data: {},
    });
    expect(Date.parse(later.time) - Date.parse(event.time)).toBeGreaterThanOrEqual(86_400_000);
  });

  it('validates event_type, subject and data', async ({ alice }) => {
    const topic = await alice.client.topics.create({ name: 'publish-2' });
    const publish = (body: object) => alice.client.topics.publish(topic.id, body as never);
    await expectInvalid(publish({ subject: 's', data: {} }), 'body.event_type');
    await expectInvalid(publish({ event_type: 'bad type', subject: 's', data: {} }), 'body.event_type');
    await expectInvalid(publish({ event_type: 'a.b', data: {} }), 'body.subject');
    await expectInvalid(publish({ event_type: 'a.b', subject: 's' }), 'body.data');
    await expectInvalid(publish({ event_type: 'a.b', subject: 's', data: [1, 2] }), 'body.data');
  });
});

describe('subscriptions', () => {
  it('answers the signing secret once; reads never show it; max_retries defaults to 3', async ({
    mock,
    alice,
    receiver,
  }) => {
    const topic = await alice.client.topics.create({ name: 'subs-1' });
    const created = await alice.client.topics.subscriptions.create(topic.id, {
      webhook_url: `${receiver.url}/hook`,
      event_types: 'order.*',
    });
    expect(created).toMatchObject({
      topic_id: topic.id,
      webhook_url: `${receiver.url}/hook`,
      event_types: 'order.*',
      max_retries: 3,
      status: 'active',
    });
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    const read = await alice.client.topics.subscriptions.retrieve(topic.id, created.id);
    expect(read).not.toHaveProperty('secret');
    const listed = await alice.client.topics.subscriptions.list(topic.id);
    expect(listed.data).toHaveLength(1);
    expect(listed.data[0]).not.toHaveProperty('secret');
    // Nor does the state export hold it in clear.
    expect(JSON.stringify(await mock.client.mock.state.export())).not.toContain(created.secret);
  });

  it.for([
    [{ max_retries: 11 }, 'body.max_retries'],
    [{ max_retries: -1 }, 'body.max_retries'],
    [{ max_retries: 1.5 }, 'body.max_retries'],
    [{ event_types: '' }, 'body.event_types'],
    [{ event_types: 'compute.*.x' }, 'body.event_types'],
    [{ event_types: 'a,,b' }, 'body.event_types'],
    [{ webhook_url: 'ftp://127.0.0.1/hook' }, 'body.webhook_url'],
    [{ webhook_url: 'http://user:pass@127.0.0.1/hook' }, 'body.webhook_url'],
    [{ webhook_url: 'http://127.0.0.1/ho\r\nX-Evil: 1' }, 'body.webhook_url'],
    [{ webhook_url: 'not a url' }, 'body.webhook_url'],
  ] as const)('refuses %j: 400 naming %s', async ([change, path], { alice, receiver }) => {
    const topic = await alice.client.topics.create({ name: `subs-${crypto.randomUUID().slice(0, 8)}` });
    const body = { webhook_url: `${receiver.url}/hook`, event_types: '*', ...change };
    await expectInvalid(alice.client.topics.subscriptions.create(topic.id, body), path);
  });

  it('refuses plain http to a host it does not send to (loopback only by default); https goes anywhere', async ({
    alice,
  }) => {
    const topic = await alice.client.topics.create({ name: 'subs-host' });
    const message = await expectInvalid(
      alice.client.topics.subscriptions.create(topic.id, {
        webhook_url: 'http://example.com/hook',
        event_types: '*',
      }),
      'body.webhook_url',
    );
    expect(message).toContain('example.com');
    expect(message).toContain('must be https');
    await expect(
      alice.client.topics.subscriptions.create(topic.id, {
        webhook_url: 'https://example.com/hook',
        event_types: '*',
      }),
    ).resolves.toMatchObject({ webhook_url: 'https://example.com/hook' });
    await expect(
      alice.client.topics.subscriptions.create(topic.id, {
        webhook_url: 'http://localhost:9/hook',
        event_types: '*',
      }),
    ).resolves.toMatchObject({ webhook_url: 'http://localhost:9/hook' });
  });

  it('deletes a subscription: 204, then 404; another topic of the project cannot reach it', async ({
    alice,
    bob,
    receiver,
  }) => {
    const [one, two] = await Promise.all([
      alice.client.topics.create({ name: 'subs-del-1' }),
      alice.client.topics.create({ name: 'subs-del-2' }),
    ]);
    const sub = await alice.client.topics.subscriptions.create(one.id, {
      webhook_url: `${receiver.url}/d`,
      event_types: '*',
    });
    expect((await rejection(alice.client.topics.subscriptions.retrieve(two.id, sub.id))).status).toBe(404);
    expect((await rejection(bob.client.topics.subscriptions.retrieve(one.id, sub.id))).status).toBe(404);
    expect(await alice.client.topics.subscriptions.delete(one.id, sub.id)).toBeUndefined();
    expect((await rejection(alice.client.topics.subscriptions.retrieve(one.id, sub.id))).status).toBe(404);
  });

  it('deleting a topic deletes its subscriptions', async ({ mock, alice, receiver }) => {
    const topic = await alice.client.topics.create({ name: 'subs-cascade' });
    const sub = await alice.client.topics.subscriptions.create(topic.id, {
      webhook_url: `${receiver.url}/c`,
      event_types: '*',
    });
    await alice.client.topics.delete(topic.id);
    const rows = mock.server.app.runtime.store.state.tables.topic_subscriptions ?? {};
    expect(rows[sub.id]).toBeUndefined();
  });

  it('counts topics against the project quota: 403 QUOTA_EXCEEDED past a lowered limit', async ({ mock }) => {
    const tenant = await seedTenant(mock);
    await mock.client.mock.quotas.update(tenant.project.id, { limits: { topics: 1 } });
    await tenant.client.topics.create({ name: 'only' });
    const error = await rejection(tenant.client.topics.create({ name: 'second' }));
    expect(error.status).toBe(403);
    expect(error.code).toBe('QUOTA_EXCEEDED');
  });
});
