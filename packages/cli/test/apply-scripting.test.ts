import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MockServer, seedTenant, startMockServer } from '../../mock-server/src/entries/testing';
import { cliFor, json, onTerminal } from './helpers';

interface Row {
  resource: string;
  action: string;
  result?: string;
  id: string | null;
}

let mock: MockServer;
beforeAll(async () => {
  // Lifecycles take real time here, so --wait has something to wait for.
  mock = await startMockServer({ transitionDelayMs: 1500 });
});
afterAll(() => mock.close());

async function tenantCli() {
  const tenant = await seedTenant(mock);
  const cli = await cliFor(mock, { NIMBUS_TOKEN: tenant.accessToken });
  return { tenant, cli, tag: crypto.randomUUID().slice(0, 8) };
}

function file(tag: string, o: { instances?: string[]; buckets?: string[]; flavor?: string } = {}): string {
  const instances = (o.instances ?? ['web-1', 'web-2'])
    .map((name) => `  - { name: ${name}, flavor: ${o.flavor ?? 'nano'}, region: hn }`)
    .join('\n');
  const buckets = (o.buckets ?? ['assets', 'logs'])
    .map((name) => `  - { name: ${name}-${tag}, region: hn }`)
    .join('\n');
  return `project:\n  name: shop-${tag}\ninstances:\n${instances}\nbuckets:\n${buckets}\n`;
}

async function projectClient(tenant: Awaited<ReturnType<typeof tenantCli>>['tenant'], tag: string) {
  const project = (await tenant.client.projects.list()).data.find((p) => p.name === `shop-${tag}`)!;
  return tenant.client.withProject(project.id);
}

describe('apply -f -', () => {
  it('reads the tenant file from stdin', async () => {
    const { cli, tenant, tag } = await tenantCli();
    const result = await cli.runWithInput(file(tag), 'apply', '-f', '-');
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toContain(`Applied <stdin> to project "shop-${tag}"`);
    const client = await projectClient(tenant, tag);
    expect((await client.instances.list()).data.map((i) => i.name).sort()).toEqual(['web-1', 'web-2']);
  });
});

describe('apply creates', () => {
  it('send an Idempotency-Key each, so a create retried after a 503 is made once', async () => {
    const { cli, tenant, tag } = await tenantCli();
    await mock.client.mock.faults.create({
      method: 'POST',
      path: '/api/v1/instances',
      status: 503,
      times: 1,
    });
    const result = await cli.run('apply', '-f', await cli.write('t.yaml', file(tag)), '--debug');
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toMatch(/^< 503 POST \S+\/api\/v1\/instances /m);
    const client = await projectClient(tenant, tag);
    expect((await client.instances.list()).data.map((i) => i.name).sort()).toEqual(['web-1', 'web-2']);
  });
});

describe('apply --prune', () => {
  it('shows the deletes in the plan, after the creates and updates, then deletes what the file no longer lists, in the kinds it declares', async () => {
    const { cli, tenant, tag } = await tenantCli();
    expect((await cli.run('apply', '-f', await cli.write('v1.yaml', file(tag)))).code).toBe(0);
    const client = await projectClient(tenant, tag);
    await client.functions.create({ name: 'not-declared', runtime: 'nodejs20', region: 'hn' });
    const smaller = await cli.write('v2.yaml', file(tag, { instances: ['web-1'], buckets: ['assets'] }));

    const plan = await cli.run('apply', '-f', smaller, '--prune', '--dry-run');
    expect(plan.code, plan.stderr).toBe(0);
    expect((await client.instances.list()).data.map((i) => i.name)).toEqual(['web-1', 'web-2']);
    expect((await client.buckets.list()).data).toHaveLength(2);
    const planned = json<Row[]>(plan)
      .filter((r) => r.action === 'delete')
      .map((r) => r.resource);
    expect(planned).toEqual(['instances/web-2', `buckets/logs-${tag}`]);
    expect(plan.stderr).toContain('2 to delete');

    const without = await cli.run('apply', '-f', smaller);
    expect(json<Row[]>(without).some((r) => r.action === 'delete')).toBe(false);

    const declined = await onTerminal(cli, ['apply', '-f', smaller, '--prune'], 'n\r');
    expect(declined.output).toContain(`Delete instances/web-2, buckets/logs-${tag}? [y/N]`);
    expect(declined.code).toBe(1);
    expect((await client.instances.list()).data.map((i) => i.name)).toEqual(['web-1', 'web-2']);

    // Off a terminal nothing can be asked: --prune needs --yes, and deletes nothing without it.
    const unasked = await cli.run('apply', '-f', smaller, '--prune');
    expect(unasked.code).toBe(2);
    expect(unasked.stderr).toContain('stdin is not a terminal');
    expect(unasked.stderr).toContain('pass --yes');
    expect((await client.instances.list()).data.map((i) => i.name)).toEqual(['web-1', 'web-2']);

    const pruned = await cli.run('apply', '-f', smaller, '--prune', '--yes');
    expect(pruned.code, pruned.stderr).toBe(0);
    expect(
      json<Row[]>(pruned)
        .filter((r) => r.action === 'delete')
        .map((r) => r.result),
    ).toEqual(['done', 'done']);
    expect((await client.instances.list()).data.map((i) => i.name)).toEqual(['web-1']);
    expect((await client.buckets.list()).data.map((b) => b.name)).toEqual([`assets-${tag}`]);
    // Functions are not declared in the file: left alone.
    expect((await client.functions.list()).data.map((f) => f.name)).toEqual(['not-declared']);
  });
});

