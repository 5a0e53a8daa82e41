import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { type MockServer, seedTenant, startMockServer } from '../../mock-server/src/entries/testing';
import { type Cli, cliFor, json, resourcesOf, stateOf } from './helpers';

interface Row {
  resource: string;
  action: string;
  result?: string;
  id: string | null;
  changes: string;
}

let mock: MockServer;
beforeAll(async () => {
  mock = await startMockServer();
});
afterAll(() => mock.close());

let counter = 0;
/** A registered user, logged in, and a CLI that acts as them (NIMBUS_TOKEN). */
async function tenantCli(server: MockServer = mock) {
  const tenant = await seedTenant(server);
  const cli = await cliFor(server, { NIMBUS_TOKEN: tenant.accessToken });
  return { tenant, cli, tag: `t${++counter}${crypto.randomUUID().slice(0, 6)}` };
}

/**
 * A tenant file using every kind; `tag` keeps global names (buckets) apart between tests. The
 * camera's URL has no password unless `rtsp` gives one: a password the server never shows back
 * is sent on every run (see the RTSP password test), so a rerun would not be "No changes".
 */
function tenantFile(
  tag: string,
  member: string,
  o: { budget?: number; memory?: number; flavor?: string; rtsp?: string } = {},
) {
  return `
project:
  name: shop-${tag}
  description: The shop
roles:
  - name: deployer
    permissions: [compute:write, storage:read]
members:
  - email: ${member}
    role: deployer
policies:
  - name: no-xlarge
    enforcement_mode: deny
    definition: '{"if": {"allOf": [{"field": "type", "equals": "compute.instance"}, {"field": "flavor", "equals": "xlarge"}]}}'
assignments:
  - policy: no-xlarge
    scope: project
  - policy: allowed-regions
    scope: project
    parameters: '{"allowedRegions": ["hn", "hcm"]}'
vpcs:
  - name: main
    region: hn
    cidr: 10.20.0.0/16
    subnets:
      - name: web
        cidr: 10.20.1.0/24
        zone: hn-a
      - name: data
        cidr: 10.20.2.0/24
topics:
  - name: orders
    subscriptions:
      - webhook_url: http://127.0.0.1:9/hooks/orders
        event_types: order.*
functions:
  - name: thumbnail
    runtime: nodejs20
    region: hn
    memory_mb: ${o.memory ?? 256}
    env: { SIZE: "512" }
buckets:
  - name: assets-${tag}
    region: hn
budgets:
  - name: monthly
    amount: ${o.budget ?? 1000000}
cameras:
  - name: Gate
    rtsp_url: ${o.rtsp ?? 'rtsp://admin@10.0.0.5:554/live'}
    features: [motion, person]
instances:
  - name: web-1
    flavor: ${o.flavor ?? 'small'}
    region: hn
`;
}

async function member(server: MockServer = mock): Promise<string> {
  const email = `member-${crypto.randomUUID().slice(0, 8)}@example.com`;
  await server.client.auth.register({ email, password: 'correct-horse-battery', full_name: 'Member' });
  return email;
}

async function apply(cli: Cli, file: string, ...extra: string[]) {
  const result = await cli.run('apply', '-f', file, ...extra);
  return { ...result, rows: result.code === 0 || result.stdout ? json<Row[]>(result) : [] };
}

