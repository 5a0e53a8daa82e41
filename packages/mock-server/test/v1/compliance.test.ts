import { NotFoundError } from '@nimbus/sdk';
import type { Instance } from '@nimbus/sdk/contract';
import { describe, expect } from 'vitest';
import { type SeededTenant, seedTenant } from '../../src/entries/testing';
import { policies } from '../../src/families/v1/policies/tables';
import { it, rejection } from '../support';

async function builtin(tenant: SeededTenant, name: string) {
  const [policy] = (await tenant.client.policies.list({ name })).data;
  return policy!;
}

describe('the rule language, through POST /compliance/evaluate', () => {
  let tenant: SeededTenant;
  let vm: Instance;
  it.beforeAll(async ({ mock }) => {
    tenant = await seedTenant(mock);
    vm = await tenant.client.instances.create({ name: 'web-1', flavor: 'small', region: 'hn' });
  });

  let counter = 0;
  /** Whether `condition` (the rule's `if`) holds for the instance web-1 / small / hn / ubuntu-24.04. */
  async function matches(condition: object): Promise<boolean> {
    const policy = await tenant.client.policies.create({
      name: `case-${++counter}`,
      definition: JSON.stringify({ if: condition }),
    });
    const result = await tenant.client.compliance.evaluate({
      policy_id: policy.id,
      resource_type: 'compute.instance',
      resource_id: vm.id,
    });
    expect(result).toMatchObject({
      policy_id: policy.id,
      resource_id: vm.id,
      resource_name: 'web-1',
      source: 'evaluation',
    });
    expect(result.reason).toMatch(result.compliant ? /^rule did not match: / : /^rule matched: /);
    return !result.compliant;
  }

  it.each([
    ['equals', { field: 'region', equals: 'hn' }, { field: 'region', equals: 'hcm' }],
    ['notEquals', { field: 'flavor', notEquals: 'large' }, { field: 'flavor', notEquals: 'small' }],
    ['in', { field: 'region', in: ['hn', 'hcm'] }, { field: 'region', in: ['sg'] }],
    ['notIn', { field: 'region', notIn: ['sg'] }, { field: 'region', notIn: ['hn', 'hcm'] }],
    ['like', { field: 'name', like: 'web-*' }, { field: 'name', like: 'db-*' }],
    ['like with several stars', { field: 'name', like: 'w*-*1' }, { field: 'name', like: 'w*-*2' }],
    ['match (anchored)', { field: 'region', match: '^h' }, { field: 'region', match: '^n$' }],
    ['match', { field: 'name', match: '^web-\\d+$' }, { field: 'name', match: '^db' }],
    ['exists', { field: 'image', exists: true }, { field: 'tags', exists: true }],
    ['exists: false', { field: 'tags.env', exists: false }, { field: 'region', exists: false }],
    ['type', { field: 'type', equals: 'compute.instance' }, { field: 'type', equals: 'storage.bucket' }],
    [
      'allOf',
      {
        allOf: [
          { field: 'type', equals: 'compute.instance' },
          { field: 'region', equals: 'hn' },
        ],
      },
      {
        allOf: [
          { field: 'type', equals: 'compute.instance' },
          { field: 'region', equals: 'hcm' },
        ],
      },
    ],
    [
      'anyOf',
      {
        anyOf: [
          { field: 'region', equals: 'sg' },
          { field: 'flavor', equals: 'small' },
        ],
      },
      {
        anyOf: [
          { field: 'region', equals: 'sg' },
          { field: 'flavor', equals: 'large' },
        ],
      },
    ],
    ['not', { not: { field: 'region', equals: 'sg' } }, { not: { field: 'region', equals: 'hn' } }],
  ])('%s: matches when it should and not otherwise', async (_, matching, missing) => {
    expect(await matches(matching)).toBe(true);
    expect(await matches(missing)).toBe(false);
  });

  it('explains the decision with the values it saw', async () => {
    const policy = await tenant.client.policies.create({
      name: 'explained',
      definition: JSON.stringify({
        if: { allOf: [{ field: 'region', exists: true }, { not: { field: 'name', match: '^db-' } }] },
      }),
    });
    const result = await tenant.client.compliance.evaluate({
      policy_id: policy.id,
      resource_type: 'compute.instance',
      resource_id: vm.id,
    });
    expect(result.reason).toBe(
      'rule matched: region ("hn") exists true and not (name ("web-1") match "^db-")',
    );
  });
});

