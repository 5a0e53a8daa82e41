import { ConflictError } from '@nimbus/sdk';
import { describe, expect } from 'vitest';
import { seedTenant } from '../../src/entries/testing';
import { failedPaths, it, rejection } from '../support';

const appName = () => `app-${crypto.randomUUID().slice(0, 8)}`;

describe('web apps', () => {
  it('creates a running app with the newest runtime version and its default hostname', async ({
    tenant: { client, project },
  }) => {
    const name = appName();
    const app = await client.webapps.create({ name, region: 'hn', runtime: 'python' });
    expect(app).toMatchObject({
      project_id: project.id,
      runtime: 'python',
      runtime_version: '3.12',
      plan: 'basic',
      instance_count: 1,
      https_only: true,
      default_hostname: `${name}.apps.nimbus.local`,
      state: 'running',
    });
    const pinned = await client.webapps.create({
      name: appName(),
      region: 'hn',
      runtime: 'node',
      runtime_version: '20',
    });
    expect(pinned.runtime_version).toBe('20');
  });

  it('validates runtime, version per runtime, plan and instance count', async ({ tenant: { client } }) => {
    const make = (body: object) =>
      client.webapps.create({ name: appName(), region: 'hn', runtime: 'node', ...body });
    expect(await failedPaths(make({ runtime: 'ruby' }))).toEqual(['body.runtime']);
    const version = await rejection(make({ runtime: 'java', runtime_version: '8' }));
    expect(version.details).toEqual([{ path: 'body.runtime_version', message: 'java supports 11, 17, 21' }]);
    expect(await failedPaths(make({ plan: 'enterprise' }))).toEqual(['body.plan']);
    expect(await failedPaths(make({ instance_count: 0 }))).toEqual(['body.instance_count']);
    expect(await failedPaths(make({ instance_count: 31 }))).toEqual(['body.instance_count']);
    expect(await failedPaths(make({ plan: 'free', instance_count: 2 }))).toEqual(['body.instance_count']);
    expect(await failedPaths(make({ name: '-bad-' }))).toEqual(['body.name']);
    expect(await failedPaths(client.webapps.create({ name: appName(), region: 'hn' } as never))).toEqual([
      'body.runtime',
    ]);
  });

  it('answers 409 for a name already used, in this project or another (it is a host name)', async ({
    mock,
    tenant: a,
  }) => {
    const b = await seedTenant(mock);
    const name = appName();
    await a.client.webapps.create({ name, region: 'hn', runtime: 'php' });
    expect(await rejection(a.client.webapps.create({ name, region: 'hn', runtime: 'php' }))).toBeInstanceOf(
      ConflictError,
    );
    expect((await rejection(b.client.webapps.create({ name, region: 'hn', runtime: 'dotnet' }))).code).toBe(
      'CONFLICT',
    );
  });

  it('lists per project with paging and filters', async ({ mock, tenant: a }) => {
    const b = await seedTenant(mock);
    for (const runtime of ['node', 'python', 'node'] as const)
      await a.client.webapps.create({ name: appName(), region: 'hn', runtime });
    await b.client.webapps.create({ name: appName(), region: 'hn', runtime: 'node' });
    expect((await a.client.webapps.list({ runtime: 'node' })).total).toBe(2);
    const first = await a.client.webapps.list({ per_page: 2, page: 1 });
    const page = await a.client.webapps.list({ per_page: 2, page: 2 });
    expect(page).toMatchObject({ total: 3, page: 2 });
    expect(page.data).toHaveLength(1);
    // Creates within one millisecond share created_at and are ordered by id: check the pages
    // together, not which app lands on the second.
    expect([...first.data, ...page.data].map((w) => w.runtime).sort()).toEqual(['node', 'node', 'python']);
    expect((await b.client.webapps.list()).total).toBe(1);
  });
});
