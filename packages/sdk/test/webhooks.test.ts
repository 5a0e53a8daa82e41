import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { seedTenant, startMockServer } from '@nimbus/mock-server/testing';
import { type CloudEvent, isPlatformEvent, Nimbus, WebhookVerificationError } from '@nimbus/sdk';
import { afterAll, afterEach, describe, expect, vi } from 'vitest';
import { it } from './helpers';

// Event Grid deliveries (docs/decisions/0005-event-grid-delivery.md) from the reference server to a real HTTP receiver,
// verified by the SDK the way a receiving app would.

interface Delivery {
  path: string;
  headers: IncomingHttpHeaders;
  /** The raw bytes, as a receiver must verify them. */
  body: Buffer;
}
let client: Nimbus;
let receiverUrl: string;
let closeReceiver: () => Promise<void>;
const deliveries: Delivery[] = [];

it.beforeAll(async ({ mock }) => {
  ({ client } = await seedTenant(mock));
  const receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      deliveries.push({ path: req.url ?? '/', headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  closeReceiver = () =>
    new Promise((resolve) => {
      receiver.closeAllConnections();
      receiver.close(() => resolve());
    });
});
afterAll(() => closeReceiver());
afterEach(() => vi.useRealTimers());

/** A subscription on its own receiver path, and the first delivery of `eventType` to it. */
async function deliveryOf(eventTypes: string, publish: (topicId: string) => Promise<unknown>) {
  const path = `/hook/${crypto.randomUUID()}`;
  const topic = await client.topics.create({ name: `t-${crypto.randomUUID().slice(0, 8)}` });
  const subscription = await client.topics.subscriptions.create(topic.id, {
    webhook_url: `${receiverUrl}${path}`,
    event_types: eventTypes,
    max_retries: 0,
  });
  await publish(topic.id);
  const deadline = Date.now() + 5000;
  for (;;) {
    const delivery = deliveries.find((d) => d.path === path);
    if (delivery) return { delivery, secret: subscription.secret };
    if (Date.now() > deadline) throw new Error(`no delivery to ${path}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

function publishOrder(topicId: string) {
  return client.topics.publish(topicId, {
    event_type: 'order.created',
    subject: '/orders/7',
    data: { total: 99 },
  });
}

async function refusal(promise: Promise<unknown>): Promise<WebhookVerificationError> {
  const outcome = await promise.then(
    () => undefined,
    (error: unknown) => error,
  );
  expect(outcome, 'expected the delivery to be refused').toBeInstanceOf(WebhookVerificationError);
  return outcome as WebhookVerificationError;
}

describe('client.webhooks', () => {
  it('unwraps a real delivery into its typed CloudEvent', async () => {
    const { delivery, secret } = await deliveryOf('order.*', publishOrder);

    const event: CloudEvent = await client.webhooks.unwrap(delivery.body, delivery.headers, secret);

    expect(event).toMatchObject({
      specversion: '1.0',
      type: 'order.created',
      subject: '/orders/7',
      datacontenttype: 'application/json',
      data: { total: 99 },
    });
    expect(event.source).toMatch(/^\/projects\/[0-9a-f-]+\/topics\/[0-9a-f-]+$/);
    expect(isPlatformEvent(event)).toBe(false);
    // Text bodies and a Fetch Headers verify the same.
    await client.webhooks.verifySignature(
      delivery.body.toString('utf8'),
      new Headers(delivery.headers as Record<string, string>),
      secret,
    );
  });

  it('unwraps a platform event, which isPlatformEvent narrows', async () => {
    const { delivery, secret } = await deliveryOf('storage.*', () =>
      client.buckets.create({ name: `b-${crypto.randomUUID().slice(0, 8)}`, region: 'hn' }),
    );

    const event = await client.webhooks.unwrap(delivery.body, delivery.headers, secret);

    expect(isPlatformEvent(event)).toBe(true);
    if (!isPlatformEvent(event) || event.type === 'budget.threshold_exceeded') throw new Error(event.type);
    // Narrowed to a ResourceEvent: its data is the bucket's record.
    expect(event.type).toMatch(/^storage\.bucket\./);
    expect(event.data.project_id).toBe(client.projectId);
    expect(event.subject).toContain(event.data.id);
  });

  it('rejects a tampered body', async () => {
    const { delivery, secret } = await deliveryOf('order.*', publishOrder);
    const tampered = delivery.body.toString('utf8').replace('"total":99', '"total":1');
    expect(tampered).not.toBe(delivery.body.toString('utf8'));

    const error = await refusal(client.webhooks.unwrap(tampered, delivery.headers, secret));

    expect(error.reason).toBe('signature_mismatch');
  });

  it('rejects the wrong secret', async () => {
    const { delivery } = await deliveryOf('order.*', publishOrder);
    const other = await deliveryOf('order.*', publishOrder);

    const error = await refusal(
      client.webhooks.verifySignature(delivery.body, delivery.headers, other.secret),
    );

    expect(error.reason).toBe('signature_mismatch');
  });

  it('rejects a genuine delivery checked after the tolerance, and accepts it within a wider one', async () => {
    const { delivery, secret } = await deliveryOf('order.*', publishOrder);
    // 301 s after the time it was signed at: the server signs on its simulated clock, which runs
    // ahead of this process's by a millisecond per write (and by whatever a test moved it).
    const signedAt = Number(/^t=(\d+),/.exec(String(delivery.headers['x-nimbus-signature']))?.[1]);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime((signedAt + 301) * 1000);

    const error = await refusal(client.webhooks.unwrap(delivery.body, delivery.headers, secret));
    expect(error.reason).toBe('stale_timestamp');
    expect(error.message).toMatch(/at most 300 s/);

    const event = await client.webhooks.unwrap(delivery.body, delivery.headers, secret, {
      toleranceSeconds: 600,
    });
    expect(event.type).toBe('order.created');
  });

  it('says how long ago a stale delivery was signed, or how far ahead', async () => {
    const body = '{}';
    const now = Math.floor(Date.now() / 1000);
    for (const [timestamp, when] of [
      [now - 3600, /signed 360\d s ago; at most 300 s/],
      [now + 3600, /signed 3\d{3} s ahead of now; at most 300 s/],
    ] as const) {
      const headers = await client.webhooks.sign(body, { secret: 's', timestamp });
      const error = await refusal(client.webhooks.verifySignature(body, headers, 's'));
      expect(error.reason).toBe('stale_timestamp');
      expect(error.message).toMatch(when);
    }
  });

  it('sign() gives the headers the server sends with a delivery', async () => {
    const { delivery, secret } = await deliveryOf('order.*', publishOrder);
    const timestamp = Number(/^t=(\d+),/.exec(String(delivery.headers['x-nimbus-signature']))?.[1]);

    const headers = await client.webhooks.sign(delivery.body, { secret, timestamp });

    const { 'content-type': type, 'user-agent': agent, 'x-nimbus-signature': signature } = delivery.headers;
    expect(headers).toEqual({ 'content-type': type, 'user-agent': agent, 'x-nimbus-signature': signature });
  });

  it("verifies and signs with the client's webhookSecret when a call names none", async ({ mock }) => {
    const { delivery, secret } = await deliveryOf('order.*', publishOrder);
    const own = new Nimbus({ baseUrl: mock.url, webhookSecret: secret });

    await expect(own.webhooks.unwrap(delivery.body, delivery.headers)).resolves.toMatchObject({
      type: 'order.created',
    });
    const body = delivery.body.toString('utf8');
    await expect(own.webhooks.unwrap(body, await own.webhooks.sign(body))).resolves.toMatchObject({
      type: 'order.created',
    });
    await expect(client.webhooks.unwrap(delivery.body, delivery.headers)).rejects.toThrow(
      /No webhook secret.*webhookSecret.*NIMBUS_WEBHOOK_SECRET/,
    );
  });

  it('rejects a missing or malformed signature header', async () => {
    const { delivery, secret } = await deliveryOf('order.*', publishOrder);
    const { 'x-nimbus-signature': header, ...unsigned } = delivery.headers;
    expect(header).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);

    expect((await refusal(client.webhooks.unwrap(delivery.body, unsigned, secret))).reason).toBe(
      'missing_signature',
    );
    for (const bad of ['v1=abc', `t=now,${String(header).split(',')[1]}`, String(header).split(',')[0]]) {
      const error = await refusal(
        client.webhooks.unwrap(delivery.body, { ...unsigned, 'X-Nimbus-Signature': bad }, secret),
      );
      expect(error.reason).toBe('malformed_signature');
    }
  });

  it('accepts a rotated secret among several v1 signatures, signed the documented way', async () => {
    const body = JSON.stringify({
      specversion: '1.0',
      id: 'e1',
      source: '/projects/p/topics/t',
      type: 'order.created',
      subject: '/orders/1',
      time: new Date().toISOString(),
      datacontenttype: 'application/json',
      data: {},
    });
    const t = Math.floor(Date.now() / 1000);
    const sign = (secret: string) => createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');
    const headers = { 'x-nimbus-signature': `t=${t},v1=${sign('whsec_old')},v1=${sign('whsec_new')}` };

    await expect(client.webhooks.unwrap(body, headers, 'whsec_new')).resolves.toMatchObject({ id: 'e1' });
    await expect(client.webhooks.unwrap(body, headers, 'whsec_old')).resolves.toMatchObject({ id: 'e1' });
    expect((await refusal(client.webhooks.unwrap(body, headers, 'whsec_other'))).reason).toBe(
      'signature_mismatch',
    );
    const notAnEvent = '{"hello":"world"}';
    const signed = {
      'x-nimbus-signature': `t=${t},v1=${createHmac('sha256', 's').update(`${t}.${notAnEvent}`).digest('hex')}`,
    };
    expect((await refusal(client.webhooks.unwrap(notAnEvent, signed, 's'))).reason).toBe('invalid_event');
  });

  it('accepts every CloudEvents 1.0 event (only specversion, id, source and type required), and names what is wrong', async () => {
    const t = Math.floor(Date.now() / 1000);
    const signed = (body: string) => ({
      'x-nimbus-signature': `t=${t},v1=${createHmac('sha256', 's').update(`${t}.${body}`).digest('hex')}`,
    });
    const unwrap = (event: unknown) => {
      const body = JSON.stringify(event);
      return client.webhooks.unwrap(body, signed(body), 's');
    };
    const minimal = { specversion: '1.0', id: 'e1', source: '/orders', type: 'order.created' };
    await expect(unwrap(minimal)).resolves.toEqual(minimal);
    const extended = { ...minimal, data: 'text', datacontenttype: 'text/plain', traceparent: '00-ab-cd-01' };
    await expect(unwrap(extended)).resolves.toEqual(extended);
    await expect(unwrap({ ...minimal, data_base64: 'AAEC' })).resolves.toMatchObject({ data_base64: 'AAEC' });

    const refused = async (event: unknown) => {
      const error = await refusal(unwrap(event));
      expect(error.reason).toBe('invalid_event');
      return error.message;
    };
    expect(await refused({ ...minimal, specversion: '0.3' })).toContain('specversion is "0.3", not "1.0"');
    expect(await refused({ ...minimal, source: '' })).toContain(
      'source is missing or not a non-empty string',
    );
    const { type: _, ...untyped } = minimal;
    expect(await refused(untyped)).toContain('type is missing');
    expect(await refused({ ...minimal, subject: 7 })).toContain('subject is not a string');
    expect(await refused({ ...minimal, time: 'yesterday' })).toContain('time is not an RFC 3339 timestamp');
    expect(await refused({ ...minimal, data: {}, data_base64: 'AA' })).toContain('both data and data_base64');
    expect(await refused([minimal])).toContain('not a JSON object');
  });

  it('unwraps a budget alert, typed; signed on the server clock, so an advanced clock needs a wider tolerance', async () => {
    // A server of its own: its clock moves. One day into next month, so two hours stay in one period.
    const own = await startMockServer();
    try {
      const now = own.clock.now();
      await own.clock.advance(
        Math.ceil((Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 2) - now.getTime()) / 1000),
      );
      const { client: tenant } = await seedTenant(own);
      const path = `/hook/${crypto.randomUUID()}`;
      const topic = await tenant.topics.create({ name: 'alerts' });
      const { secret } = await tenant.topics.subscriptions.create(topic.id, {
        webhook_url: `${receiverUrl}${path}`,
        event_types: 'budget.*',
      });
      const vm = await tenant.instances.create({ name: 'big', flavor: 'xlarge', region: 'hn' });
      await tenant.instances.waitFor(vm.id, 'running', { intervalMs: 10 });
      const budget = await tenant.budgets.create({ name: 'cap', amount: 10_000, alert_threshold: 50 });
      await own.clock.advance(2 * 3600);
      const deadline = Date.now() + 5000;
      let delivery = deliveries.find((d) => d.path === path);
      while (!delivery && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 10));
        delivery = deliveries.find((d) => d.path === path);
      }
      if (!delivery) throw new Error('no budget alert delivered');

      const early = await refusal(client.webhooks.unwrap(delivery.body, delivery.headers, secret));
      expect(early.reason).toBe('stale_timestamp');
      const event = await client.webhooks.unwrap(delivery.body, delivery.headers, secret, {
        toleranceSeconds: Number.POSITIVE_INFINITY,
      });

      if (!isPlatformEvent(event) || event.type !== 'budget.threshold_exceeded') throw new Error(event.type);
      expect(event.data.budget_id).toBe(budget.id);
      expect(event.data.alert_threshold).toBe(50);
      expect(event.data.spend_percent).toBeGreaterThanOrEqual(50);
    } finally {
      await own.close();
    }
  });
});
