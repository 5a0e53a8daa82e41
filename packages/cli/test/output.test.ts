import { describe, expect } from 'vitest';
import { parse } from 'yaml';
import { cliFor, it, json, runCli } from './helpers';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('generated commands: output formats', () => {
  it('prints JSON when piped, or YAML or a table on request, for a record and for a list', async ({
    cli,
  }) => {
    const created = await cli.run(
      'instances',
      'create',
      '--name',
      'web-1',
      '--flavor',
      'small',
      '--region',
      'hn',
    );
    expect(created.code, created.stderr).toBe(0);
    const instance = json<{ id: string; name: string; image: string }>(created);
    expect(instance).toMatchObject({ name: 'web-1', image: 'ubuntu-24.04' });

    const [asYaml, list, listYaml, table, record] = await Promise.all([
      cli.run('instances', 'retrieve', instance.id, '--output', 'yaml'),
      cli.run('instances', 'list', '-o', 'json'),
      cli.run('instances', 'list', '-o', 'yaml'),
      cli.run('instances', 'list', '-o', 'table'),
      cli.run('instances', 'retrieve', instance.id, '-o', 'table'),
    ]);
    expect(asYaml.code).toBe(0);
    expect(parse(asYaml.stdout)).toMatchObject({ id: instance.id, name: 'web-1' });
    expect(json<{ id: string }[]>(list).map((i) => i.id)).toEqual([instance.id]);
    expect(parse(listYaml.stdout)).toEqual(json(list));
    expect(table.stdout).toContain(instance.id);
    expect(table.stdout).toMatch(/│ id\s+│ name\s+│/);
    expect(record.stdout).toMatch(new RegExp(`│ id\\s+│ ${instance.id} │`));
  });

  it('fits a table to the terminal width (COLUMNS off a terminal): the widest columns are cut, never the id', async ({
    cli,
  }) => {
    const long = `web-${'x'.repeat(50)}`;
    const created = await cli.run(
      'instances',
      'create',
      '--name',
      long,
      '--flavor',
      'small',
      '--region',
      'hn',
    );
    const { id } = json<{ id: string }>(created);
    const narrow = (columns: number, ...args: string[]) =>
      runCli([...args, '-o', 'table'], { ...cli.env, COLUMNS: String(columns) }, cli.dir);

    const wide = await cli.run('instances', 'list', '-o', 'table');
    expect(Math.max(...wide.stdout.split('\n').map((line) => line.length))).toBeGreaterThan(100);
    for (const columns of [100, 60]) {
      const list = await narrow(columns, 'instances', 'list');
      expect(list.code, list.stderr).toBe(0);
      expect(
        Math.max(
          ...list.stdout
            .trimEnd()
            .split('\n')
            .map((line) => line.length),
        ),
      ).toBeLessThanOrEqual(columns);
      expect(list.stdout).toContain(`│ ${id} │`);
      expect(list.stdout).not.toContain(long);
      expect(list.stdout).toContain('…');
    }
    const record = await narrow(60, 'instances', 'retrieve', id);
    expect(record.stdout).toContain(`│ ${id} │`);
    expect(
      Math.max(
        ...record.stdout
          .trimEnd()
          .split('\n')
          .map((line) => line.length),
      ),
    ).toBeLessThanOrEqual(60);
  });

  it('checks ids and enum values before sending (exit 2, one sentence): a UUID where the contract takes one, a near miss named', async ({
    cli,
  }) => {
    const id = await cli.run('instances', 'retrieve', 'not-a-uuid');
    expect(id.code).toBe(2);
    expect(id.stderr).toMatch(
      /^error: <instance-id> must be an id, a UUID such as [0-9a-f-]{36}, got "not-a-uuid"$/m,
    );
    expect(id.stderr).not.toContain('request id');
    const flavor = await cli.run('instances', 'create', '--name', 'x', '--flavor', 'smal', '--region', 'hn');
    expect(flavor.code).toBe(2);
    expect(flavor.stderr).toMatch(
      /Allowed choices are nano, micro, small, medium, large, xlarge\. Did you mean small\?$/m,
    );
    // A bucket is named, not numbered: its argument takes any name.
    expect((await cli.run('buckets', 'delete', 'no-such-bucket', '--yes')).code).toBe(1);
  });

  it('--quiet prints only ids, one a line', async ({ cli }) => {
    const a = await cli.run(
      'instances',
      'create',
      '--name',
      'q-1',
      '--flavor',
      'nano',
      '--region',
      'hn',
      '--quiet',
    );
    expect(a.stdout).toMatch(/^[0-9a-f-]{36}\n$/);
    const all = await cli.run('instances', 'list', '--all', '-q');
    const ids = all.stdout.trim().split('\n');
    expect(ids.every((id) => UUID.test(id))).toBe(true);
    expect(ids).toContain(a.stdout.trim());
  });

  it('takes a body from --from-file (YAML or JSON), flags overriding it, and --wait follows the lifecycle silently when piped', async ({
    cli,
  }) => {
    const file = await cli.write('vm.yaml', 'name: from-file\nflavor: micro\nregion: hcm\n');
    const result = await cli.run('instances', 'create', '--from-file', file, '--flavor', 'medium', '--wait');
    expect(result.code, result.stderr).toBe(0);
    expect(json(result)).toMatchObject({
      name: 'from-file',
      flavor: 'medium',
      region: 'hcm',
      status: 'running',
    });
    expect(result.stderr).toBe('');

    const stop = await cli.run('instances', 'stop', json<{ id: string }>(result).id, '--wait');
    expect(json(stop)).toMatchObject({ status: 'stopped' });
  });

  it('--wait follows a resource that has no retrieve through its list: a read replica until it is available', async ({
    cli,
  }) => {
    const db = ['databases', 'create', '--name', 'waited', '--engine', 'postgres', '--region', 'hn'];
    const database = json<{ id: string }>(await cli.run(...db, '--wait'));
    const replica = await cli.run(
      'databases',
      'replicas',
      'create',
      database.id,
      '--region',
      'hcm',
      '--wait',
    );
    expect(replica.code, replica.stderr).toBe(0);
    expect(json(replica)).toMatchObject({ database_id: database.id, region: 'hcm', status: 'available' });
  });
});

