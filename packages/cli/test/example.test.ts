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
  it('builds against the demo server as its user, and a second apply creates nothing and only sends the cameras passwords again', async () => {
    const cli = await cliFor(mock);
    const login = await cli.runWithInput(
      'nimbus-demo-123',
      'login',
      '--email',
      'demo@nimbus.dev',
      '--password-stdin',
    );
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

    // The file gives the cameras' RTSP passwords, which the server never shows back: apply
    // cannot compare them, so it sends them again; everything else is unchanged.
    const second = await cli.run('apply', '-f', TENANT);
    expect(second.code, second.stderr).toBe(0);
    const again = json<{ resource: string; action: string; changes: string }[]>(second);
    expect(again.filter((r) => r.action !== 'unchanged')).toEqual([
      expect.objectContaining({
        resource: 'cameras/Warehouse door',
        action: 'update',
        changes: 'rtsp_url: password cannot be compared, sent',
      }),
      expect.objectContaining({
        resource: 'cameras/Loading bay',
        action: 'update',
        changes: 'rtsp_url: password cannot be compared, sent',
      }),
    ]);
    expect(second.stderr).toMatch(/: 0 created, 2 updated, \d+ unchanged\n/);
    expect(second.stderr).toContain('the rtsp_url password is never shown back');
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
