import { Nimbus } from '@nimbus/sdk';
import { describe, expect, it } from 'vitest';
import { createNimbusHandlers } from '../src/entries/msw';
import { startMockServer } from '../src/entries/testing';
import { createServer } from '../src/node/create-server';

/** One way to run the reference server: a client on it, its reset, and how to stop it. */
interface Target {
  client: Nimbus;
  /** A client with no credentials (the rate limiter counts such callers together). */
  anonymous(): Nimbus;
  reset(): Promise<void>;
  close(): Promise<void>;
}

const OPTIONS = { passwordCost: 'test', rateLimitPerMinute: 40 } as const;

async function nodeServer(): Promise<Target> {
  const server = await createServer({ port: 0, inMemory: true, ...OPTIONS });
  const client = new Nimbus({ baseUrl: server.url, maxRetries: 0 });
  return {
    client,
    anonymous: () => new Nimbus({ baseUrl: server.url, maxRetries: 0 }),
    reset: () => client.mock.reset().then(() => {}),
    close: () => server.close(),
  };
}

async function testHelper(): Promise<Target> {
  const mock = await startMockServer(OPTIONS);
  return {
    client: mock.createClient(),
    anonymous: () => mock.createClient(),
    reset: () => mock.reset(),
    close: () => mock.close(),
  };
}

async function mswHandlers(): Promise<Target> {
  const nimbus = createNimbusHandlers({ baseUrl: 'http://nimbus.test', ...OPTIONS });
  const connect = () =>
    new Nimbus({
      baseUrl: 'http://nimbus.test',
      maxRetries: 0,
      fetch: (input, init) => nimbus.app.fetch(new Request(input, init)),
    });
  return { client: connect(), anonymous: connect, reset: () => nimbus.reset(), close: () => nimbus.close() };
}

const status = (promise: Promise<unknown>) =>
  promise.then(
    () => 200,
    (error: { status?: number }) => error.status ?? 0,
  );

/** Data, clock, faults, journal, idempotency and rate-limit records, changed; then reset; then read. */
async function afterReset(target: Target) {
  const { client } = target;
  const email = 'parity@example.test';
  const password = 'parity-password-1';
  await client.auth.register({ email, password, full_name: 'Parity' }, { idempotencyKey: 'same-key' });
  await client.auth.login({ email, password });
  const project = await client.projects.create({ name: 'parity' });
  const shop = client.withProject(project.id);
  const body = { name: 'web', flavor: 'small', region: 'hn' } as const;
  await shop.instances.create(body, { idempotencyKey: 'same-key' });
  await client.mock.clock.advance({ seconds: 86_400 });
  await client.mock.faults.create({ path: '/api/v1/projects', status: 503 });
  // Spend most of the minute's requests of anonymous callers.
  const anonymous = target.anonymous();
  for (let i = 0; i < 30; i++) await status(anonymous.video.health.live());

  await target.reset();

  const clock = await client.mock.clock.retrieve();
  const journal = await client.mock.requests.list();
  // The same key with another body: 409 if the key outlived the reset.
  const keyReused = await status(
    client.auth.register(
      { email: 'other@example.test', password, full_name: 'Other' },
      { idempotencyKey: 'same-key' },
    ),
  );
  const registeredAgain = await status(client.auth.register({ email, password, full_name: 'Parity' }));
  await client.auth.login({ email, password });
  // 503 if the fault outlived the reset.
  const projectCreate = await status(client.projects.create({ name: 'parity' }));
  const health = await Promise.all(Array.from({ length: 30 }, () => status(anonymous.video.health.live())));
  return {
    offsetUnderAMinute: clock.offset_ms < 60_000,
    journalEntries: journal.data.length,
    keyReused,
    registeredAgain,
    projectCreate,
    throttled: health.filter((code) => code === 429).length,
  };
}

describe('reset() returns every kind of server to the same state', () => {
  it('the Node server, the test helper and the msw handlers agree', async () => {
    const observed = [];
    for (const make of [nodeServer, testHelper, mswHandlers]) {
      const target = await make();
      try {
        observed.push(await afterReset(target));
      } finally {
        await target.close();
      }
    }
    const expected = {
      offsetUnderAMinute: true,
      journalEntries: 0,
      registeredAgain: 200,
      keyReused: 200,
      projectCreate: 200,
      throttled: 0,
    };
    expect(observed).toEqual([expected, expected, expected]);
  });
});
