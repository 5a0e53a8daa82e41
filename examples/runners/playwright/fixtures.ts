/**
 * Nimbus in Playwright Test, as fixtures a suite can copy: `nimbus`, one reference server per
 * worker (started before the worker's first test that asks for it, closed after its last), and
 * `tenant`, a user with a project and a VM on a server reset for each test.
 *
 * @example
 * import { expect, test } from './fixtures';
 * test('lists the VMs', async ({ page, nimbus, tenant }) => { ... });
 */
import { type MockServer, type SeededTenant, seedTenant, startMockServer } from '@nimbus/mock-server/testing';
import { test as base } from '@playwright/test';

export { expect } from '@playwright/test';

export const test = base.extend<{ tenant: SeededTenant }, { nimbus: MockServer }>({
  nimbus: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from its first parameter.
    async ({}, use) => {
      const server = await startMockServer();
      await use(server);
      await server.close();
    },
    { scope: 'worker' },
  ],
  tenant: async ({ nimbus }, use) => {
    await nimbus.reset();
    await use(await seedTenant(nimbus, { instances: [{ name: 'web-1', flavor: 'small', region: 'hn' }] }));
  },
});
