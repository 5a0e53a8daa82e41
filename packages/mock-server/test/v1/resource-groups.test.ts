import { BadRequestError, ConflictError } from '@nimbus/sdk';
import { describe, expect } from 'vitest';
import { it, paths, rejection } from '../support';

describe('resource groups', () => {
  it('creates a group with empty tags by default, and keeps given tags', async ({ alice }) => {
    const group = await alice.client.resourceGroups.create({ name: 'core', region: 'hn' });
    expect(group).toMatchObject({ name: 'core', region: 'hn', tags: {}, project_id: alice.project.id });
    const tagged = await alice.client.resourceGroups.create({
      name: 'web',
      region: 'hcm',
      tags: { team: 'platform', env: 'prod' },
    });
    expect(tagged.tags).toEqual({ team: 'platform', env: 'prod' });
    expect((await alice.client.resourceGroups.list({ region: 'hcm' })).data.map((g) => g.id)).toEqual([
      tagged.id,
    ]);
  });

  it('refuses a name taken in the project, whatever its case (409), but not across projects', async ({
    alice,
    bob,
  }) => {
    await alice.client.resourceGroups.create({ name: 'Shared', region: 'hn' });
    const error = await rejection(alice.client.resourceGroups.create({ name: 'shared', region: 'hcm' }));
    expect(error).toBeInstanceOf(ConflictError);
    expect(error.code).toBe('CONFLICT');
    await expect(bob.client.resourceGroups.create({ name: 'shared', region: 'hn' })).resolves.toMatchObject({
      name: 'shared',
    });
  });

  it.for([
    [{ region: 'hn' }, 'body.name'],
    [{ name: 'bad name!', region: 'hn' }, 'body.name'],
    [{ name: 'g' }, 'body.region'],
    [{ name: 'g', region: 'hn', tags: { env: 1 } }, 'body.tags.env'],
    [{ name: 'g', region: 'hn', tags: { 'a/b': 'x' } }, 'body.tags.a/b'],
    [
      {
        name: 'g',
        region: 'hn',
        tags: Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`k${i}`, 'v'])),
      },
      'body.tags',
    ],
  ] as const)('answers 400 for %j naming %s', async ([body, path], { alice }) => {
    const error = await rejection(alice.client.resourceGroups.create(body as never));
    expect(error).toBeInstanceOf(BadRequestError);
    expect(paths(error)).toContain(path);
  });

  it("places instances in a group of the project, not in another project's", async ({ alice, bob }) => {
    const group = await alice.client.resourceGroups.create({ name: 'compute', region: 'hn' });
    const vm = await alice.client.instances.create({
      name: 'web-1',
      flavor: 'small',
      region: 'hn',
      resource_group_id: group.id,
    });
    expect(vm.resource_group_id).toBe(group.id);
    expect((await alice.client.instances.retrieve(vm.id)).resource_group_id).toBe(group.id);

    const foreign = await rejection(
      bob.client.instances.create({
        name: 'web-2',
        flavor: 'small',
        region: 'hn',
        resource_group_id: group.id,
      }),
    );
    expect(foreign.code).toBe('VALIDATION_ERROR');
    expect(paths(foreign)).toEqual(['body.resource_group_id']);
  });

  it('pages the list', async ({ bob, tenant }) => {
    for (const name of ['a', 'b', 'c']) await tenant.client.resourceGroups.create({ name, region: 'hn' });
    const page = await tenant.client.resourceGroups.list({ per_page: 2 });
    expect(page).toMatchObject({ total: 3, page: 1, perPage: 2 });
    expect(page.data.map((g) => g.name)).toEqual(['a', 'b']);
    expect((await page.getNextPage()).data.map((g) => g.name)).toEqual(['c']);
    expect((await bob.client.resourceGroups.list()).data.every((g) => g.project_id === bob.project.id)).toBe(
      true,
    );
  });
});