describe('generated commands: arguments and flags', () => {
  it('takes path ids as arguments and converts flags to the field types (number, boolean, JSON)', async ({
    tenant,
    cli,
  }) => {
    const bucketName = `flags-${tenant.project.id.slice(0, 8)}`;
    const network = async () => {
      const vpc = json<{ id: string }>(await cli.run('vpcs', 'create', '--name', 'net', '--region', 'hn'));
      return [
        vpc.id,
        await cli.run(
          'vpcs',
          'subnets',
          'create',
          vpc.id,
          '--name',
          'web',
          '--cidr',
          '10.0.1.0/24',
          '--zone',
          'hn-a',
        ),
      ] as const;
    };
    const serverless = async () => {
      const fn = ['functions', 'create', '--name', 'resize', '--runtime', 'nodejs20', '--region', 'hn'];
      const created = json<{ id: string }>(
        await cli.run(...fn, '--memory-mb', '512', '--env', '{"SIZE":"64"}'),
      );
      return [created, await cli.run('functions', 'update', created.id, '--timeout-sec', '90')] as const;
    };
    const [[vpcId, subnet], [created, updated], bucket, builtins, notBoolean] = await Promise.all([
      network(),
      serverless(),
      cli.run('buckets', 'create', '--name', bucketName, '--region', 'hn', '--versioning', 'true'),
      cli.run('policies', 'list', '--type', 'builtin', '--per-page', '2'),
      cli.run('buckets', 'create', '--name', 'x-bucket', '--region', 'hn', '--versioning', 'yes'),
    ]);
    expect(subnet.code, subnet.stderr).toBe(0);
    expect(json(subnet)).toMatchObject({ vpc_id: vpcId, name: 'web', zone: 'hn-a' });
    expect(created).toMatchObject({ memory_mb: 512, env: { SIZE: '64' } });
    expect(json(updated)).toMatchObject({ timeout_sec: 90, version: 2 });
    expect(json(bucket)).toMatchObject({ versioning: true });
    expect(json<{ type: string }[]>(builtins).map((p) => p.type)).toEqual(['builtin', 'builtin']);
    expect(notBoolean.code).toBe(2);
    expect(notBoolean.stderr).toContain('--versioning must be true or false');
  });
});

