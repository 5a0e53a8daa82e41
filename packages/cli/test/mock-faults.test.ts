import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type MockServer, seedTenant, startMockServer } from '../../mock-server/src/entries/testing';
import { type Cli, cliFor, json } from './helpers';

let mock: MockServer;
let cli: Cli;
beforeAll(async () => {
  mock = await startMockServer();
  cli = await cliFor(mock);
});
afterAll(() => mock.close());
beforeEach(() => mock.reset());

interface Fault {
  id: string;
  method?: string;
  path?: string;
  status?: number;
  remaining: number | null;
}

describe('nimbus mock faults', () => {
  it('create takes a flag for each field; list, delete and clear drive the fault resource', async () => {
    const added = await cli.run(
      'mock',
      'faults',
      'create',
      '--method',
      'get',
      '--path',
      '/api/v1/instances/{id}',
      '--query',
      'expand=all',
      '--query',
      'page=2',
      '--headers',
      'X-Test-Case=broken',
      '--status',
      '409',
      '--code',
      'BUSY',
      '--message',
      'Try later',
      '--delay-ms',
      '0',
      '--probability',
      '1',
      '--seed',
      '3',
      '--times',
      '2',
      '-o',
      'json',
    );
    expect(added.code, added.stderr).toBe(0);
    const fault = json<Fault>(added);
    expect(fault).toMatchObject({
      method: 'GET',
      path: '/api/v1/instances/{id}',
      query: { expand: 'all', page: '2' },
      headers: { 'X-Test-Case': 'broken' },
      status: 409,
      code: 'BUSY',
      message: 'Try later',
      probability: 1,
      seed: 3,
      remaining: 2,
    });
    const raw = await cli.run(
      'mock',
      'faults',
      'create',
      '--path',
      '/v2/health',
      '--status',
      '502',
      '--body',
      '<h1>bad gateway</h1>',
      '--content-type',
      'text/html',
      '-o',
      'json',
    );
    const drop = await cli.run(
      'mock',
      'faults',
      'create',
      '--path',
      '/api/v1/users/me',
      '--drop-connection',
      '-o',
      'json',
    );
    const slow = await cli.run(
      'mock',
      'faults',
      'create',
      '--path',
      '/api/v1/zones',
      '--slow-body-ms',
      '50',
      '-o',
      'json',
    );
    expect(json<Fault>(raw)).toMatchObject({ body: '<h1>bad gateway</h1>', content_type: 'text/html' });
    expect(json<Fault>(drop)).toMatchObject({ drop_connection: true });
    expect(json<Fault>(slow)).toMatchObject({ slow_body_ms: 50 });

    const listed = json<Fault[]>(await cli.run('mock', 'faults', 'list', '-o', 'json'));
    expect(listed.map((f) => f.id)).toEqual([
      fault.id,
      json<Fault>(raw).id,
      json<Fault>(drop).id,
      json<Fault>(slow).id,
    ]);
    const table = await cli.run('mock', 'faults', 'list');
    expect(table.stdout).toContain('/api/v1/instances/{id}');

    for (const id of [fault.id, json<Fault>(raw).id]) {
      const removed = await cli.run('mock', 'faults', 'delete', id);
      expect(removed.code, removed.stderr).toBe(0);
      expect(removed.stderr).toContain(`Deleted injected fault ${id}`);
    }
    expect((await mock.faults.list()).map((f) => f.id)).toEqual([json<Fault>(drop).id, json<Fault>(slow).id]);
    const missing = await cli.run('mock', 'faults', 'delete', fault.id);
    expect(missing.code).toBe(1);

    const cleared = await cli.run('mock', 'faults', 'clear');
    expect(cleared.code, cleared.stderr).toBe(0);
    expect(cleared.stderr).toContain('Remove every injected fault: done');
    expect(await mock.faults.list()).toEqual([]);
  });

  it('the fault it adds fails the requests it matches', async () => {
    const tenant = await seedTenant(mock);
    expect(
      (
        await cli.run(
          'mock',
          'faults',
          'create',
          '--path',
          '/api/v1/users/me',
          '--status',
          '503',
          '--times',
          '1',
        )
      ).code,
    ).toBe(0);
    await expect(tenant.client.users.me()).rejects.toMatchObject({ status: 503 });
    await expect(tenant.client.users.me()).resolves.toBeDefined();
  });

  it('checks the contract before sending: bad flags and contradicting fields are usage errors (exit 2)', async () => {
    const [query, probability, delay, contradiction, method] = await Promise.all([
      cli.run('mock', 'faults', 'create', '--query', 'novalue'),
      cli.run('mock', 'faults', 'create', '--probability', '2'),
      cli.run('mock', 'faults', 'create', '--delay-ms', '60001'),
      cli.run('mock', 'faults', 'create', '--code', 'X'),
      cli.run('mock', 'faults', 'create', '--method', 'FETCH'),
    ]);
    expect(query.code).toBe(2);
    expect(query.stderr).toContain('--query takes name=value or a JSON object, got "novalue"');
    expect(probability.code).toBe(2);
    expect(probability.stderr).toContain('--probability must be 0-1, got 2');
    expect(delay.code).toBe(2);
    expect(delay.stderr).toContain('--delay-ms must be 0-60000, got 60001');
    expect(contradiction.code).toBe(2);
    expect(contradiction.stderr).toContain('--status: is required with code');
    expect(method.code).toBe(2);
    expect(method.stderr).toContain('must be GET, POST, PUT, PATCH or DELETE');
    expect(await mock.faults.list()).toEqual([]);
  });
});