describe('apply --wait', () => {
  it('returns once created resources have left provisioning; without it they are still provisioning', async () => {
    const { cli, tenant, tag } = await tenantCli();
    const fast = await cli.run('apply', '-f', await cli.write('a.yaml', file(tag, { instances: ['a'] })));
    expect(fast.code, fast.stderr).toBe(0);
    const client = await projectClient(tenant, tag);
    expect((await client.instances.list()).data.map((i) => i.status)).toEqual(['provisioning']);
    const waited = await cli.run(
      'apply',
      '-f',
      await cli.write('b.yaml', file(tag, { instances: ['a', 'b'] })),
      '--wait',
    );
    expect(waited.code, waited.stderr).toBe(0);
    const statuses = Object.fromEntries((await client.instances.list()).data.map((i) => [i.name, i.status]));
    expect(statuses.b).toBe('running');
  });
});

describe('apply with replace needed', () => {
  it('exits 1 (dry run and real run); --allow-replace deletes and creates it again', async () => {
    const { cli, tenant, tag } = await tenantCli();
    expect((await cli.run('apply', '-f', await cli.write('v1.yaml', file(tag)))).code).toBe(0);
    const client = await projectClient(tenant, tag);
    const oldIds = (await client.instances.list()).data.map((i) => i.id);
    const bigger = await cli.write('v2.yaml', file(tag, { flavor: 'micro' }));

    const [dry, real] = [
      await cli.run('apply', '-f', bigger, '--dry-run'),
      await cli.run('apply', '-f', bigger),
    ];
    for (const result of [dry, real]) {
      expect(result.code).toBe(1);
      expect(result.stderr).toContain('2 resource(s) need replacing');
    }
    expect((await client.instances.list()).data.map((i) => i.id)).toEqual(oldIds);

    const replaced = await cli.run('apply', '-f', bigger, '--allow-replace', '--yes');
    expect(replaced.code, replaced.stderr).toBe(0);
    expect(
      json<Row[]>(replaced)
        .filter((r) => r.action === 'replace')
        .map((r) => r.result),
    ).toEqual(['done', 'done']);
    const now = (await client.instances.list()).data;
    expect(now.map((i) => i.flavor)).toEqual(['micro', 'micro']);
    for (const id of oldIds) expect(now.map((i) => i.id)).not.toContain(id);
  });
});

describe('apply --dry-run', () => {
  it('reports a bucket name another project holds, which the real run would hit (exit 1, nothing written)', async () => {
    const { cli, tenant, tag } = await tenantCli();
    const other = await seedTenant(mock);
    await other.client.buckets.create({ name: `logs-${tag}`, region: 'hn' });
    const dry = await cli.run('apply', '-f', await cli.write('t.yaml', file(tag)), '--dry-run');
    expect(dry.code).toBe(1);
    expect(dry.stderr).toContain(
      `error: buckets/logs-${tag}: the name is taken by another project (bucket names are global)`,
    );
    expect(dry.stderr).not.toContain(`buckets/assets-${tag}: the name is taken`);
    // Other tests' lifecycles move on meanwhile: the proof of no write is that no project was made.
    expect((await tenant.client.projects.list()).data.map((p) => p.name)).not.toContain(`shop-${tag}`);
  });
});