describe('exit codes', () => {
  it('1 on an API error, with the message and the code on stderr', async ({ mock, tenant, cli }) => {
    const noProject = await cliFor(mock, { NIMBUS_TOKEN: tenant.accessToken });
    const unreachable = await cliFor(mock, { NIMBUS_BASE_URL: 'http://127.0.0.1:9', NIMBUS_TOKEN: 'x' });
    await tenant.client.buckets.create({ name: `taken-${tenant.project.id.slice(0, 8)}`, region: 'hn' });
    const [missing, conflict, header, down] = await Promise.all([
      cli.run('instances', 'retrieve', crypto.randomUUID()),
      cli.run('buckets', 'create', '--name', `taken-${tenant.project.id.slice(0, 8)}`, '--region', 'hn'),
      noProject.run('instances', 'list'),
      unreachable.run('projects', 'list'),
    ]);
    expect(missing.code).toBe(1);
    expect(missing.stdout).toBe('');
    expect(missing.stderr).toMatch(/^error: .*\(NOT_FOUND\)$/m);
    expect(conflict.code).toBe(1);
    expect(conflict.stderr).toMatch(/^error: .*\(CONFLICT\)$/m);
    // No project anywhere: said before sending, with the same hint as /v2 commands (exit 2).
    expect(header.code).toBe(2);
    expect(header.stderr).toContain(
      'error: instances list works on a project: pass --project <id>, set NIMBUS_PROJECT or run `nimbus use <project-id>`',
    );
    expect(down.code).toBe(1);
    expect(down.stderr).toBe('error: cannot reach the server at http://127.0.0.1:9 (ECONNREFUSED)\n');
  });

  it('2 on a usage error: unknown flag, a value that is not a number, a choice not offered, a missing argument', async ({
    cli,
  }) => {
    const fn = ['functions', 'create', '--name', 'f', '--runtime', 'nodejs20', '--region', 'hn'];
    const [unknown, number, choice, argument, format, noFile, noFlag, invalid, missingField] =
      await Promise.all([
        cli.run('instances', 'list', '--colour', 'blue'),
        cli.run(...fn, '--memory-mb', 'lots'),
        cli.run('instances', 'create', '--name', 'x', '--flavor', 'huge', '--region', 'hn'),
        cli.run('instances', 'retrieve'),
        cli.run('instances', 'list', '-o', 'xml'),
        cli.run('apply', '-f', 'missing.yaml'),
        cli.run('apply'),
        cli.run('instances', 'create', '--name', 'bad name!', '--flavor', 'small', '--region', 'hn'),
        cli.run(...fn.slice(0, 6), '--memory-mb', '100'),
      ]);
    // Checked against the contract before anything is sent, naming the flag.
    expect(invalid.code).toBe(2);
    expect(invalid.stderr).toMatch(/^error: --name: must start with a letter or digit/m);
    expect(missingField.code).toBe(2);
    expect(missingField.stderr).toContain('error: --region: required');
    expect(missingField.stderr).toContain('error: --memory-mb must be 128-10240, got 100');
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/unknown option '--colour'/);
    expect(number.code).toBe(2);
    expect(number.stderr).toContain('--memory-mb must be a number, got "lots"');
    expect(choice.code).toBe(2);
    expect(choice.stderr).toMatch(/Allowed choices are nano, micro/);
    expect(argument.code).toBe(2);
    expect(argument.stderr).toMatch(/missing required argument 'instance-id'/);
    expect(format.code).toBe(2);
    expect(noFile.code).toBe(2);
    expect(noFile.stderr).toMatch(/Cannot read missing\.yaml/);
    expect(noFlag.code).toBe(2);
    expect(noFlag.stderr).toMatch(/required option '-f, --file <path>'/);
  });

  it('0 for --help and --version, the latter after program options or a command without a --version field', async ({
    cli,
  }) => {
    const [version, help, afterOptions, afterCommand, short, field] = await Promise.all([
      cli.run('--version'),
      cli.run('instances', 'create', '--help'),
      cli.run('--debug', '-o', 'json', '--version'),
      cli.run('instances', 'list', '--version'),
      cli.run('instances', 'list', '-V'),
      cli.run('databases', 'create', '--version'),
    ]);
    expect(version.stdout.trim()).toBe('0.1.0');
    for (const result of [afterOptions, afterCommand, short]) {
      expect(result.code, result.stderr).toBe(0);
      expect(result.stdout).toBe('0.1.0\n');
      expect(result.stderr).toBe('');
    }
    // A command with a --version field of its own reads it as that field.
    expect(field.code).toBe(2);
    expect(field.stderr).toContain("option '--version <version>' argument missing");
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('--flavor <flavor>');
  });
});
