import { BadRequestError } from '@nimbus/sdk';
import { describe, expect } from 'vitest';
import { it, paths, rejection } from '../support';

describe('backup vaults', () => {
  it('creates a vault with the documented defaults', async ({ alice }) => {
    const vault = await alice.client.backupVaults.create({ name: 'primary', region: 'hn' });
    expect(vault).toMatchObject({
      name: 'primary',
      region: 'hn',
      redundancy: 'geo',
      immutable: false,
      description: '',
      project_id: alice.project.id,
    });
    const locked = await alice.client.backupVaults.create({
      name: 'locked',
      region: 'hcm',
      redundancy: 'zone',
      immutable: true,
    });
    expect(locked).toMatchObject({ redundancy: 'zone', immutable: true });
    expect((await alice.client.backupVaults.list({ redundancy: 'zone' })).data.map((v) => v.id)).toEqual([
      locked.id,
    ]);
  });

  it.for([
    [{ region: 'hn' }, 'body.name'],
    [{ name: 'v' }, 'body.region'],
    [{ name: 'v', region: 'hn', redundancy: 'triple' }, 'body.redundancy'],
    [{ name: 'v', region: 'hn', immutable: 'yes' }, 'body.immutable'],
  ] as const)('answers 400 for %j naming %s', async ([body, path], { alice }) => {
    const error = await rejection(alice.client.backupVaults.create(body as never));
    expect(error).toBeInstanceOf(BadRequestError);
    expect(paths(error)).toEqual([path]);
  });

  it('refuses a duplicate vault name in the project (409) and pages the list', async ({ mock, tenant }) => {
    for (const name of ['a', 'b', 'c']) {
      await tenant.client.backupVaults.create({ name, region: 'hn' });
      await mock.clock.advance(1); // distinct creation times: ties would fall back to random ids
    }
    expect((await rejection(tenant.client.backupVaults.create({ name: 'b', region: 'hcm' }))).code).toBe(
      'CONFLICT',
    );
    const page = await tenant.client.backupVaults.list({ per_page: 2, page: 2 });
    expect(page).toMatchObject({ total: 3, page: 2, perPage: 2 });
    expect(page.data.map((v) => v.name)).toEqual(['c']);
  });
});
