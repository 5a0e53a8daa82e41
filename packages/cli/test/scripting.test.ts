import { readFileSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import { type AddressInfo, createServer } from 'node:net';
import { describe, expect } from 'vitest';
import { describeOperations } from '../src/commands/operations';
import { allCommands, buildProgram } from '../src/program';
import { cliFor, it, json, onTerminal, runCli } from './helpers';

const vm = ['instances', 'create', '--flavor', 'nano', '--region', 'hn', '--name'];

describe('--debug and NIMBUS_DEBUG', () => {
  it('write each request and response with its request id on stderr, never the token', async ({
    mock,
    tenant,
    cli,
  }) => {
    const [flag, env] = await Promise.all([
      cli.run('instances', 'list', '--debug'),
      runCli(['projects', 'list'], { ...cli.env, NIMBUS_DEBUG: '1' }, cli.dir),
    ]);
    expect(flag.code, flag.stderr).toBe(0);
    expect(flag.stderr).toMatch(new RegExp(`^> GET ${mock.url}/api/v1/instances\\n`));
    expect(flag.stderr).toMatch(/^< 200 GET \S+\/api\/v1\/instances request-id=\S+ \d+ms$/m);
    expect(env.stderr).toMatch(/^< 200 GET \S+\/api\/v1\/projects request-id=\S+ \d+ms$/m);
    for (const result of [flag, env]) expect(result.stderr).not.toContain(tenant.accessToken);
    // stdout stays the data.
    expect(json(flag)).toEqual([]);
  });

  it('write the JSON body sent, each field the contract marks secret as ***', async ({
    mock,
    tenant,
    cli,
  }) => {
    const { email, password } = tenant.user;
    const login = await (await cliFor(mock)).runWithInput(
      `${password}\n`,
      'login',
      '--email',
      email,
      '--password-stdin',
      '--debug',
    );
    expect(login.code, login.stderr).toBe(0);
    expect(login.stderr).toContain(`> body ${JSON.stringify({ email, password: '***' })}\n`);
    const env = { DB_PASS: `db-${crypto.randomUUID()}`, STRIPE_KEY: `sk-${crypto.randomUUID()}` };
    const fn = ['functions', 'create', '--name', 'billing', '--runtime', 'nodejs20', '--region', 'hn'];
    const created = await cli.run(...fn, '--env', JSON.stringify(env), '--debug');
    expect(created.code, created.stderr).toBe(0);
    expect(created.stderr).toMatch(/^> body \{.*"env":\{"DB_PASS":"\*\*\*","STRIPE_KEY":"\*\*\*"\}/m);
    for (const secret of [password, env.DB_PASS, env.STRIPE_KEY]) {
      expect(`${login.stderr}${created.stderr}`).not.toContain(secret);
    }
  });

  it('are what the README says: a line per request, the body sent with its secrets as ***, a line per response', async ({
    tenant,
    cli,
  }) => {
    const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
    const section = readme.slice(readme.indexOf('**Debug.**'), readme.indexOf('**Idempotency.**'));
    const secret = `sealed-${crypto.randomUUID()}`;
    const name = `dbg${tenant.project.id.slice(0, 8)}`;
    const vault = ['vaults', 'create', '--name', name, '--region', 'hn'];
    const created = await cli.run(
      ...vault,
      '--secrets',
      JSON.stringify({ 'DB-PASSWORD': secret }),
      '--debug',
    );
    expect(created.code, created.stderr).toBe(0);
    expect(created.stderr).toMatch(/^> POST \S+\/api\/v1\/vaults idempotency-key=\S+$/m);
    expect(created.stderr).toMatch(/^> body \{.*"secrets":\{"DB-PASSWORD":"\*\*\*"\}/m);
    expect(created.stderr).not.toContain(secret);
    // The README shows a body line and how secrets show in it, and no longer says bodies are never written.
    expect(section).toMatch(/^> body \{.*"\*\*\*"\}$/m);
    expect(section.replace(/\s+/g, ' ')).toContain('each field the contract marks secret');
    expect(section).not.toMatch(/No headers, bodies/);
  });

  it('every API error names its request id, the one the debug line shows', async ({ cli }) => {
    const missing = await cli.run('instances', 'retrieve', crypto.randomUUID(), '--debug');
    expect(missing.code).toBe(1);
    const fromDebug = /^< 404 GET \S+ request-id=(\S+) /m.exec(missing.stderr)?.[1];
    expect(fromDebug).toBeTruthy();
    expect(missing.stderr).toContain(`request id: ${fromDebug}\n`);
    const plain = await cli.run('functions', 'retrieve', crypto.randomUUID());
    expect(plain.stderr).toMatch(/^request id: \S+$/m);
  });
});

describe('creates', () => {
  it('send an Idempotency-Key, so the retry after a 5xx creates once', async ({ mock, tenant, cli }) => {
    await mock.client.mock.faults.create({
      method: 'POST',
      path: '/api/v1/instances',
      status: 503,
      times: 1,
    });
    const result = await cli.run(...vm, 'retried', '--debug');
    expect(result.code, result.stderr).toBe(0);
    const sent = [...result.stderr.matchAll(/^> POST \S+\/api\/v1\/instances idempotency-key=(\S+)$/gm)];
    expect(sent).toHaveLength(2);
    expect(sent[0]![1]).toBe(sent[1]![1]);
    expect(result.stderr).toMatch(/^< 503 POST /m);
    const named = (await tenant.client.instances.list({ per_page: 100 })).data.filter(
      (i) => i.name === 'retried',
    );
    expect(named).toHaveLength(1);
  });
});

describe('destructive commands', () => {
  it('ask on a terminal, naming the resource; no keeps the resource, yes deletes it; --yes never asks, and off a terminal is needed (exit 2)', async ({
    tenant,
    cli,
  }) => {
    const ids = await Promise.all(
      ['keep', 'drop', 'forced', 'piped'].map(
        async (name) => json<{ id: string }>(await cli.run(...vm, name)).id,
      ),
    );
    const [keep, drop, forced, piped] = ids as [string, string, string, string];
    const declined = await onTerminal(cli, ['instances', 'delete', keep], 'n\r');
    // The question names what it deletes, as the reader knows it.
    expect(declined.output).toContain(`Delete an instance "keep" (${keep})? [y/N]`);
    expect(declined.code).toBe(1);
    expect(declined.output).toContain('Not confirmed: nothing was changed');

    const accepted = await onTerminal(cli, ['instances', 'delete', drop], 'y\r');
    expect(accepted.code, accepted.output).toBe(0);

    expect(accepted.output).toContain(`Deleted instance ${drop}`);

    const [yes, unasked] = await Promise.all([
      onTerminal(cli, ['instances', 'delete', forced, '--yes'], ''),
      cli.run('instances', 'delete', piped),
    ]);
    expect(yes.code, yes.output).toBe(0);
    expect(yes.output).not.toContain('[y/N]');
    expect(unasked.code).toBe(2);
    expect(unasked.stderr).toMatch(/^error: stdin is not a terminal, .*: pass --yes/m);
    expect(unasked.stderr).toContain('Usage: nimbus instances delete');
    expect((await tenant.client.instances.list({ per_page: 100 })).data.map((i) => i.id)).toContain(piped);

    const pipe = await cli.run('instances', 'delete', piped, '--yes');
    expect(pipe.code, pipe.stderr).toBe(0);
    // What was deleted, on stderr: stdout stays empty for scripts.
    expect(pipe.stdout).toBe('');
    expect(pipe.stderr).toBe(`Deleted instance ${piped}\n`);

    const left = (await tenant.client.instances.list({ per_page: 100 })).data.map((i) => i.id);
    expect(left).toContain(keep);
    for (const id of [drop, forced, piped]) expect(left).not.toContain(id);
  });
});

describe('flag values', () => {
  it('booleans are switches (--versioning, --no-versioning); maps take JSON or name=value entries and refuse the rest', async ({
    tenant,
    cli,
  }) => {
    const tag = tenant.project.id.slice(0, 8);
    const fn = ['functions', 'create', '--runtime', 'nodejs20', '--region', 'hn', '--name'];
    const [on, off, env, pairs, notJson] = await Promise.all([
      cli.run('buckets', 'create', '--name', `on-${tag}`, '--region', 'hn', '--versioning'),
      cli.run('buckets', 'create', '--name', `off-${tag}`, '--region', 'hn', '--no-versioning'),
      cli.run(...fn, 'env', '--env', '{"MODE":"prod"}'),
      cli.run(...fn, 'pairs', '--env', 'MODE=prod', '--env', 'TIER=web'),
      cli.run(...fn, 'bad', '--env', 'MODE'),
    ]);
    expect(on.code, on.stderr).toBe(0);
    expect(json(on)).toMatchObject({ versioning: true });
    expect(json(off)).toMatchObject({ versioning: false });
    expect(json(env)).toMatchObject({ env: { MODE: 'prod' } });
    expect(pairs.code, pairs.stderr).toBe(0);
    expect(json(pairs)).toMatchObject({ env: { MODE: 'prod', TIER: 'web' } });
    expect(notJson.code).toBe(2);
    expect(notJson.stderr).toContain('error: --env takes name=value or a JSON object, got "MODE"');
  });
});

describe('map keys', () => {
  it('a key the contract refuses is named with the rule it breaks, not zod\'s "Invalid key in record"', async ({
    cli,
  }) => {
    const result = await cli.run(
      'vaults',
      'create',
      '--name',
      'keyed',
      '--region',
      'hn',
      '--secrets',
      '{"DB_PASSWORD":"x"}',
    );
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(
      'error: --secrets (at secrets.DB_PASSWORD): invalid key: must be 1..127 letters, digits and "-"\n',
    );
    expect(result.stderr).not.toContain('Invalid key in record');
  });
});

describe('a server that accepts and never answers', () => {
  it('is given up on after --timeout or NIMBUS_TIMEOUT seconds, the error naming the server and the limit', async ({
    mock,
    tenant,
  }) => {
    const silent = createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(silent.address() as { port: number }).port}`;
    try {
      const quiet = await cliFor(mock, { NIMBUS_BASE_URL: url, NIMBUS_TOKEN: tenant.accessToken });
      const [flag, env, bad] = await Promise.all([
        quiet.run('projects', 'create', '--name', 'p', '--timeout', '0.5'),
        runCli(['projects', 'create', '--name', 'p'], { ...quiet.env, NIMBUS_TIMEOUT: '0.5' }, quiet.dir),
        quiet.run('projects', 'list', '--timeout', 'soon'),
      ]);
      for (const result of [flag, env]) {
        expect(result.code).toBe(1);
        expect(result.stderr).toContain(`error: no answer from the server at ${url} within 0.5 s`);
        expect(result.stderr).toContain('--timeout <seconds> or NIMBUS_TIMEOUT');
      }
      expect(bad.code).toBe(2);
      expect(bad.stderr).toContain('--timeout must be a number of seconds more than 0, got "soon"');
    } finally {
      silent.close();
    }
  });
});

describe('nimbus use', () => {
  it('refuses a malformed id (exit 2) and a project that is not yours (exit 1), keeping the profile as it was', async ({
    mock,
    tenant,
  }) => {
    const user = await cliFor(mock);
    await user.runWithInput(
      `${tenant.user.password}\n`,
      'login',
      '--email',
      tenant.user.email,
      '--password-stdin',
    );
    const [malformed, stranger] = await Promise.all([
      user.run('use', 'not-a-uuid'),
      user.run('use', crypto.randomUUID()),
    ]);
    expect(malformed.code).toBe(2);
    expect(malformed.stderr).toContain('"not-a-uuid" is not a project id (a UUID)');
    expect(stranger.code).toBe(1);
    expect(stranger.stderr).toContain('is not one of yours');
    const noProject = await user.run('instances', 'list');
    expect(noProject.code).toBe(2);
    expect(noProject.stderr).toContain('`nimbus use <project-id>`');

    const used = await user.run('use', tenant.project.id);
    expect(used.code, used.stderr).toBe(0);
    expect(used.stderr).toContain(`now uses project ${tenant.project.id} (`);
    expect((await user.run('instances', 'list')).code).toBe(0);
  });
});

describe('--from-file', () => {
  it('refuses a field the contract does not declare before sending (exit 2), naming it, its line and the field meant', async ({
    tenant,
    cli,
  }) => {
    const typo = await cli.write('typo.yaml', 'name: typo\nflavor: small\nregion: hn\nimgae: debian-12\n');
    const jsonFile = await cli.write(
      'typo.json',
      '{\n  "name": "typo-2",\n  "flavor": "small",\n  "region": "hn",\n  "colour": "red"\n}\n',
    );
    const cluster = await cli.write(
      'cluster.yaml',
      'name: typo-3\nregion: hn\nnode_pools:\n  - name: default\n    flavor: small\n    count: 2\n    cuont: 3\n',
    );
    const [yaml, fromJson, nested, misspeltRequired] = await Promise.all([
      cli.run('instances', 'create', '--from-file', typo),
      cli.run('instances', 'create', '--from-file', jsonFile),
      cli.run('clusters', 'create', '--from-file', cluster),
      cli.runWithInput(
        'nmae: typo-4\nflavor: small\nregion: hn\n',
        'instances',
        'create',
        '--from-file',
        '-',
      ),
    ]);
    expect(yaml.code).toBe(2);
    expect(yaml.stderr).toContain(`error: ${typo}: imgae: unknown field: did you mean image? (line 4)\n`);
    expect(yaml.stderr).toContain('Usage: nimbus instances create [options]');
    expect(fromJson.code).toBe(2);
    expect(fromJson.stderr).toContain(
      `error: ${jsonFile}: colour: unknown field: not a field of this body (line 5)\n`,
    );
    expect(nested.code).toBe(2);
    expect(nested.stderr).toContain(`error: ${cluster}: node_pools[0].cuont: unknown field`);
    expect(nested.stderr).toContain('(line 7)');
    expect(misspeltRequired.code).toBe(2);
    expect(misspeltRequired.stderr).toContain(
      'error: <stdin>: nmae: unknown field: did you mean name? (line 1)\n',
    );
    expect(misspeltRequired.stderr).toContain('error: --name: required (string)\n');
    // Nothing was sent.
    const names = (await tenant.client.instances.list({ per_page: 100 })).data.map((i) => i.name);
    expect(names.filter((name) => name.startsWith('typo'))).toEqual([]);
  });

  it("takes any key in a map field (a function's env)", async ({ cli }) => {
    const file = await cli.write(
      'fn.yaml',
      'name: mapped\nruntime: nodejs20\nregion: hn\nenv:\n  ANY_NAME: x\n  another_one: y\n',
    );
    const created = await cli.run('functions', 'create', '--from-file', file);
    expect(created.code, created.stderr).toBe(0);
    expect(created.stderr).toBe('');
  });

  it("prints a server's Nimbus-Warning on stderr as warning: ...", async ({ mock, cli }) => {
    // A server between that names a field, as one on a newer contract would.
    const proxy = createHttpServer(async (request, response) => {
      const chunks: Buffer[] = [];
      for await (const chunk of request) chunks.push(chunk as Buffer);
      const headers = Object.fromEntries(
        Object.entries(request.headers).filter(([name]) => name !== 'host' && name !== 'content-length'),
      ) as Record<string, string>;
      const answer = await fetch(`${mock.url}${request.url}`, {
        method: request.method,
        headers,
        ...(chunks.length > 0 && { body: Buffer.concat(chunks) }),
      });
      const out = Object.fromEntries(answer.headers);
      delete out['content-encoding'];
      delete out['content-length'];
      response.writeHead(answer.status, { ...out, 'nimbus-warning': 'unknown fields: shiny' });
      response.end(Buffer.from(await answer.arrayBuffer()));
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
      const result = await runCli(
        ['buckets', 'create', '--name', `warned-${crypto.randomUUID().slice(0, 8)}`, '--region', 'hn'],
        { ...cli.env, NIMBUS_BASE_URL: url },
        cli.dir,
      );
      expect(result.code, result.stderr).toBe(0);
      expect(result.stderr).toBe('warning: unknown fields: shiny\n');
      expect(json(result)).toMatchObject({ region: 'hn' });
    } finally {
      proxy.close();
    }
  });
});

describe('--from-file -', () => {
  it('reports a YAML error once, as <stdin>:line:col, like apply -f -', async ({ cli }) => {
    const result = await cli.runWithInput('name: [unclosed\n', 'instances', 'create', '--from-file', '-');
    expect(result.code).toBe(2);
    const errors = result.stderr.split('\n').filter((line) => line.startsWith('error:'));
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/^error: <stdin>:\d+:\d+: not valid YAML: \S/);
    expect(result.stderr).not.toMatch(/^error: *$/m);
  });
});

describe('profiles', () => {
  it('NIMBUS_PROFILE or --profile naming an unknown profile says so (exit 2) instead of running anonymous', async ({
    mock,
  }) => {
    const anonymous = await cliFor(mock);
    const [env, flag] = await Promise.all([
      runCli(['projects', 'list'], { ...anonymous.env, NIMBUS_PROFILE: 'staging' }, anonymous.dir),
      anonymous.run('projects', 'list', '--profile', 'prod'),
    ]);
    expect(env.code).toBe(2);
    expect(env.stderr).toMatch(/^error: Unknown profile "staging" \(NIMBUS_PROFILE\): .* has no profiles/m);
    expect(flag.code).toBe(2);
    expect(flag.stderr).toContain('Unknown profile "prod" (--profile)');
  });
});

describe('mock start', () => {
  it('on a busy port says so in one line (exit 1)', async () => {
    const busy = createServer();
    await new Promise<void>((resolve) => busy.listen(0, '127.0.0.1', resolve));
    const port = (busy.address() as { port: number }).port;
    try {
      const result = await runCli(['mock', 'start', '--in-memory', '--port', String(port)], {});
      expect(result.code).toBe(1);
      expect(result.stderr).toBe(
        `error: 127.0.0.1:${port} is in use: stop what listens there, or pass --port <port> (0 picks a free one)\n`,
      );
    } finally {
      busy.close();
    }
  });
});

describe('usage errors and help', () => {
  it('a usage error shows that command usage, not the whole tree', async ({ cli }) => {
    const [missing, unknownCommand, unknownGroup] = await Promise.all([
      cli.run('instances', 'create', '--name', 'x'),
      cli.run('instances', 'frobnicate'),
      cli.run('frobnicate'),
    ]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('error: --flavor: ');
    expect(missing.stderr).toContain(
      "Usage: nimbus instances create [options]\nRun 'nimbus instances create --help' for its flags and an example.\n",
    );
    expect(unknownCommand.code).toBe(2);
    expect(unknownCommand.stderr).toContain('Usage: nimbus instances [options] [command]\n');
    for (const result of [missing, unknownCommand, unknownGroup]) {
      // The tree lists commands like `databases`, `buckets`: none of that on an error.
      expect(result.stderr).not.toContain('Commands:');
      expect(result.stderr.split('\n').length).toBeLessThan(8);
    }
  });

  it("a program-wide flag's error after a command shows that command's usage line, not the program's", async ({
    cli,
  }) => {
    const [format, project, before] = await Promise.all([
      cli.run('instances', 'list', '-o', 'xml'),
      cli.run('instances', 'list', '--project'),
      cli.run('--output', 'xml', 'databases', 'replicas', 'list', 'x'),
    ]);
    const usage = (words: string) =>
      `Usage: nimbus ${words} [options]\nRun 'nimbus ${words} --help' for its flags and an example.\n`;
    expect(format.code).toBe(2);
    expect(format.stderr).toContain("argument 'xml' is invalid");
    expect(format.stderr).toContain(usage('instances list'));
    expect(project.code).toBe(2);
    expect(project.stderr).toContain("error: option '--project <id>' argument missing");
    expect(project.stderr).toContain(usage('instances list'));
    expect(before.code).toBe(2);
    expect(before.stderr).toContain(
      "Usage: nimbus databases replicas list [options] <database-id>\nRun 'nimbus databases replicas list --help'",
    );
    for (const result of [format, project, before])
      expect(result.stderr).not.toContain('Usage: nimbus [options]');
  });

  it('names every missing required field the same way, with or without other fields given', async ({
    cli,
  }) => {
    const [none, some] = await Promise.all([
      cli.run('instances', 'create'),
      cli.run('instances', 'create', '--name', 'x', '--region', 'hn'),
    ]);
    const flavor = 'error: --flavor: required (one of nano, micro, small, medium, large, xlarge)\n';
    expect(none.code).toBe(2);
    expect(none.stdout).toBe('');
    expect(none.stderr).toBe(
      'error: --name: required (string)\n' +
        flavor +
        'error: --region: required (string)\n' +
        "Usage: nimbus instances create [options]\nRun 'nimbus instances create --help' for its flags and an example.\n",
    );
    expect(some.code).toBe(2);
    expect(some.stderr.startsWith(flavor)).toBe(true);
    expect(some.stderr).not.toContain('--name');
  });

  it('help marks required flags, describes every flag and shows an example', async ({ cli }) => {
    const help = await cli.run('databases', 'create', '--help');
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/--name <name>\s+Database server name, unique in the project\s+\(required\)/);
    expect(help.stdout).toMatch(/--version <version>\s+Engine major version/);
    expect(help.stdout).not.toMatch(/--version <version>[^\n]*\(required\)/);
    expect(help.stdout).toContain(
      'Example:\n  $ nimbus databases create --name my-database --engine postgres --region hn\n',
    );

    const undescribed: string[] = [];
    for (const command of allCommands(buildProgram(describeOperations()))) {
      for (const option of command.options)
        if (!option.description.trim()) undescribed.push(`${command.name()} ${option.flags}`);
    }
    expect(undescribed).toEqual([]);
  });
});
