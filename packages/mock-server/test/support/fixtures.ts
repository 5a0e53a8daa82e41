import { afterAll, test as base, beforeAll, beforeEach } from 'vitest';
import { type MockServer, type SeededTenant, seedTenant, startMockServer } from '../../src/entries/testing';
import { startReceiver } from './webhooks';

/** A server for the file: started by the first test (or `beforeAll`) that asks for it, closed after the last. */
async function fileServer(
  options: Parameters<typeof startMockServer>[0],
  onCleanup: (cleanup: () => Promise<void>) => void,
): Promise<MockServer> {
  const mock = await startMockServer(options);
  onCleanup(() => mock.close());
  return mock;
}

/**
 * `test` (also exported as `it`) with the fixtures the server's tests share, each made only when
 * a test or hook names it:
 * - `mock`: a server for the whole file (`startMockServer()`);
 * - `slowMock`: another one whose transitions take 60 s of simulated time, to see every state;
 * - `alice`, `bob`: two tenants of `mock` for the whole file, to check one never sees the other;
 * - `tenant`: a tenant of `mock` of its own for each test;
 * - `receiver`: a webhook receiver on 127.0.0.1 for the whole file.
 *
 * @example
 * it('creates an instance', async ({ tenant: { client } }) => { ... });
 * it.beforeAll(async ({ mock }) => { ... });
 */
// biome-ignore-start lint/correctness/noEmptyPattern: vitest reads the fixtures a fixture needs from its first parameter's pattern
export const test = base
  .extend('mock', { scope: 'file' }, async ({}, { onCleanup }) => fileServer({}, onCleanup))
  .extend('slowMock', { scope: 'file' }, async ({}, { onCleanup }) =>
    fileServer({ transitionDelayMs: 60_000 }, onCleanup),
  )
  .extend('alice', { scope: 'file' }, async ({ mock }) => seedTenant(mock))
  .extend('bob', { scope: 'file' }, async ({ mock }) => seedTenant(mock))
  .extend('receiver', { scope: 'file' }, async ({}, { onCleanup }) => {
    const receiver = await startReceiver();
    onCleanup(() => receiver.close());
    return receiver;
  })
  .extend('tenant', async ({ mock }) => seedTenant(mock));
// biome-ignore-end lint/correctness/noEmptyPattern: vitest reads the fixtures a fixture needs from its first parameter's pattern

export const it = test;

/**
 * For files written against module variables: a server for the file, reset before each test
 * (state, clock, faults, journal), and a new tenant on it for each test, handed to `assign`.
 *
 * @example
 * let mock: MockServer;
 * let tenant: SeededTenant;
 * resetServerEachTest((server, seeded) => { mock = server; tenant = seeded; });
 */
export function resetServerEachTest(assign: (mock: MockServer, tenant: SeededTenant) => void): void {
  let mock: MockServer | undefined;
  beforeAll(async () => {
    mock = await startMockServer();
  });
  afterAll(() => mock?.close());
  beforeEach(async () => {
    await mock!.reset();
    assign(mock!, await seedTenant(mock!));
  });
}
