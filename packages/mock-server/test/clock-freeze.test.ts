import { describe, expect } from 'vitest';
import { seedTenant } from '../src/entries/testing';
import { test } from './support';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('a frozen clock', () => {
  test('stands still, moves only when advanced, and runs on from there when unfrozen', async ({
    slowMock,
  }) => {
    // A minute of simulated time per lifecycle step: an instance moves on only with the clock.
    const { client } = await seedTenant(slowMock);
    const vm = await client.instances.create({ name: 'frozen-vm', flavor: 'small', region: 'hn' });
    const frozen = await slowMock.client.mock.clock.freeze({ frozen: true });
    expect(frozen.frozen).toBe(true);
    await sleep(30);
    const later = await slowMock.client.mock.clock.retrieve();
    expect(later.now).toBe(frozen.now);
    await expect(client.instances.retrieve(vm.id)).resolves.toMatchObject({ status: 'provisioning' });

    const moved = await slowMock.client.mock.clock.advance({ seconds: 3600 });
    expect(Date.parse(moved.now) - Date.parse(frozen.now)).toBe(3_600_000);
    expect(moved.frozen).toBe(true);
    await expect(client.instances.retrieve(vm.id)).resolves.toMatchObject({ status: 'running' });

    const running = await slowMock.client.mock.clock.freeze({ frozen: false });
    expect(running.frozen).toBe(false);
    expect(Date.parse(running.now)).toBeGreaterThanOrEqual(Date.parse(moved.now));
    await sleep(30);
    expect(Date.parse((await slowMock.client.mock.clock.retrieve()).now)).toBeGreaterThan(
      Date.parse(moved.now),
    );
  });

  test('runs again after a reset', async ({ mock }) => {
    await mock.clock.freeze();
    await expect(mock.client.mock.clock.retrieve()).resolves.toMatchObject({ frozen: true });
    await mock.reset();
    await expect(mock.client.mock.clock.retrieve()).resolves.toMatchObject({ frozen: false });
  });
});
