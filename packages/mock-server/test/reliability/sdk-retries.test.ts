import { APIError, APITimeoutError } from '@nimbus/sdk';
import { describe, expect } from 'vitest';
import type { RequestRecord } from '../../src/core/services/runtime';
import { type MockServer, type SeededTenant, seedTenant } from '../../src/entries/testing';
import { it } from '../support';
import { eventually } from '../v2/helpers';
import { httpCall } from './support/http';

/**
 * Retries never duplicate a create. The fault injector answers before the handler runs, so a
 * delay fault plus a short SDK timeout makes the client give up on a request the server then
 * completes: without an Idempotency-Key the SDK does not send the POST again (one record);
 * with one it does, and the server answers the retry with the first result (one record).
 */

let tenant: SeededTenant;
const requests: RequestRecord[] = [];

/** The server's address, for the helpers below. */
let url: string;

it.beforeAll(async ({ mock }) => {
  url = mock.url;
  tenant = await seedTenant(mock);
  mock.server.app.runtime.requestObservers.add((record) => requests.push(record));
});
it.beforeEach(async ({ mock }) => {
  await mock.client.mock.faults.clear();
  requests.length = 0;
});

const bucketPosts = () => requests.filter((r) => r.method === 'POST' && r.route === '/api/v1/buckets').length;
const bucketsNamed = async (name: string) =>
  (await tenant.client.buckets.list({ per_page: 100 })).data.filter((b) => b.name === name);
const unique = () => `retry-${crypto.randomUUID().slice(0, 8)}`;

/** A client that gives up after 150 ms and would retry three times. */
const impatient = (mock: MockServer) =>
  mock.createClient({
    accessToken: tenant.accessToken,
    projectId: tenant.project.id,
    timeoutMs: 150,
    maxRetries: 3,
  });

describe('the SDK and a create whose answer was lost', () => {
  it('without an idempotency key: times out, does not send the POST again, the server made exactly one', async ({
    mock,
  }) => {
    await mock.client.mock.faults.create({
      method: 'POST',
      path: '/api/v1/buckets',
      delay_ms: 500,
      times: 1,
    });
    const name = unique();
    await expect(impatient(mock).buckets.create({ name, region: 'hn' })).rejects.toBeInstanceOf(
      APITimeoutError,
    );
    await eventually(async () => expect(await bucketsNamed(name)).toHaveLength(1));
    // Long past any retry the SDK could have made.
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(bucketPosts()).toBe(1);
    expect(await bucketsNamed(name)).toHaveLength(1);
  });

  it('with an idempotency key: retries, gets the first result, the server made exactly one', async ({
    mock,
  }) => {
    await mock.client.mock.faults.create({
      method: 'POST',
      path: '/api/v1/buckets',
      delay_ms: 500,
      times: 1,
    });
    const name = unique();
    const bucket = await impatient(mock).buckets.create(
      { name, region: 'hn' },
      { idempotencyKey: `create-${name}` },
    );
    expect(bucket.name).toBe(name);
    // The first attempt finishes after the retry: it must be answered from the cache, not run again.
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(bucketPosts()).toBeGreaterThanOrEqual(2);
    const made = await bucketsNamed(name);
    expect(made).toHaveLength(1);
    expect(made[0]!.id).toBe(bucket.id);
  });

  it('a 503 before the handler: not retried without a key (nothing made), retried with one (one made)', async ({
    mock,
  }) => {
    await mock.client.mock.faults.create({ method: 'POST', path: '/api/v1/buckets', status: 503, times: 1 });
    const name = unique();
    const error = await impatient(mock)
      .buckets.create({ name, region: 'hn' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(APIError);
    expect((error as APIError).status).toBe(503);
    expect(bucketPosts()).toBe(1);
    expect(await bucketsNamed(name)).toHaveLength(0);

    requests.length = 0;
    await mock.client.mock.faults.create({ method: 'POST', path: '/api/v1/buckets', status: 503, times: 1 });
    const made = await impatient(mock).buckets.create(
      { name, region: 'hn' },
      { idempotencyKey: `again-${name}` },
    );
    expect(bucketPosts()).toBe(2);
    expect((await bucketsNamed(name)).map((b) => b.id)).toEqual([made.id]);
  });

  it('idempotent methods are retried without a key (the control)', async ({ mock }) => {
    await mock.client.mock.faults.create({ method: 'GET', path: '/api/v1/buckets', status: 503, times: 2 });
    await expect(impatient(mock).buckets.list()).resolves.toMatchObject({ data: expect.any(Array) });
    expect(requests.filter((r) => r.method === 'GET' && r.route === '/api/v1/buckets')).toHaveLength(3);
  });
});

describe('the server and Idempotency-Key', () => {
  const post = (
    key: string | undefined,
    body: unknown,
    token = tenant.accessToken,
    projectId = tenant.project.id,
  ) =>
    httpCall(url, 'POST', '/api/v1/buckets', {
      token,
      projectId,
      body,
      headers: key === undefined ? {} : { 'idempotency-key': key },
    });
  const idOf = (answer: { body: unknown }) => (answer.body as { data: { id: string } }).data.id;

  it('answers the first result to the same key and body, and 409 to the same key with another body', async () => {
    const key = crypto.randomUUID();
    const body = { name: unique(), region: 'hn' };
    const first = await post(key, body);
    expect(first.status).toBe(201);
    const again = await post(key, body);
    expect(again.status).toBe(201);
    expect(idOf(again)).toBe(idOf(first));
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    const other = await post(key, { name: unique(), region: 'hn' });
    expect(other.status).toBe(409);
    expect(other.body).toMatchObject({ success: false, error: { code: 'IDEMPOTENCY_KEY_REUSED' } });
    expect(await bucketsNamed(body.name)).toHaveLength(1);
  });

  it('runs 30 parallel requests with one key once', async () => {
    const key = crypto.randomUUID();
    const body = { name: unique(), region: 'hn' };
    const answers = await Promise.all(Array.from({ length: 30 }, () => post(key, body)));
    expect(new Set(answers.map((a) => a.status))).toEqual(new Set([201]));
    expect(new Set(answers.map(idOf)).size).toBe(1);
    expect(await bucketsNamed(body.name)).toHaveLength(1);
  });

  it('keeps keys apart per caller, does not remember failures, and refuses keys over 255 characters', async ({
    mock,
  }) => {
    const key = crypto.randomUUID();
    const other = await seedTenant(mock);
    const mine = await post(key, { name: unique(), region: 'hn' });
    const theirs = await post(key, { name: unique(), region: 'hn' }, other.accessToken, other.project.id);
    expect([mine.status, theirs.status]).toEqual([201, 201]);
    expect(idOf(theirs)).not.toBe(idOf(mine));

    // A failed first try (the name is taken) is not replayed: the same key may succeed later.
    const failKey = crypto.randomUUID();
    const taken = (mine.body as { data: { name: string } }).data.name;
    expect((await post(failKey, { name: taken, region: 'hn' })).status).toBe(409);
    const renamed = { name: unique(), region: 'hn' };
    expect((await post(failKey, renamed)).status).toBe(201);

    const long = await post('k'.repeat(256), { name: unique(), region: 'hn' });
    expect(long.status).toBe(400);
    expect(long.body).toMatchObject({ error: { code: 'VALIDATION_ERROR' } });
  });
});
