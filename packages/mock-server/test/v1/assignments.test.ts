import { BadRequestError, ConflictError, NotFoundError, PermissionDeniedError } from '@nimbus/sdk';
import { describe, expect } from 'vitest';
import { type SeededTenant, seedTenant } from '../../src/entries/testing';
import { it, paths, rejection } from '../support';

const rule = (doc: unknown) => JSON.stringify(doc);

async function builtin(tenant: SeededTenant, name: string) {
  const [policy] = (await tenant.client.policies.list({ name })).data;
  return policy!;
}

describe('policy assignments', () => {
  it("assigns to the project by default: scope_id is the project, no parameters, the policy's mode", async ({
    tenant,
  }) => {
    const policy = await builtin(tenant, 'allowed-regions');
    const assignment = await tenant.client.assignments.create({ policy_id: policy.id, scope: 'project' });
    expect(assignment).toMatchObject({
      project_id: tenant.project.id,
      policy_id: policy.id,
      scope: 'project',
      scope_id: tenant.project.id,
      parameters: null,
      enforcement_mode: null,
    });
    const listed = await tenant.client.assignments.list({ policy_id: policy.id });
    expect(listed.data).toEqual([assignment]);
    expect(
      await rejection(tenant.client.assignments.create({ policy_id: policy.id, scope: 'project' })),
    ).toBeInstanceOf(ConflictError);
  });

  it('answers 404 for an unknown policy and 400 for a bad scope or a missing scope_id', async ({
    tenant,
  }) => {
    const { client } = tenant;
    const unknown = await rejection(
      client.assignments.create({ policy_id: crypto.randomUUID(), scope: 'project' }),
    );
    expect(unknown).toBeInstanceOf(NotFoundError);
    const policy = await builtin(tenant, 'allowed-regions');

    const scope = await rejection(
      client.assignments.create({ policy_id: policy.id, scope: 'subscription' as never }),
    );
    expect(scope).toBeInstanceOf(BadRequestError);
    expect(paths(scope)).toEqual(['body.scope']);
    expect(
      paths(await rejection(client.assignments.create({ policy_id: 'nope', scope: 'project' }))),
    ).toEqual(['body.policy_id']);
    for (const kind of ['resource-group', 'resource'] as const) {
      const missing = await rejection(client.assignments.create({ policy_id: policy.id, scope: kind }));
      expect(missing.details).toEqual([{ path: 'body.scope_id', message: `required when scope is ${kind}` }]);
      const wrong = await rejection(
        client.assignments.create({ policy_id: policy.id, scope: kind, scope_id: crypto.randomUUID() }),
      );
      expect(paths(wrong)).toEqual(['body.scope_id']);
    }
    const otherProject = await rejection(
      client.assignments.create({ policy_id: policy.id, scope: 'project', scope_id: crypto.randomUUID() }),
    );
    expect(paths(otherProject)).toEqual(['body.scope_id']);
  });

  it('checks parameters against what the rule declares', async ({ tenant }) => {
    const { client } = tenant;
    const regions = await builtin(tenant, 'allowed-regions');
    const naming = await builtin(tenant, 'naming-convention');
    const cases: [string, string, string][] = [
      [regions.id, '{"allowedRegions": ', 'body.parameters'],
      [regions.id, '["hn"]', 'body.parameters'],
      [regions.id, '{"regions":["hn"]}', 'body.parameters.regions'],
      [regions.id, '{"allowedRegions":"hn"}', 'body.parameters.allowedRegions'],
      [naming.id, '{"namePattern":"(x+)+"}', 'body.parameters.namePattern'],
      [naming.id, '{"namePattern":"[a-"}', 'body.parameters.namePattern'],
    ];
    for (const [policy_id, parameters, path] of cases) {
      const error = await rejection(client.assignments.create({ policy_id, scope: 'project', parameters }));
      expect(error.code).toBe('VALIDATION_ERROR');
      expect(paths(error)).toEqual([path]);
    }
    const required = await client.policies.create({
      name: 'needs-value',
      definition: rule({
        parameters: { sizes: { type: 'array' } },
        if: { field: 'flavor', in: { param: 'sizes' } },
      }),
    });
    const missing = await rejection(client.assignments.create({ policy_id: required.id, scope: 'project' }));
    expect(missing.details).toEqual([
      { path: 'body.parameters.sizes', message: expect.stringContaining('required') },
    ]);
    const made = await client.assignments.create({
      policy_id: required.id,
      scope: 'project',
      parameters: '{ "sizes": [ "xlarge" ] }',
    });
    expect(made.parameters).toBe('{"sizes":["xlarge"]}');
  });

  it('lists with filters and paging, and keeps projects apart', async ({ mock, tenant }) => {
    const other = await seedTenant(mock);
    const { data: builtins } = await tenant.client.policies.list({ type: 'builtin' });
    for (const policy of builtins) {
      await tenant.client.assignments.create({ policy_id: policy.id, scope: 'project' });
      await mock.clock.advance(1); // distinct creation times: ties would fall back to random ids
    }
    const page = await tenant.client.assignments.list({ per_page: 2, page: 2 });
    expect(page).toMatchObject({ total: 3, page: 2, perPage: 2 });
    expect(page.data.map((a) => a.policy_id)).toEqual([builtins[2]!.id]);
    expect((await tenant.client.assignments.list({ scope: 'resource' })).total).toBe(0);
    expect((await other.client.assignments.list()).total).toBe(0);
  });
});

