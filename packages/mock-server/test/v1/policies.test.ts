import { BadRequestError, ConflictError, NotFoundError, PermissionDeniedError } from '@nimbus/sdk';
import { describe, expect } from 'vitest';
import { seedTenant } from '../../src/entries/testing';
import { it, paths, rejection } from '../support';

const rule = (doc: unknown) => (typeof doc === 'string' ? doc : JSON.stringify(doc));
const BUILTINS = ['allowed-regions', 'naming-convention', 'allowed-flavors'];

describe('policy definitions', () => {
  it('creates a custom policy with the spec defaults', async ({ tenant: { client, project } }) => {
    const policy = await client.policies.create({ name: 'no-xlarge' });
    expect(policy).toMatchObject({
      project_id: project.id,
      name: 'no-xlarge',
      description: '',
      type: 'custom',
      category: null,
      enforcement_mode: 'audit',
      severity: 'medium',
      definition: null,
    });
    expect(await client.policies.retrieve(policy.id)).toEqual(policy);
  });

  it('stores a valid rule as given', async ({ tenant: { client } }) => {
    // Written as JSON text: `then` is the rule's keyword, and a `then` key in a JS object reads as a thenable.
    const definition =
      '{"parameters":{"sizes":{"type":"array","default":["xlarge"]}},' +
      '"if":{"allOf":[{"field":"type","equals":"compute.instance"},{"field":"flavor","in":{"param":"sizes"}}]},' +
      '"then":{"effect":"deny"}}';
    const policy = await client.policies.create({
      name: 'big-vms',
      category: 'cost',
      severity: 'high',
      enforcement_mode: 'deny',
      definition,
    });
    expect(policy).toMatchObject({
      category: 'cost',
      severity: 'high',
      enforcement_mode: 'deny',
      definition,
    });
  });

  it('answers 400 with the field path for missing names and wrong enums', async ({ tenant: { client } }) => {
    const missing = await rejection(client.policies.create({} as never));
    expect(missing).toBeInstanceOf(BadRequestError);
    expect(paths(missing)).toContain('body.name');
    const mode = await rejection(client.policies.create({ name: 'p', enforcement_mode: 'block' as never }));
    expect(paths(mode)).toEqual(['body.enforcement_mode']);
    const severity = await rejection(client.policies.create({ name: 'p', severity: 'urgent' as never }));
    expect(paths(severity)).toEqual(['body.severity']);
    const category = await rejection(client.policies.create({ name: 'p', category: 'style' as never }));
    expect(paths(category)).toEqual(['body.category']);
    const builtin = await rejection(client.policies.create({ name: 'p', type: 'builtin' }));
    expect(builtin.code).toBe('VALIDATION_ERROR');
    expect(paths(builtin)).toEqual(['body.type']);
  });

  it('refuses a definition that is not JSON', async ({ tenant: { client } }) => {
    const error = await rejection(client.policies.create({ name: 'broken', definition: '{"if": ' }));
    expect(error.status).toBe(400);
    expect(error.code).toBe('VALIDATION_ERROR');
    expect(error.details).toEqual([
      { path: 'body.definition', message: expect.stringContaining('valid JSON') },
    ]);
  });

  it.for([
    ['a condition without field', { if: { allOf: [{ equals: 'hn' }] } }, 'body.definition.if.allOf.0.field'],
    ['an unknown operator', { if: { field: 'region', near: 'hn' } }, 'body.definition.if.near'],
    ['in without an array', { if: { field: 'region', in: 'hn' } }, 'body.definition.if.in'],
    ['equals with an object', { if: { field: 'region', equals: { x: 1 } } }, 'body.definition.if.equals.x'],
    [
      'two operators',
      { if: { field: 'region', equals: 'hn', notEquals: 'hcm' } },
      'body.definition.if.notEquals',
    ],
    ['a bad field path', { if: { field: 'tags..env', exists: true } }, 'body.definition.if.field'],
    ['exists with a string', { if: { field: 'region', exists: 'yes' } }, 'body.definition.if.exists'],
    ['an invalid regex', { if: { field: 'name', match: '([a-z' } }, 'body.definition.if.match'],
    ['a backtracking regex', { if: { field: 'name', match: '^(a+)+$' } }, 'body.definition.if.match'],
    [
      'a repeated branching group',
      { if: { field: 'name', match: '^((a|ab))*$' } },
      'body.definition.if.match',
    ],
    ['too many repetitions', { if: { field: 'name', match: 'a*a*a*a*b' } }, 'body.definition.if.match'],
    ['a backreference', { if: { field: 'name', match: '(a)\\1' } }, 'body.definition.if.match'],
    ['an empty anyOf', { if: { anyOf: [] } }, 'body.definition.if.anyOf'],
    ['a bad condition under not', { if: { not: [1] } }, 'body.definition.if.not'],
    [
      'an undeclared parameter',
      { if: { field: 'region', in: { param: 'regions' } } },
      'body.definition.if.in.param',
    ],
    [
      'a parameter of the wrong type',
      { parameters: { regions: { type: 'string' } }, if: { field: 'region', in: { param: 'regions' } } },
      'body.definition.if.in.param',
    ],
    [
      'a default of the wrong type',
      {
        parameters: { regions: { type: 'array', default: 'hn' } },
        if: { field: 'region', in: { param: 'regions' } },
      },
      'body.definition.parameters.regions.default',
    ],
    [
      'an unknown effect',
      '{"if": {"field": "region", "equals": "hn"}, "then": {"effect": "block"}}',
      'body.definition.then.effect',
    ],
    ['no if', { field: 'region', equals: 'hn' }, 'body.definition.if'],
    ['an array', [1], 'body.definition'],
  ] as const)('refuses %s, pointing inside the definition', async ([_, doc, path], { mock }) => {
    const { client } = await seedTenant(mock);
    const error = await rejection(client.policies.create({ name: 'bad', definition: rule(doc) }));
    expect(error.code).toBe('VALIDATION_ERROR');
    expect(paths(error)).toContain(path);
  });

  it('bounds how deep conditions nest', async ({ tenant: { client } }) => {
    let condition: object = { field: 'region', equals: 'hn' };
    for (let i = 0; i < 10; i++) condition = { not: condition };
    const error = await rejection(
      client.policies.create({ name: 'deep', definition: rule({ if: condition }) }),
    );
    expect(paths(error)).toEqual([`body.definition.if${'.not'.repeat(8)}`]);
  });

  it('updates the given fields with PUT and checks the new definition', async ({
    mock,
    tenant: { client },
  }) => {
    const policy = await client.policies.create({ name: 'regions', description: 'first' });
    await mock.clock.advance(5);
    const definition = rule({ if: { field: 'region', notIn: ['hn'] } });
    const updated = await client.policies.update(policy.id, { enforcement_mode: 'deny', definition });
    expect(updated).toMatchObject({
      name: 'regions',
      description: 'first',
      enforcement_mode: 'deny',
      definition,
    });
    expect(updated.updated_at > policy.updated_at).toBe(true);
    expect(await client.policies.retrieve(policy.id)).toEqual(updated);

    const invalid = await rejection(
      client.policies.update(policy.id, { definition: rule({ if: { allOf: [{ field: 'region' }] } }) }),
    );
    expect(invalid.details).toEqual([
      { path: 'body.definition.if.allOf.0', message: expect.stringContaining('operator') },
    ]);
    expect((await client.policies.retrieve(policy.id)).definition).toBe(definition);

    const cleared = await client.policies.update(policy.id, { category: 'compliance' });
    expect((await client.policies.update(cleared.id, { category: null })).category).toBeNull();
  });

  it('keeps names unique in the project, builtins included (409)', async ({ tenant: { client } }) => {
    const first = await client.policies.create({ name: 'Tagging' });
    expect(await rejection(client.policies.create({ name: 'tagging' }))).toBeInstanceOf(ConflictError);
    const builtin = await rejection(client.policies.create({ name: 'allowed-regions' }));
    expect(builtin.code).toBe('CONFLICT');
    const other = await client.policies.create({ name: 'other' });
    expect((await rejection(client.policies.update(other.id, { name: 'TAGGING' }))).status).toBe(409);
    expect((await client.policies.update(first.id, { name: 'tagging' })).name).toBe('tagging');
  });

  it('refuses a new definition that no longer fits an assignment (409)', async ({ tenant: { client } }) => {
    const policy = await client.policies.create({
      name: 'regions',
      definition: rule({
        parameters: { allowed: { type: 'array' } },
        if: { field: 'region', notIn: { param: 'allowed' } },
      }),
    });
    const assignment = await client.assignments.create({
      policy_id: policy.id,
      scope: 'project',
      parameters: '{"allowed":["hn"]}',
    });
    const error = await rejection(
      client.policies.update(policy.id, { definition: rule({ if: { field: 'region', equals: 'x' } }) }),
    );
    expect(error).toBeInstanceOf(ConflictError);
    expect(error.details).toEqual([
      {
        assignment_id: assignment.id,
        path: 'parameters.allowed',
        message: expect.stringContaining('unknown parameter'),
      },
    ]);
  });

  it('deletes a custom policy with its assignments and results', async ({ tenant: { client } }) => {
    const vm = await client.instances.create({ name: 'web-1', flavor: 'small', region: 'hn' });
    const policy = await client.policies.create({
      name: 'gone',
      definition: rule({ if: { field: 'region', equals: 'hn' } }),
    });
    await client.assignments.create({ policy_id: policy.id, scope: 'project' });
    await client.compliance.evaluate({
      policy_id: policy.id,
      resource_type: 'compute.instance',
      resource_id: vm.id,
    });

    expect(await client.policies.delete(policy.id)).toBeUndefined();
    expect(await rejection(client.policies.retrieve(policy.id))).toBeInstanceOf(NotFoundError);
    expect((await client.assignments.list({ policy_id: policy.id })).total).toBe(0);
    expect((await client.compliance.list({ policy_id: policy.id })).total).toBe(0);
    expect((await rejection(client.policies.delete(policy.id))).status).toBe(404);
  });

  it('lists builtins first, then custom policies, with filters and paging', async ({
    mock,
    tenant: { client },
  }) => {
    for (const name of ['p1', 'p2', 'p3']) {
      await client.policies.create({ name, category: 'security' });
      await mock.clock.advance(1); // distinct creation times: ties would fall back to random ids
    }
    const all = await client.policies.list();
    expect(all.total).toBe(6);
    expect(all.data.map((p) => p.name)).toEqual([...BUILTINS, 'p1', 'p2', 'p3']);
    const page = await client.policies.list({ per_page: 2, page: 2 });
    expect(page).toMatchObject({ page: 2, perPage: 2, total: 6 });
    expect(page.data.map((p) => p.name)).toEqual(['allowed-flavors', 'p1']);
    expect((await client.policies.list({ type: 'custom' })).total).toBe(3);
    expect((await client.policies.list({ category: 'naming' })).data.map((p) => p.name)).toEqual([
      'naming-convention',
    ]);
    expect((await client.policies.list({ enforcement_mode: 'deny', type: 'builtin' })).total).toBe(2);
    const badPage = await rejection(client.policies.list({ per_page: 101 }));
    expect(paths(badPage)).toEqual(['query.per_page']);
  });

  it("answers 404 for another project's policy, on every route", async ({ mock, tenant: alice }) => {
    const bob = await seedTenant(mock);
    const policy = await alice.client.policies.create({ name: 'private' });
    const vm = await bob.client.instances.create({ name: 'web-1', flavor: 'small', region: 'hn' });
    // Thunks, so each call starts only when awaited and no rejection goes unhandled.
    const attempts = [
      () => bob.client.policies.retrieve(policy.id),
      () => bob.client.policies.update(policy.id, { severity: 'low' }),
      () => bob.client.policies.delete(policy.id),
      () => bob.client.assignments.create({ policy_id: policy.id, scope: 'project' }),
      () =>
        bob.client.compliance.evaluate({
          policy_id: policy.id,
          resource_type: 'compute.instance',
          resource_id: vm.id,
        }),
      () => bob.client.compliance.forPolicy(policy.id),
    ];
    for (const attempt of attempts) expect(await rejection(attempt())).toBeInstanceOf(NotFoundError);
    expect((await bob.client.policies.list({ type: 'custom' })).total).toBe(0);
  });

  it('shows builtins to every project but refuses to change or delete them (403)', async ({
    tenant: { client },
  }) => {
    const builtins = await client.policies.list({ type: 'builtin' });
    expect(builtins.data.map((p) => p.name)).toEqual(BUILTINS);
    for (const policy of builtins.data) {
      expect(policy.project_id).toBeNull();
      expect(JSON.parse(policy.definition!)).toHaveProperty('if');
      expect(await client.policies.retrieve(policy.id)).toEqual(policy);
      const update = await rejection(client.policies.update(policy.id, { enforcement_mode: 'disabled' }));
      expect(update).toBeInstanceOf(PermissionDeniedError);
      expect(update.code).toBe('FORBIDDEN');
      expect((await rejection(client.policies.delete(policy.id))).code).toBe('FORBIDDEN');
    }
  });
});

describe('builtin policies across a reset', () => {
  it('are still there, with the same ids, for a tenant made after /__mock/reset', async ({
    mock,
    tenant: before,
  }) => {
    const ids = (await before.client.policies.list({ type: 'builtin' })).data.map((p) => p.id);
    await before.client.policies.create({ name: 'custom-one' });
    await mock.client.mock.reset();
    const after = await seedTenant(mock);
    const listed = await after.client.policies.list();
    expect(listed.data.map((p) => p.id)).toEqual(ids);
    expect(listed.data.map((p) => p.name)).toEqual(BUILTINS);
    const assignment = await after.client.assignments.create({ policy_id: ids[0]!, scope: 'project' });
    expect(assignment.policy_id).toBe(ids[0]);
  });
});
