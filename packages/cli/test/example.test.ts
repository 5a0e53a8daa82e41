import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MockServer, seedTenant, startMockServer } from '../../mock-server/src/entries/testing';
import { cliFor, json } from './helpers';

const TENANT = fileURLToPath(new URL('../../../examples/tenant.yaml', import.meta.url));

let mock: MockServer;
beforeAll(async () => {
  // What `npm start` serves: the demo tenant and its user.
  mock = await startMockServer({ seed: true });
});
afterAll(() => mock.close());

describe('examples/tenant.yaml', () => {
  it('builds against the demo server as its user, and a second apply changes nothing', async () => {
    const cli = await cliFor(mock);
    const login = await cli.run('login', '--email', 'demo@nimbus.dev', '--password', 'nimbus-demo-123');
    expect(login.code, login.stderr).toBe(0);

    const first = await cli.run('apply', '-f', TENANT);
    expect(first.code, first.stderr).toBe(0);
    // The file declares no member: whoever applies it owns the project, so it applies anywhere.
    const rows = json<{ resource: string; action: string; result?: string }[]>(first);
    expect(rows.filter((r) => r.action === 'create' && r.result === 'done')).toHaveLength(rows.length);
    expect(rows.map((r) => r.resource.split('/')[0])).toEqual(
      expect.arrayContaining([
        'roles',
        'policies',
        'assignments',
        'vpcs',
        'topics',
        'functions',
        'buckets',
        'budgets',
        'cameras',
        'instances',
      ]),
    );

    const second = await cli.run('apply', '-f', TENANT);
    expect(second.code, second.stderr).toBe(0);
    expect(json<{ action: string }[]>(second).every((r) => r.action === 'unchanged')).toBe(true);
    expect(second.stderr).toContain('No changes: project "acme-shop" already matches');
  });
});

describe('examples/tenant.yaml on a server without the demo tenant', () => {
  it('applies as any registered user', async () => {
    const empty = await startMockServer({ seed: false });
    try {
      const tenant = await seedTenant(empty);
      const cli = await cliFor(empty, { NIMBUS_TOKEN: tenant.accessToken });
      const result = await cli.run('apply', '-f', TENANT);
      expect(result.code, result.stderr).toBe(0);
      const rows = json<{ action: string; result?: string }[]>(result);
      expect(rows.every((r) => r.action === 'create' && r.result === 'done')).toBe(true);
    } finally {
      await empty.close();
    }
  });
});