describe('compliance evaluation', () => {
  it("uses given parameters, else the covering assignment's, else the policy defaults", async ({
    tenant,
  }) => {
    const { client } = tenant;
    const vm = await client.instances.create({ name: 'web-1', flavor: 'small', region: 'hcm' });
    const policy = await builtin(tenant, 'allowed-regions');
    const target = { policy_id: policy.id, resource_type: 'compute.instance', resource_id: vm.id };

    const defaults = await client.compliance.evaluate(target);
    expect(defaults).toMatchObject({ compliant: true, assignment_id: null });
    const given = await client.compliance.evaluate({ ...target, parameters: '{"allowedRegions":["hn"]}' });
    expect(given).toMatchObject({ compliant: false, assignment_id: null });
    expect(given.reason).toContain('region ("hcm") notIn ["hn"]');

    const assignment = await client.assignments.create({
      policy_id: policy.id,
      scope: 'project',
      parameters: '{"allowedRegions":["sg"]}',
      enforcement_mode: 'disabled',
    });
    const assigned = await client.compliance.evaluate(target);
    expect(assigned).toMatchObject({ compliant: false, assignment_id: assignment.id });

    const bad = await rejection(
      client.compliance.evaluate({ ...target, parameters: '{"allowedRegions":[{}]}' }),
    );
    expect(bad.details?.map((d) => d.path)).toEqual(['body.parameters.allowedRegions']);
  });

  it('finds buckets by name and resources of any family by the type they were created with', async ({
    tenant,
  }) => {
    const { client } = tenant;
    const bucketName = `logs-${crypto.randomUUID().slice(0, 8)}`;
    const bucket = await client.buckets.create({ name: bucketName, region: 'hn' });
    const group = await client.resourceGroups.create({ name: 'prod', region: 'hn', tags: { env: 'prod' } });
    const policy = await client.policies.create({
      name: 'prod-only-in-hn',
      definition: JSON.stringify({
        if: {
          anyOf: [
            { field: 'tags.env', equals: 'prod' },
            { field: 'name', like: 'logs-*' },
          ],
        },
      }),
    });
    const byName = await client.compliance.evaluate({
      policy_id: policy.id,
      resource_type: 'storage.bucket',
      resource_id: bucketName,
    });
    expect(byName).toMatchObject({ resource_id: bucket.id, resource_name: bucketName, compliant: false });
    const grouped = await client.compliance.evaluate({
      policy_id: policy.id,
      resource_type: 'resources.resource_group',
      resource_id: group.id,
    });
    expect(grouped).toMatchObject({ resource_id: group.id, compliant: false });
    expect(grouped.reason).toContain('tags.env ("prod") equals "prod"');
    // The right id under the wrong type names nothing.
    const wrongType = await rejection(
      client.compliance.evaluate({
        policy_id: policy.id,
        resource_type: 'compute.instance',
        resource_id: group.id,
      }),
    );
    expect(wrongType).toBeInstanceOf(NotFoundError);
  });

  it('answers 404 for unknown policies and resources, 400 for a malformed body', async ({ mock, tenant }) => {
    const other = await seedTenant(mock);
    const { client } = tenant;
    const vm = await client.instances.create({ name: 'web-1', flavor: 'small', region: 'hn' });
    const policy = await builtin(tenant, 'allowed-regions');
    const unknownPolicy = client.compliance.evaluate({
      policy_id: crypto.randomUUID(),
      resource_type: 'compute.instance',
      resource_id: vm.id,
    });
    expect(await rejection(unknownPolicy)).toBeInstanceOf(NotFoundError);
    const foreign = other.client.compliance.evaluate({
      policy_id: policy.id,
      resource_type: 'compute.instance',
      resource_id: vm.id,
    });
    expect((await rejection(foreign)).status).toBe(404);
    const unknownType = client.compliance.evaluate({
      policy_id: policy.id,
      resource_type: 'compute.gadget',
      resource_id: vm.id,
    });
    expect((await rejection(unknownType)).status).toBe(404);
    const malformed = await rejection(
      client.compliance.evaluate({ policy_id: policy.id, resource_type: 'Compute', resource_id: '' }),
    );
    expect(malformed.details?.map((d) => d.path)).toEqual(['body.resource_type', 'body.resource_id']);
    expect((await rejection(client.compliance.forPolicy(crypto.randomUUID()))).status).toBe(404);
  });

  it('a broken stored definition (an imported state) answers 409 and blocks no creation', async ({
    mock,
    tenant: { client },
  }) => {
    const policy = await client.policies.create({
      name: 'will-break',
      enforcement_mode: 'deny',
      definition: JSON.stringify({ if: { field: 'region', equals: 'hn' } }),
    });
    await client.assignments.create({ policy_id: policy.id, scope: 'project' });
    expect(
      (await rejection(client.instances.create({ name: 'a', flavor: 'small', region: 'hn' }))).code,
    ).toBe('POLICY_VIOLATION');
    const store = mock.server.app.runtime.store;
    store.table(policies).update(policy.id, { definition: '{"if": 42}' }, mock.clock.now().toISOString());

    const vm = await client.instances.create({ name: 'b', flavor: 'small', region: 'hn' });
    const error = await rejection(
      client.compliance.evaluate({
        policy_id: policy.id,
        resource_type: 'compute.instance',
        resource_id: vm.id,
      }),
    );
    expect(error).toMatchObject({ status: 409, code: 'CONFLICT' });
  });

  it('lists results per policy and for the project, with filters and paging', async ({ mock, tenant }) => {
    const other = await seedTenant(mock);
    const { client } = tenant;
    const regions = await builtin(tenant, 'allowed-regions');
    const naming = await builtin(tenant, 'naming-convention');
    const vms = [
      await client.instances.create({ name: 'web-1', flavor: 'small', region: 'hn' }),
      await client.instances.create({ name: 'Web_2', flavor: 'small', region: 'sg' }),
    ];
    for (const vm of vms) {
      for (const policy of [regions, naming]) {
        await client.compliance.evaluate({
          policy_id: policy.id,
          resource_type: 'compute.instance',
          resource_id: vm.id,
        });
        await mock.clock.advance(1); // distinct creation times: ties would fall back to random ids
      }
    }
    const all = await client.compliance.list();
    expect(all.total).toBe(4);
    expect(all.data.map((r) => [r.resource_name, r.compliant])).toEqual([
      ['web-1', true],
      ['web-1', true],
      ['Web_2', false],
      ['Web_2', false],
    ]);
    const forRegions = await client.compliance.forPolicy(regions.id);
    expect(forRegions.data.map((r) => r.resource_id)).toEqual([vms[0]!.id, vms[1]!.id]);
    expect(
      (await client.compliance.forPolicy(naming.id, { compliant: false })).data.map((r) => r.resource_id),
    ).toEqual([vms[1]!.id]);
    expect((await client.compliance.list({ compliant: true, policy_id: naming.id })).total).toBe(1);
    expect((await client.compliance.list({ resource_id: vms[0]!.id })).total).toBe(2);
    const page = await client.compliance.list({ per_page: 3, page: 2 });
    expect(page).toMatchObject({ total: 4, page: 2, perPage: 3 });
    expect(page.data).toHaveLength(1);
    expect((await other.client.compliance.list()).total).toBe(0);
    expect((await other.client.compliance.forPolicy(regions.id)).total).toBe(0);
  });
});