describe('enforcement on creation', () => {
  it('deny: a violating instance is refused with 403 POLICY_VIOLATION naming the policy; a compliant one passes', async ({
    tenant,
  }) => {
    const { client } = tenant;
    const policy = await builtin(tenant, 'allowed-regions');
    const assignment = await client.assignments.create({
      policy_id: policy.id,
      scope: 'project',
      parameters: JSON.stringify({ allowedRegions: ['hn'] }),
    });
    const error = await rejection(client.instances.create({ name: 'web-1', flavor: 'small', region: 'hcm' }));
    expect(error).toBeInstanceOf(PermissionDeniedError);
    expect(error.code).toBe('POLICY_VIOLATION');
    expect(error.details).toEqual([
      {
        policy_id: policy.id,
        policy_name: 'allowed-regions',
        assignment_id: assignment.id,
        severity: 'high',
        reason: expect.stringContaining('region ("hcm") notIn ["hn"]'),
      },
    ]);
    expect((await client.instances.list()).total).toBe(0);
    const ok = await client.instances.create({ name: 'web-1', flavor: 'small', region: 'hn' });
    expect(ok.region).toBe('hn');
    // Other resource types are covered by the same assignment.
    const bucket = `b-${crypto.randomUUID().slice(0, 8)}`;
    expect((await rejection(client.buckets.create({ name: bucket, region: 'sg' }))).code).toBe(
      'POLICY_VIOLATION',
    );
    expect((await client.buckets.create({ name: bucket, region: 'hn' })).name).toBe(bucket);
  });

  it('audit: the instance is created and a non-compliant result appears in /compliance', async ({
    tenant: { client },
  }) => {
    const policy = await client.policies.create({
      name: 'no-temp-names',
      enforcement_mode: 'audit',
      definition: rule({ if: { field: 'name', like: 'tmp-*' } }),
    });
    const assignment = await client.assignments.create({ policy_id: policy.id, scope: 'project' });
    await client.instances.create({ name: 'web-1', flavor: 'small', region: 'hn' });
    const vm = await client.instances.create({ name: 'tmp-1', flavor: 'small', region: 'hn' });
    const results = await client.compliance.list({ compliant: false });
    expect(results.total).toBe(1);
    expect(results.data[0]).toMatchObject({
      policy_id: policy.id,
      assignment_id: assignment.id,
      resource_type: 'compute.instance',
      resource_id: vm.id,
      resource_name: 'tmp-1',
      compliant: false,
      source: 'admission',
      reason: 'rule matched: name ("tmp-1") like "tmp-*"',
    });
    expect((await client.compliance.forPolicy(policy.id)).total).toBe(1);
  });

  it('the weaker of the rule effect and the mode wins; an assignment may override the mode', async ({
    mock,
    tenant,
  }) => {
    const { client } = tenant;
    const auditRule = await client.policies.create({
      name: 'audit-rule-deny-mode',
      enforcement_mode: 'deny',
      definition: '{"if": {"field": "flavor", "equals": "large"}, "then": {"effect": "audit"}}',
    });
    await client.assignments.create({ policy_id: auditRule.id, scope: 'project' });
    const large = await client.instances.create({ name: 'big', flavor: 'large', region: 'hn' });
    await mock.clock.advance(1); // distinct creation times for the ordered list below

    const flavors = await builtin(tenant, 'allowed-flavors');
    await client.assignments.create({ policy_id: flavors.id, scope: 'project', enforcement_mode: 'audit' });
    const xlarge = await client.instances.create({ name: 'huge', flavor: 'xlarge', region: 'hn' });

    const results = await client.compliance.list({ compliant: false });
    expect(results.data.map((r) => [r.policy_id, r.resource_id])).toEqual([
      [auditRule.id, large.id],
      [flavors.id, xlarge.id],
    ]);
  });

  it('disabled: nothing is refused or recorded', async ({ tenant: { client } }) => {
    const policy = await client.policies.create({
      name: 'off',
      enforcement_mode: 'disabled',
      definition: rule({ if: { field: 'region', equals: 'hn' } }),
    });
    await client.assignments.create({ policy_id: policy.id, scope: 'project' });
    await client.instances.create({ name: 'web-1', flavor: 'small', region: 'hn' });
    expect((await client.compliance.list()).total).toBe(0);

    // The same assignment in deny mode refuses the same request: the test above proves something.
    await client.policies.update(policy.id, { enforcement_mode: 'deny' });
    const denied = await rejection(client.instances.create({ name: 'web-2', flavor: 'small', region: 'hn' }));
    expect(denied.code).toBe('POLICY_VIOLATION');
  });

  it('resource-group scope covers only resources placed in that group', async ({ tenant }) => {
    const { client } = tenant;
    const group = await client.resourceGroups.create({ name: 'prod', region: 'hn' });
    const policy = await builtin(tenant, 'allowed-flavors');
    await client.assignments.create({ policy_id: policy.id, scope: 'resource-group', scope_id: group.id });
    const denied = await rejection(
      client.instances.create({
        name: 'in-group',
        flavor: 'xlarge',
        region: 'hn',
        resource_group_id: group.id,
      }),
    );
    expect(denied.code).toBe('POLICY_VIOLATION');
    expect((await client.instances.create({ name: 'outside', flavor: 'xlarge', region: 'hn' })).flavor).toBe(
      'xlarge',
    );
    const small = await client.instances.create({
      name: 'small',
      flavor: 'small',
      region: 'hn',
      resource_group_id: group.id,
    });
    expect(small.resource_group_id).toBe(group.id);
  });

  it('resource scope names an existing resource of the project', async ({ mock, tenant }) => {
    const other = await seedTenant(mock);
    const vm = await tenant.client.instances.create({ name: 'web-1', flavor: 'small', region: 'hn' });
    const policy = await builtin(tenant, 'naming-convention');
    const assignment = await tenant.client.assignments.create({
      policy_id: policy.id,
      scope: 'resource',
      scope_id: vm.id,
    });
    expect(assignment).toMatchObject({ scope: 'resource', scope_id: vm.id });
    const foreign = await rejection(
      other.client.assignments.create({ policy_id: policy.id, scope: 'resource', scope_id: vm.id }),
    );
    expect(paths(foreign)).toEqual(['body.scope_id']);
  });

  it('resource scope is checked when that resource is updated, and an audit there records its id', async ({
    tenant: { client },
  }) => {
    const fn = await client.functions.create({ name: 'api', runtime: 'nodejs20', region: 'hn' });
    const other = await client.functions.create({ name: 'worker', runtime: 'nodejs20', region: 'hn' });
    const big = await client.policies.create({
      name: 'no-big-functions',
      enforcement_mode: 'deny',
      definition: rule({ if: { field: 'memory_mb', in: [1024, 2048] } }),
    });
    await client.assignments.create({ policy_id: big.id, scope: 'resource', scope_id: fn.id });
    const denied = await rejection(client.functions.update(fn.id, { memory_mb: 1024 }));
    expect(denied.code).toBe('POLICY_VIOLATION');
    expect((await client.functions.update(other.id, { memory_mb: 1024 })).memory_mb).toBe(1024);

    const slow = await client.policies.create({
      name: 'slow-functions',
      definition: rule({ if: { field: 'timeout_sec', equals: 300 } }),
    });
    await client.assignments.create({ policy_id: slow.id, scope: 'resource', scope_id: fn.id });
    await client.functions.update(fn.id, { timeout_sec: 300 });
    expect((await client.compliance.forPolicy(slow.id)).data).toEqual([
      expect.objectContaining({ resource_type: 'serverless.function', resource_id: fn.id, compliant: false }),
    ]);
  });

  it('policies of another project do not apply', async ({ mock, tenant: alice }) => {
    const bob = await seedTenant(mock);
    const policy = await builtin(alice, 'allowed-regions');
    await alice.client.assignments.create({
      policy_id: policy.id,
      scope: 'project',
      parameters: '{"allowedRegions":["hn"]}',
    });
    expect((await bob.client.instances.create({ name: 'web-1', flavor: 'small', region: 'sg' })).region).toBe(
      'sg',
    );
  });
});
