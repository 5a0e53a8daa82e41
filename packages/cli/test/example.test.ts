import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MockServer, startMockServer } from '../../mock-server/src/entries/testing';
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
    const rows = json<{ resource: string; action: string; result?: string }[]>(first);
    expect(rows.filter((r) => r.action === 'create' && r.result === 'done')).toHaveLength(rows.length - 1);
    expect(rows.find((r) => r.action !== 'create')).toEqual(
      expect.objectContaining({ resource: 'members/demo@nimbus.dev', action: 'unchanged' }),
    );
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