describe('nimbus apply', () => {
  it('creates what is missing in dependency order, and a second run changes nothing and says so', async () => {
    const { cli, tenant, tag } = await tenantCli();
    const file = await cli.write('tenant.yaml', tenantFile(tag, await member()));

    const first = await apply(cli, file);
    expect(first.code, first.stderr).toBe(0);
    expect(first.rows.map((r) => r.resource)).toEqual([
      `project/shop-${tag}`,
      'roles/deployer',
      expect.stringMatching(/^members\/member-/),
      'policies/no-xlarge',
      'assignments/no-xlarge@project',
      'assignments/allowed-regions@project',
      'vpcs/main',
      'vpcs/main/subnets/web',
      'vpcs/main/subnets/data',
      'topics/orders',
      'topics/orders/subscriptions/http://127.0.0.1:9/hooks/orders',
      'functions/thumbnail',
      `buckets/assets-${tag}`,
      'budgets/monthly',
      'cameras/Gate',
      'instances/web-1',
    ]);
    expect(first.rows.every((r) => r.action === 'create' && r.result === 'done' && r.id)).toBe(true);
    expect(first.stderr).toMatch(/16 created, 0 updated, 0 unchanged/);

    // What the server now holds, read through the SDK.
    const project = (await tenant.client.projects.list()).data.find((p) => p.name === `shop-${tag}`)!;
    const client = tenant.client.withProject(project.id);
    const vpc = (await client.vpcs.list()).data[0]!;
    expect((await client.vpcs.subnets.list(vpc.id)).data.map((s) => s.cidr)).toEqual([
      '10.20.1.0/24',
      '10.20.2.0/24',
    ]);
    const policy = (await client.policies.list({ name: 'no-xlarge' })).data[0]!;
    expect((await client.assignments.list({ policy_id: policy.id })).data).toHaveLength(1);
    expect((await client.iam.users.list()).data.map((u) => u.role).sort()).toEqual(['deployer', 'owner']);

    const before = await resourcesOf(mock);
    const second = await apply(cli, file);
    expect(second.code, second.stderr).toBe(0);
    expect(second.rows.every((r) => r.action === 'unchanged' && r.result === undefined)).toBe(true);
    expect(second.stderr).toMatch(/No changes: project "shop-.*" already matches/);
    expect(await resourcesOf(mock)).toEqual(before);
  });

  it('--dry-run prints the plan and writes nothing, for a new project and for an existing one', async () => {
    const { cli, tag } = await tenantCli();
    const email = await member();
    const file = await cli.write('tenant.yaml', tenantFile(tag, email));
    const before = await stateOf(mock);
    const plan = await apply(cli, file, '--dry-run');
    expect(plan.code, plan.stderr).toBe(0);
    expect(plan.rows).toHaveLength(16);
    expect(plan.rows.every((r) => r.action === 'create' && r.id === null)).toBe(true);
    expect(plan.stderr).toMatch(/16 to create.*dry run: nothing was changed/);
    // A new project: nothing to read, so not even a token is issued.
    expect(await stateOf(mock)).toEqual(before);

    expect((await apply(cli, file)).code).toBe(0);
    const changed = await cli.write('changed.yaml', tenantFile(tag, email, { budget: 2000000 }));
    const afterApply = await resourcesOf(mock);
    const update = await apply(cli, changed, '--dry-run');
    expect(update.code, update.stderr).toBe(0);
    expect(update.rows.find((r) => r.resource === 'budgets/monthly')).toMatchObject({
      action: 'update',
      changes: 'amount: 1000000 -> 2000000',
    });
    expect(update.rows.filter((r) => r.action !== 'unchanged')).toHaveLength(1);
    expect(await resourcesOf(mock)).toEqual(afterApply);
  });

  it('updates through PUT where the API has it, and reports other drift as replace needed without touching it', async () => {
    const { cli, tenant, tag } = await tenantCli();
    const email = await member();
    expect((await apply(cli, await cli.write('v1.yaml', tenantFile(tag, email)))).code).toBe(0);

    const v2 = await cli.write(
      'v2.yaml',
      tenantFile(tag, email, { budget: 2500000, memory: 512, flavor: 'medium' }),
    );
    // Exit 1: the rest is applied, but web-1 still differs from the file.
    const result = await apply(cli, v2);
    expect(result.code, result.stderr).toBe(1);
    expect(result.stderr).toContain(
      'error: 1 resource(s) need replacing (see the warnings): replace them by hand, or pass --allow-replace',
    );
    const byResource = Object.fromEntries(result.rows.map((r) => [r.resource, r]));
    expect(byResource['budgets/monthly']).toMatchObject({ action: 'update', result: 'done' });
    expect(byResource['functions/thumbnail']).toMatchObject({
      action: 'update',
      result: 'done',
      changes: 'memory_mb: 256 -> 512',
    });
    expect(byResource['instances/web-1']).toMatchObject({
      action: 'replace needed',
      changes: 'flavor: small -> medium',
    });
    expect(result.stderr).toMatch(
      /warning: instances\/web-1 differs \(flavor: small -> medium\).*replace it by hand or pass --allow-replace/,
    );

    const project = (await tenant.client.projects.list()).data.find((p) => p.name === `shop-${tag}`)!;
    const client = tenant.client.withProject(project.id);
    expect((await client.budgets.list()).data[0]).toMatchObject({ amount: 2500000 });
    expect((await client.functions.list()).data[0]).toMatchObject({ memory_mb: 512, version: 2 });
    expect((await client.instances.list()).data.map((i) => i.flavor)).toEqual(['small']);

    const again = await apply(cli, v2);
    expect(again.code).toBe(1);
    expect(again.rows.filter((r) => r.action !== 'unchanged').map((r) => r.resource)).toEqual([
      'instances/web-1',
    ]);
    // Nothing was written, but the project does not match the file: no "No changes" beside the error.
    expect(again.stderr).not.toContain('No changes');
    expect(again.stderr).toContain('0 created, 0 updated, 15 unchanged, 1 replace needed');
  });

  it('refuses a bad file before any call: file, path and problem on stderr, exit 2, nothing created', async () => {
    const { cli } = await tenantCli();
    const file = await cli.write(
      'tenant.yaml',
      `project:
  name: broken
vpcs:
  - name: main
    region: hn
    subnets:
      - name: a
        cidr: 10.0.1.0/24
      - name: b
        cidr: 10.0.300.0/24
instances:
  - name: web
    flavor: huge
    region: hn
  - name: web
    flavor: small
    region: hn
    colour: blue
budgets:
  - amount: -5
`,
    );
    const before = await stateOf(mock);
    const result = await cli.run('apply', '-f', file);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain(`${file}: vpcs[0].subnets[1].cidr: must be an IPv4 CIDR block`);
    expect(result.stderr).toMatch(/vpcs\[0\]\.subnets\[1\]\.cidr: .*\(line 10\)/);
    expect(result.stderr).toMatch(/instances\[0\]\.flavor: .*"small"/);
    expect(result.stderr).toContain('instances[1].colour: unknown field');
    expect(result.stderr).toMatch(/budgets\[0\]\.name: required/);
    expect(result.stderr).toMatch(/budgets\[0\]\.amount: /);
    expect(await stateOf(mock)).toEqual(before);

    const duplicate = await cli.write(
      'dup.yaml',
      'project: { name: dup }\ninstances:\n  - { name: a, flavor: small, region: hn }\n  - { name: a, flavor: nano, region: hn }\n',
    );
    const badYaml = await cli.write('bad.yaml', 'project:\n  name: [unclosed\n');
    // An unknown top-level key is reported at the key, not at its value below it; a missing
    // choice is "required" like any missing field.
    const unknownKey = await cli.write(
      'unknown.yaml',
      'project: { name: u }\nservers:\n  - name: a\ninstances:\n  - { name: web, region: hn }\n',
    );
    const jsonFile = await cli.write(
      'tenant.json',
      JSON.stringify({ project: { name: 'j' }, instances: [{ name: 'x', flavor: 'small', region: 'HN!' }] }),
    );
    const [dup, syntax, fromJson, unknown] = await Promise.all([
      cli.run('apply', '-f', duplicate),
      cli.run('apply', '-f', badYaml),
      cli.run('apply', '-f', jsonFile, '--dry-run'),
      cli.run('apply', '-f', unknownKey),
    ]);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain(`${unknownKey}: servers: unknown field: not a top-level key`);
    expect(unknown.stderr).toMatch(/servers: unknown field: .*\(line 2\)/);
    expect(unknown.stderr).toMatch(/instances\[0\]\.flavor: required \(one of [a-z, ]*small/);
    expect(dup.code).toBe(2);
    expect(dup.stderr).toContain(`${duplicate}: instances[1]: duplicate instance "a" (also instances[0])`);
    expect(syntax.code).toBe(2);
    expect(syntax.stderr).toMatch(/bad\.yaml:\d+:\d+: not valid YAML/);
    expect(fromJson.code).toBe(2);
    expect(fromJson.stderr).toContain(`${jsonFile}: instances[0].region: must be a region name`);
    expect(await stateOf(mock)).toEqual(before);
  });

  it('refuses names that resolve to nothing, and builtins declared as custom, before any write', async () => {
    const { cli, tag } = await tenantCli();
    expect((await apply(cli, await cli.write('base.yaml', `project: { name: refs-${tag} }\n`))).code).toBe(0);
    const file = await cli.write(
      'refs.yaml',
      `project: { name: refs-${tag} }
assignments:
  - { policy: no-such-policy, scope: project }
policies:
  - { name: allowed-flavors }
members:
  - { email: nobody@example.com, role: ghost }
instances:
  - { name: web, flavor: small, region: hn }
`,
    );
    const before = await stateOf(mock);
    const result = await cli.run('apply', '-f', file);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(
      `${file}: assignments[0].policy: no policy named "no-such-policy" in the file or the project`,
    );
    expect(result.stderr).toContain(`${file}: members[0].role: no role named "ghost"`);
    expect(result.stderr).toContain(`${file}: policies[0]: "allowed-flavors" is a builtin policy`);
    expect(await stateOf(mock)).toEqual(before);
  });

  it('stops at the first failure, reports what was done and what was not (exit 1), and a rerun finishes', async () => {
    const { cli, tag } = await tenantCli();
    const other = await tenantCli();
    await other.tenant.client.buckets.create({ name: `taken-${tag}`, region: 'hn' });
    const yaml = (bucket: string) => `project: { name: half-${tag} }
topics:
  - { name: audit }
buckets:
  - { name: ${bucket}, region: hn }
instances:
  - { name: web, flavor: small, region: hn }
`;
    const result = await apply(cli, await cli.write('half.yaml', yaml(`taken-${tag}`)));
    expect(result.code).toBe(1);
    expect(result.rows.map((r) => [r.resource, r.result])).toEqual([
      [`project/half-${tag}`, 'done'],
      ['topics/audit', 'done'],
      [`buckets/taken-${tag}`, 'failed'],
      ['instances/web', 'not done'],
    ]);
    expect(result.stderr).toContain(`error: buckets/taken-${tag}: `);
    expect(result.stderr).toContain('(CONFLICT)');
    // As under every other command's API error: the id the server logged the request under.
    expect(result.stderr).toMatch(/^error: buckets\/.*\nrequest id: \S+\n/m);
    expect(result.stderr).toContain(`done: project/half-${tag}, topics/audit`);
    expect(result.stderr).toContain(`not done: buckets/taken-${tag}, instances/web`);

    const rerun = await apply(cli, await cli.write('fixed.yaml', yaml(`free-${tag}`)));
    expect(rerun.code, rerun.stderr).toBe(0);
    expect(rerun.rows.map((r) => r.action)).toEqual(['unchanged', 'unchanged', 'create', 'create']);
  });

  it('export writes the project back, without server fields or secrets, and applying it to a fresh server reproduces it', async () => {
    const { cli, tenant, tag } = await tenantCli();
    const email = await member();
    const file = await cli.write(
      'tenant.yaml',
      tenantFile(tag, email, { rtsp: 'rtsp://admin:secret@10.0.0.5:554/live' }),
    );
    expect((await apply(cli, file)).code).toBe(0);
    const project = (await tenant.client.projects.list()).data.find((p) => p.name === `shop-${tag}`)!;
    const exported = await cli.run('export', '--project', project.id, '-f', 'out.yaml');
    expect(exported.code, exported.stderr).toBe(0);
    const text = await readFile(join(cli.dir, 'out.yaml'), 'utf8');
    const doc = parse(text) as Record<string, unknown>;
    expect(doc.project).toEqual({ name: `shop-${tag}`, description: 'The shop' });
    for (const field of [
      'id',
      'project_id',
      'created_at',
      'updated_at',
      'status',
      'secret',
      'version',
      'owner_id',
    ]) {
      expect(text).not.toMatch(new RegExp(`^\\s*-?\\s*${field}:`, 'm'));
    }
    expect(text).not.toContain('secret@'); // the camera's RTSP password stays masked
    expect(text).not.toContain(tenant.user.email); // the caller owns whatever project the file lands in

    const fresh = await startMockServer();
    try {
      await fresh.client.auth.register({ email, password: 'correct-horse-battery', full_name: 'Member' });
      const { cli: freshCli } = await tenantCli(fresh);
      const reapplied = await apply(freshCli, await freshCli.write('out.yaml', text));
      expect(reapplied.code, reapplied.stderr).toBe(0);
      expect(reapplied.rows.filter((r) => r.action !== 'create').map((r) => r.resource)).toEqual([]);
      const again = await freshCli.run('export', '--project', reapplied.rows[0]!.id!, '-o', 'json');
      expect(again.code, again.stderr).toBe(0);
      expect(json(again)).toEqual(doc);
    } finally {
      await fresh.close();
    }
  });

  it("sends a camera's RTSP password, which the server never shows back, whenever the file gives it; a file without one leaves it alone", async () => {
    const { cli, tenant, tag } = await tenantCli();
    const camera = (url: string, extra = '') =>
      `project: { name: cams-${tag} }\ncameras:\n  - name: Gate\n    rtsp_url: ${url}\n    features: [motion]\n${extra}`;
    const created = await apply(
      cli,
      await cli.write('v1.yaml', camera('rtsp://admin:first-pass@10.0.0.5:554/live')),
    );
    expect(created.code, created.stderr).toBe(0);
    const id = created.rows.find((r) => r.resource === 'cameras/Gate')!.id!;
    const patches = () => mock.requests({ method: 'PATCH', path: `/v2/api/cameras/${id}` });
    const sealed = async () => {
      const state = (await stateOf(mock)) as {
        tables: Record<string, Record<string, Record<string, unknown>>>;
      };
      return state.tables.video_cameras![id]!.rtsp_password_sealed;
    };
    const firstSealed = await sealed();

    // The rotated password: the plan cannot compare it, so it says it sends it (and shows no secret).
    const rotated = await cli.write('v2.yaml', camera('rtsp://admin:ROTATED-pass@10.0.0.5:554/live'));
    const plan = await apply(cli, rotated, '--dry-run');
    expect(plan.code, plan.stderr).toBe(0);
    expect(plan.rows.find((r) => r.resource === 'cameras/Gate')).toMatchObject({
      action: 'update',
      changes: 'rtsp_url: password cannot be compared, sent',
    });
    expect(plan.stderr).toContain('Plan: 0 to create, 1 to update, 1 unchanged');
    expect(plan.stderr).not.toContain('No changes');
    expect(`${plan.stdout}${plan.stderr}`).not.toContain('ROTATED-pass');
    expect(patches()).toEqual([]);

    const result = await apply(cli, rotated);
    expect(result.code, result.stderr).toBe(0);
    expect(result.rows.find((r) => r.resource === 'cameras/Gate')).toMatchObject({
      action: 'update',
      result: 'done',
    });
    expect(result.stderr).toContain('0 created, 1 updated, 1 unchanged');
    expect(result.stderr).toContain(
      "note: cameras/Gate: the rtsp_url password is never shown back, so apply cannot compare it and sends the file's on every run",
    );
    expect(`${result.stdout}${result.stderr}`).not.toContain('ROTATED-pass');
    expect(patches()).toHaveLength(1);
    expect(patches()[0]!.body).toEqual({ rtsp_url: 'rtsp://admin:***@10.0.0.5:554/live' });
    expect(await sealed()).not.toEqual(firstSealed);

    // export leaves the password out; applying that changes nothing and sends nothing.
    const projectId = created.rows[0]!.id!;
    const exported = await cli.run('export', '--project', projectId, '-o', 'yaml');
    expect(exported.code, exported.stderr).toBe(0);
    expect(exported.stdout).toContain('rtsp_url: rtsp://admin@10.0.0.5:554/live');
    const roundTrip = await apply(cli, await cli.write('export.yaml', exported.stdout));
    expect(roundTrip.code, roundTrip.stderr).toBe(0);
    expect(roundTrip.rows.every((r) => r.action === 'unchanged')).toBe(true);
    expect(roundTrip.stderr).toContain(`No changes: project "cams-${tag}" already matches`);
    expect(patches()).toHaveLength(1);

    // Another host in a file without the password keeps the camera's password (sent as ***).
    const moved = await apply(
      cli,
      await cli.write('moved.yaml', exported.stdout.replace('10.0.0.5', '10.0.0.6')),
    );
    expect(moved.code, moved.stderr).toBe(0);
    expect(moved.rows.find((r) => r.resource === 'cameras/Gate')).toMatchObject({
      action: 'update',
      changes: 'rtsp_url: rtsp://admin:***@10.0.0.5:554/live -> rtsp://admin:***@10.0.0.6:554/live',
    });
    const { token } = await tenant.client.auth.workloadToken({
      project_id: projectId,
      scopes: ['cameras:read'],
    });
    const [gate] = (await tenant.client.video.withToken(token).cameras.list()).data;
    expect(gate!.rtsp_url).toBe('rtsp://admin:***@10.0.0.6:554/live');
  });

  it('compares only the project fields the file gives; a project it cannot change is an error, never "No changes" or --allow-replace', async () => {
    const { cli, tenant, tag } = await tenantCli();
    const project = (extra: string) => `project: { name: p-${tag}${extra} }\n`;
    const roles = (permissions: string) => `roles:\n  - { name: ops, permissions: [${permissions}] }\n`;
    expect(
      (
        await apply(
          cli,
          await cli.write('v1.yaml', `${project(', description: The shop')}${roles('compute:read')}`),
        )
      ).code,
    ).toBe(0);

    // A description the file leaves out is the project's own.
    const bare = await cli.write('bare.yaml', project(''));
    for (const extra of [[], ['--dry-run']]) {
      const result = await apply(cli, bare, ...extra);
      expect(result.code, result.stderr).toBe(0);
      expect(result.rows).toMatchObject([{ resource: `project/p-${tag}`, action: 'unchanged' }]);
      expect(result.stderr).not.toContain('warning');
      expect(result.stderr).toContain('No changes');
    }

    // One the file gives, and differs: apply cannot update or replace a project.
    const other = await cli.write('other.yaml', project(', description: Another shop'));
    for (const extra of [[], ['--dry-run'], ['--allow-replace', '--yes']]) {
      const result = await apply(cli, other, ...extra);
      expect(result.code, `${extra}: ${result.stderr}`).toBe(1);
      expect(result.rows).toMatchObject([
        { action: 'replace needed', changes: 'description: The shop -> Another shop' },
      ]);
      expect(result.stderr).toContain(
        `warning: project/p-${tag} differs (description: The shop -> Another shop) and projects have no update route and apply never replaces one`,
      );
      expect(result.stderr).toContain(
        'error: 1 resource(s) differ from the file and apply can neither change nor replace them',
      );
      expect(result.stderr).not.toContain('--allow-replace');
      expect(result.stderr).not.toContain('No changes');
    }
    expect((await tenant.client.projects.list()).data.find((p) => p.name === `p-${tag}`)).toMatchObject({
      description: 'The shop',
    });

    // The same for kinds without a delete route: --allow-replace cannot replace a role.
    const role = await apply(
      cli,
      await cli.write('role.yaml', `${project('')}${roles('compute:read, storage:read')}`),
      '--allow-replace',
      '--yes',
    );
    expect(role.code, role.stderr).toBe(1);
    expect(role.rows.find((r) => r.resource === 'roles/ops')).toMatchObject({ action: 'replace needed' });
    expect(role.stderr).toContain(
      'warning: roles/ops differs (permissions: ["compute:read"] -> ["compute:read","storage:read"]) and roles have neither an update nor a delete route',
    );
    expect(role.stderr).not.toContain('--allow-replace');
    expect(role.stderr).not.toContain('No changes');
  });
});