describe('export', () => {
  it('names every resource group it leaves out, with how many the project has', async () => {
    const { cli, tenant } = await tenantCli();
    await tenant.client.databases.create({ name: 'db', engine: 'postgres', region: 'hn' });
    await tenant.client.apiProducts.create({ name: 'orders' });
    await tenant.client.instances.create({ name: 'web', flavor: 'nano', region: 'hn' });
    const result = await cli.run('export', '--project', tenant.project.id);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toContain(
      'Not exported, tenant files do not cover them: api-products (1), databases (1)\n',
    );
    expect(result.stdout).toContain('name: web');
  });
});

describe('apply -o json confirmed on a terminal', () => {
  it('writes one JSON document to stdout, the result: the plan asked about goes to the terminal', async () => {
    const { cli, tag } = await tenantCli();
    expect((await cli.run('apply', '-f', await cli.write('v1.yaml', file(tag)))).code).toBe(0);
    const smaller = await cli.write('v2.yaml', file(tag, { instances: ['web-1'] }));
    const out = join(cli.dir, 'out.json');
    const run = await onTerminal(cli, ['apply', '-f', smaller, '--prune', '-o', 'json'], 'y\r', {
      stdout: out,
    });
    expect(run.code, run.output).toBe(0);
    expect(run.output).toContain('instances/web-2');
    expect(run.output).toContain('[y/N]');
    const rows = JSON.parse(await readFile(out, 'utf8')) as Row[];
    expect(rows.filter((r) => r.action === 'delete').map((r) => [r.resource, r.result])).toEqual([
      ['instances/web-2', 'done'],
    ]);
  });
});

describe('apply and export with two resources of one name', () => {
  it('plan shows the duplicate, --prune deletes it, and an export applies back', async () => {
    const { cli, tenant, tag } = await tenantCli();
    const v1 = await cli.write(
      'v1.yaml',
      `project:\n  name: shop-${tag}\ninstances:\n  - { name: web-1, flavor: nano, region: hn }\n`,
    );
    expect((await cli.run('apply', '-f', v1)).code).toBe(0);
    const client = await projectClient(tenant, tag);
    const [kept] = (await client.instances.list()).data;
    // The API lets a second instance take the name.
    const extra = await client.instances.create({ name: 'web-1', flavor: 'nano', region: 'hn' });

    const dry = await cli.run('apply', '-f', v1, '--dry-run');
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.stderr).not.toContain('No changes');
    expect(dry.stderr).toContain('1 duplicate(s) left alone');
    expect(dry.stderr).toContain(`warning: instances/web-1 (${extra.id}): another instance is named "web-1"`);
    const duplicate = json<Row[]>(dry).find((r) => r.action === 'duplicate');
    expect(duplicate).toMatchObject({ resource: 'instances/web-1', id: extra.id });

    const exported = await cli.run('export', '--project', client.projectId!, '-o', 'yaml');
    expect(exported.code, exported.stderr).toBe(0);
    expect(exported.stderr).toContain(`warning: instances/web-1 (${extra.id}) not exported`);
    const again = await cli.runWithInput(exported.stdout, 'apply', '-f', '-', '--dry-run');
    expect(again.code, again.stderr).toBe(0);

    const planned = await cli.run('apply', '-f', v1, '--dry-run', '--prune');
    expect(
      json<Row[]>(planned)
        .filter((r) => r.action === 'delete')
        .map((r) => r.id),
    ).toEqual([extra.id]);
    const pruned = await cli.run('apply', '-f', v1, '--prune', '--yes');
    expect(pruned.code, pruned.stderr).toBe(0);
    expect((await client.instances.list()).data.map((i) => i.id)).toEqual([kept!.id]);
  });
});

describe('apply -q', () => {
  it('prints ids on stdout and the signing secret, shown only once, on stderr', async () => {
    const { cli, tag } = await tenantCli();
    const topics = `project: { name: hooks-${tag} }
topics:
  - name: orders
    subscriptions:
      - { webhook_url: 'http://127.0.0.1:9/hook', event_types: 'order.*' }
`;
    const result = await cli.run('apply', '-f', await cli.write('t.yaml', topics), '-q');
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).not.toContain('signing secret');
    expect(result.stderr).toMatch(
      /^topics\/orders\/subscriptions\/http:\/\/127\.0\.0\.1:9\/hook: signing secret \S+ \(shown only now\)$/m,
    );
  });
});
