import { seedTenant, startMockServer } from '@nimbus/mock-server/testing';
import { test as base } from 'vitest';

/**
 * `test` (also exported as `it`) with the reference server for the SDK tests that call it, for the
 * whole file, each made only when a test or hook names it: `mock` (`startMockServer()`) and
 * `tenant` (a tenant of it, `seedTenant(mock)`).
 *
 * @example
 * it('lists instances', async ({ tenant: { client } }) => { await client.instances.list(); });
 */
// biome-ignore-start lint/correctness/noEmptyPattern: vitest reads the fixtures a fixture needs from its first parameter's pattern
export const test = base
  .extend('mock', { scope: 'file' }, async ({}, { onCleanup }) => {
    const mock = await startMockServer();
    onCleanup(() => mock.close());
    return mock;
  })
  .extend('tenant', { scope: 'file' }, async ({ mock }) => seedTenant(mock));
// biome-ignore-end lint/correctness/noEmptyPattern: vitest reads the fixtures a fixture needs from its first parameter's pattern

export const it = test;
