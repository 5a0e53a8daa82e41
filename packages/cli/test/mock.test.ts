import { execFileSync, spawn } from 'node:child_process';
import { link, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect } from 'vitest';
import { seedTenant, startMockServer } from '../../mock-server/src/entries/testing';
import { BIN, it, json, runCli, stateOf } from './helpers';

describe('nimbus mock', () => {
  it('clock retrieve shows the simulated time and clock advance --seconds moves it', async ({
    bareCli: cli,
  }) => {
    const before = json<{ now: string; offset_ms: number }>(await cli.run('mock', 'clock', 'retrieve'));
    const advanced = await cli.run('mock', 'clock', 'advance', '--seconds', '3600');
    expect(advanced.code, advanced.stderr).toBe(0);
    expect(json<{ offset_ms: number }>(advanced).offset_ms).toBe(before.offset_ms + 3_600_000);
    const [now, negative, word, missing] = await Promise.all([
      cli.run('mock', 'clock', 'retrieve', '-o', 'json'),
      cli.run('mock', 'clock', 'advance', '--seconds', '-5'),
      cli.run('mock', 'clock', 'advance', '--seconds', 'soon'),
      cli.run('mock', 'clock', 'advance'),
    ]);
    expect(Date.parse(json<{ now: string }>(now).now) - Date.parse(before.now)).toBeGreaterThanOrEqual(
      3_600_000,
    );
    // The contract's range and type, checked before sending: exit 2, one sentence.
    expect(negative.code).toBe(2);
    expect(negative.stderr).toContain('--seconds must be 0-315360000, got -5');
    expect(word.code).toBe(2);
    expect(word.stderr).toContain('--seconds must be a number, got "soon"');
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('--seconds: required (number)');
  });

  it('clock freeze --frozen stops simulated time and --no-frozen lets it run on', async ({
    bareCli: cli,
  }) => {
    const frozen = await cli.run('mock', 'clock', 'freeze', '--frozen', '-o', 'json');
    expect(frozen.code, frozen.stderr).toBe(0);
    const still = json<{ now: string; frozen: boolean }>(
      await cli.run('mock', 'clock', 'retrieve', '-o', 'json'),
    );
    expect(still).toEqual(expect.objectContaining({ now: json<{ now: string }>(frozen).now, frozen: true }));
    const running = await cli.run('mock', 'clock', 'freeze', '--no-frozen', '-o', 'json');
    expect(json<{ frozen: boolean }>(running).frozen).toBe(false);
  });

  it('export and import round-trip the whole state; reset empties it', async ({ mock, bareCli: cli }) => {
    const tenant = await seedTenant(mock);
    await tenant.client.instances.create({ name: 'web', flavor: 'small', region: 'hn' });
    const exported = await cli.run('mock', 'state', 'export', '--file', 'state.json');
    expect(exported.code, exported.stderr).toBe(0);
    expect((await stat(join(cli.dir, 'state.json'))).mode & 0o777).toBe(0o600);
    const file = JSON.parse(await readFile(join(cli.dir, 'state.json'), 'utf8'));
    expect(file).toEqual(await stateOf(mock));
    expect(JSON.stringify(file)).not.toContain('"secret"');

    // Both replace the whole state: off a terminal they need --yes (exit 2, nothing changed).
    const [unaskedReset, unaskedImport] = await Promise.all([
      cli.run('mock', 'reset'),
      cli.run('mock', 'state', 'import', 'state.json'),
    ]);
    for (const result of [unaskedReset, unaskedImport]) {
      expect(result.code).toBe(2);
      expect(result.stderr).toContain('pass --yes');
    }
    expect(await stateOf(mock)).toEqual(file);

    const reset = await cli.run('mock', 'reset', '--yes');
    expect(reset.code).toBe(0);
    expect((await stateOf(mock)).tables).not.toHaveProperty(`projects.${tenant.project.id}`);
    const lost = await runCli(['projects', 'list'], { ...cli.env, NIMBUS_TOKEN: tenant.accessToken });
    expect(lost.code).toBe(1);

    const imported = await cli.run('mock', 'state', 'import', 'state.json', '-y');
    expect(imported.code, imported.stderr).toBe(0);
    expect(await stateOf(mock)).toEqual(file);
    // The server kept its secret, so tokens issued before the export work again.
    const back = await runCli(['instances', 'list'], {
      ...cli.env,
      NIMBUS_TOKEN: tenant.accessToken,
      NIMBUS_PROJECT: tenant.project.id,
    });
    expect(json<{ name: string }[]>(back).map((i) => i.name)).toEqual(['web']);

    const [missing, refused] = await Promise.all([
      cli.run('mock', 'state', 'import', 'nope.json', '--yes'),
      cli.run('mock', 'state', 'import', await cli.write('bad.json', '{"tables": 5}'), '--yes'),
    ]);
    expect(missing.code).toBe(2);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('(VALIDATION_ERROR)');
  });

  it('requests prints the journal, filtered; export --include-secret makes tokens portable', async ({
    mock,
    bareCli: cli,
  }) => {
    await mock.reset();
    const tenant = await seedTenant(mock);
    await tenant.client.instances.create({ name: 'web', flavor: 'small', region: 'hn' });
    const created = await cli.run(
      'mock',
      'requests',
      'list',
      '--method',
      'POST',
      '--path',
      '/api/v1/instances',
    );
    expect(created.code, created.stderr).toBe(0);
    const items = json<{ method: string; path: string; status: number; body: unknown }[]>(created);
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ method: 'POST', status: 201, body: { flavor: 'small' } });
    const [auth, bad, lower] = await Promise.all([
      cli.run('mock', 'requests', 'list', '--path', '/api/v1/auth/*', '--status', '200'),
      cli.run('mock', 'requests', 'list', '--status', 'ok'),
      cli.run('mock', 'requests', 'list', '--method', 'post'),
    ]);
    expect(json<{ path: string }[]>(auth).map((r) => r.path)).toEqual(['/api/v1/auth/login']);
    expect(JSON.stringify(json(auth))).not.toContain(tenant.user.password);
    expect(bad.code).toBe(2);
    // The contract's enum, with the one meant.
    expect(lower.code).toBe(2);
    expect(lower.stderr).toContain('Did you mean POST?');

    // The journal emptied alone: the state stays.
    const cleared = await cli.run('mock', 'requests', 'clear');
    expect(cleared.code, cleared.stderr).toBe(0);
    expect(cleared.stderr).toContain('Empty the request journal: done');
    expect(await mock.requests()).toEqual([]);

    // An existing file readable by all is narrowed to its owner: the export holds the signing secret.
    await writeFile(join(cli.dir, 'portable.json'), '', { mode: 0o644 });
    const exported = await cli.run('mock', 'state', 'export', '--include-secret', '--file', 'portable.json');
    expect(exported.code, exported.stderr).toBe(0);
    expect((await stat(join(cli.dir, 'portable.json'))).mode & 0o777).toBe(0o600);
    // A query's true/false is a switch that also takes the word, sent as the text the route reads.
    const [explicit, off] = await Promise.all([
      cli.run('mock', 'state', 'export', '--include-secret', 'true'),
      cli.run('mock', 'state', 'export', '--no-include-secret'),
    ]);
    expect(json<{ secret?: string }>(explicit).secret).toEqual(expect.any(String));
    expect(json<{ secret?: string }>(off)).not.toHaveProperty('secret');
    const other = await startMockServer();
    try {
      const imported = await runCli(['mock', 'state', 'import', join(cli.dir, 'portable.json'), '--yes'], {
        ...cli.env,
        NIMBUS_BASE_URL: other.url,
      });
      expect(imported.code, imported.stderr).toBe(0);
      const list = await runCli(['instances', 'list'], {
        ...cli.env,
        NIMBUS_BASE_URL: other.url,
        NIMBUS_TOKEN: tenant.accessToken,
        NIMBUS_PROJECT: tenant.project.id,
      });
      expect(list.code, list.stderr).toBe(0);
      expect(json<{ name: string }[]>(list).map((i) => i.name)).toEqual(['web']);
    } finally {
      await other.close();
    }
  });

  it('has no command under an old name: each exits 2, and the help lists the contract names', async ({
    bareCli: cli,
  }) => {
    const old = [
      ['faults', 'add', '--path', '/nowhere', '--status', '503'],
      ['faults', 'rm', 'x'],
      ['export', '--file', 'old.json'],
      ['import', 'old.json', '--yes'],
      ['clock', 'unfreeze'],
      ['bucket-name', 'x'],
      ['set-quotas', crypto.randomUUID(), '--limit', 'instances=1'],
      ['set-video-tenant', crypto.randomUUID()],
      ['inject-video-event', '--camera-id', crypto.randomUUID(), '--type', 'person'],
      ['webhooks', 'deliveries', 'list'],
    ];
    for (const words of old) expect((await cli.run('mock', ...words)).code, words.join(' ')).toBe(2);

    const [mockHelp, faultsHelp] = await Promise.all([
      cli.run('mock', '--help'),
      cli.run('mock', 'faults', '--help'),
    ]);
    for (const name of ['state', 'requests', 'bucket-names', 'clock', 'quotas', 'webhook-deliveries'])
      expect(mockHelp.stdout).toMatch(new RegExp(`^ {2}${name}\\b`, 'm'));
    expect(mockHelp.stdout).toMatch(/^ {2}video-tenants\b/m);
    expect(mockHelp.stdout).toMatch(/^ {2}video-events\b/m);
    expect(faultsHelp.stdout).toMatch(/^ {2}create\b/m);
    expect(faultsHelp.stdout).toMatch(/^ {2}delete\b/m);
  });

  it('webhook-deliveries list shows every attempt, a host the server does not send to as not_sent', async ({
    mock,
    bareCli: cli,
  }) => {
    const tenant = await seedTenant(mock);
    const topic = await tenant.client.topics.create({ name: 'public-hooks' });
    const subscription = await tenant.client.topics.subscriptions.create(topic.id, {
      webhook_url: 'https://hooks.example.com/nimbus',
      event_types: '*',
    });
    await tenant.client.topics.publish(topic.id, { event_type: 'a.b', subject: 's', data: {} });
    let rows: { status: string; error: string }[] = [];
    for (let tries = 0; tries < 50 && rows.length === 0; tries++) {
      const listed = await cli.run(
        'mock',
        'webhook-deliveries',
        'list',
        '--subscription-id',
        subscription.id,
        '-o',
        'json',
      );
      expect(listed.code, listed.stderr).toBe(0);
      rows = json(listed);
      if (rows.length === 0) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(rows).toEqual([expect.objectContaining({ status: 'not_sent' })]);
    expect(rows[0]!.error).toContain('webhookAllowHosts');
  });

  it('bucket-names retrieve, quotas update, video-tenants update and video-events create call their control operation', async ({
    mock,
    bareCli: cli,
  }) => {
    const tenant = await seedTenant(mock);
    const taken = `taken-${crypto.randomUUID().slice(0, 8)}`;
    await tenant.client.buckets.create({ name: taken, region: 'hn' });
    const [busy, free] = await Promise.all([
      cli.run('mock', 'bucket-names', 'retrieve', taken, '-o', 'json'),
      cli.run('mock', 'bucket-names', 'retrieve', `free-${crypto.randomUUID().slice(0, 8)}`, '-o', 'json'),
    ]);
    expect(json<{ available: boolean }>(busy).available).toBe(false);
    expect(json<{ available: boolean }>(free).available).toBe(true);

    const quotas = await cli.run(
      'mock',
      'quotas',
      'update',
      tenant.project.id,
      '--limits',
      'instances=0',
      '-o',
      'json',
    );
    expect(quotas.code, quotas.stderr).toBe(0);
    expect(json<{ limits: Record<string, number> }>(quotas).limits).toMatchObject({ instances: 0 });
    await expect(
      tenant.client.instances.create({ name: 'over', flavor: 'nano', region: 'hn' }),
    ).rejects.toMatchObject({ status: 403 });
    const [badLimit, badNumber, badId] = await Promise.all([
      cli.run('mock', 'quotas', 'update', tenant.project.id, '--limits', 'instances'),
      cli.run('mock', 'quotas', 'update', tenant.project.id, '--limits', 'instances=-1'),
      cli.run('mock', 'quotas', 'update', 'not-a-uuid', '--limits', 'instances=1'),
    ]);
    expect(badLimit.code).toBe(2);
    expect(badLimit.stderr).toContain('--limits takes name=value or a JSON object, got "instances"');
    expect(badNumber.code).toBe(2);
    expect(badId.code).toBe(2);
    expect(badId.stderr).toContain('<project-id> must be an id');

    const plan = await cli.run(
      'mock',
      'video-tenants',
      'update',
      tenant.project.id,
      '--camera-limit',
      '2',
      '--features',
      'motion,person',
      '-o',
      'json',
    );
    expect(plan.code, plan.stderr).toBe(0);
    expect(json(plan)).toMatchObject({ camera_limit: 2, features: ['motion', 'person'] });
    const typo = await cli.run(
      'mock',
      'video-tenants',
      'update',
      tenant.project.id,
      '--features',
      'motion,persn',
    );
    expect(typo.code).toBe(2);
    expect(typo.stderr).toContain('Did you mean person?');

    const video = await tenant.client.auth.workloadToken({
      project_id: tenant.project.id,
      scopes: ['cameras:write', 'events:read'],
      ttl_seconds: 600,
    });
    const made = await tenant.client.video
      .withToken(video.token)
      .cameras.create({ name: 'door', rtsp_url: 'rtsp://10.0.0.5/s', features: ['person'] });
    const injected = await cli.run(
      'mock',
      'video-events',
      'create',
      '--camera',
      made.id,
      '--type',
      'person',
      '-o',
      'json',
    );
    expect(injected.code, injected.stderr).toBe(0);
    expect(json(injected)).toMatchObject({ camera_id: made.id, type: 'person' });
  });

  it('docs asset writes a file of the reference page; an unknown name is a usage error with the one meant', async ({
    bareCli: cli,
  }) => {
    const icon = await cli.run('mock', 'docs', 'asset', 'favicon.svg');
    expect(icon.code, icon.stderr).toBe(0);
    expect(icon.stdout).toContain('<svg');
    const typo = await cli.run('mock', 'docs', 'asset', 'favicon.svgg');
    expect(typo.code).toBe(2);
    expect(typo.stderr).toContain('Did you mean favicon.svg?');
  });

  it('token logs a user in and prints an access token', async ({ mock, bareCli: cli }) => {
    const email = `token-${crypto.randomUUID().slice(0, 8)}@example.com`;
    await mock.client.auth.register({ email, password: 'correct-horse-battery', full_name: 'Tok' });
    const token = await cli.run('mock', 'token', '--email', email, '--password', 'correct-horse-battery');
    expect(token.code, token.stderr).toBe(0);
    const me = await runCli(['whoami'], { ...cli.env, NIMBUS_TOKEN: token.stdout.trim() });
    expect(json(me)).toMatchObject({ email });
    expect((await cli.run('mock', 'token', '--email', email)).code).toBe(2);
  });

  it('start serves the demo tenant until a signal stops it (exit 0)', async ({ bareCli: cli }) => {
    const child = spawn(
      process.execPath,
      [BIN, 'mock', 'start', '--in-memory', '--port', '0', '--delay', '0', '--no-simulator'],
      {
        // NODE_ENV=test, as a test runner would leave it: `mock start` still hashes at the standard cost.
        env: { PATH: process.env.PATH ?? '', NIMBUS_CONFIG: join(cli.dir, 'start.json'), NODE_ENV: 'test' },
      },
    );
    let output = '';
    const url = await new Promise<string>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        const found = /listening on (http:\/\/\S+)/.exec(output);
        if (found && output.includes('token')) resolve(found[1]!);
      });
      child.once('exit', (code) => reject(new Error(`mock start exited (${code}): ${output}`)));
    });
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    try {
      expect(output).toContain('demo@nimbus.dev');
      expect(output).toContain(`  dashboard   ${url}/__mock/ui\n`);
      const env = { NIMBUS_CONFIG: join(cli.dir, 'start.json'), NIMBUS_BASE_URL: url };
      const token = await runCli(['mock', 'token'], env);
      expect(token.code, token.stderr).toBe(0);
      const projects = await runCli(['projects', 'list'], { ...env, NIMBUS_TOKEN: token.stdout.trim() });
      expect(json<{ name: string }[]>(projects).map((p) => p.name)).toEqual(['Demo']);
      // The standard password cost (no `ln=` in the hash), though NODE_ENV is test.
      const state = (await (await fetch(`${url}/__mock/state`)).json()) as {
        tables: { users: Record<string, { password_hash: string }> };
      };
      const hashes = Object.values(state.tables.users).map((user) => user.password_hash);
      expect(hashes).toEqual([expect.stringMatching(/^scrypt\$[^$]+\$[^$]+$/)]);
      // Every address the banner shows below the base URL answers when opened (the metrics with
      // the basic auth it names, the curl line's listing without its token: 401, not 404).
      const banner = output.slice(0, output.indexOf('Demo tenant'));
      const shown = [...banner.matchAll(/^ {2}\S.*?(http:\/\/\S+)/gm)].map((line) => line[1]!);
      expect(shown).toEqual([
        `${url}/docs`,
        `${url}/api/v1/openapi.json`,
        `${url}/v2/openapi.json`,
        expect.stringMatching(/\/v2\/metrics$/),
        `${url}/__mock/ui`,
      ]);
      const basic = /basic auth (\S+):(\S+)\)/.exec(output)!;
      for (const address of shown) {
        const authorization = `Basic ${Buffer.from(`${basic[1]}:${basic[2]}`).toString('base64')}`;
        const answer = await fetch(address, { headers: { authorization } });
        expect(answer.status, address).toBe(200);
      }
      const tried = /curl .* (http:\/\/\S+)/.exec(output)![1]!;
      expect((await fetch(tried)).status).toBe(401);
      // The "Try" lines work when pasted: the export sets what the curl line reads.
      const pasted = output
        .slice(output.indexOf('Try (paste into a shell):'))
        .split('\n')
        .slice(1, 3)
        .join('\n');
      const listed = execFileSync('bash', ['-c', `${pasted} -s`], { encoding: 'utf8' });
      expect(JSON.parse(listed)).toMatchObject({ success: true, data: expect.any(Array) });
    } finally {
      child.kill('SIGTERM');
    }
    expect(await exited).toBe(0);
  });

  it('start refuses a state file another server runs on (exit 2), naming its pid and URL; the lock goes with a signal', async ({
    bareCli: cli,
  }) => {
    const statePath = join(cli.dir, 'shared', 'state.json');
    const args = ['mock', 'start', '--state', statePath, '--port', '0', '--no-seed', '--no-simulator'];
    const env = { NIMBUS_CONFIG: join(cli.dir, 'start-locked.json') };
    const first = await startedServer(args, env);
    try {
      const second = await runCli(args, env);
      expect(second.code).toBe(2);
      expect(second.stderr).toContain(`State file ${statePath} is in use by another Nimbus server`);
      expect(second.stderr).toContain(`pid ${first.child.pid}, ${first.url}`);
      expect(second.stderr).toContain('--state <file>) or --in-memory');
    } finally {
      first.child.kill('SIGTERM');
    }
    expect(await first.exited).toBe(0);
    await expect(readFile(`${statePath}.lock`)).rejects.toMatchObject({ code: 'ENOENT' });

    // Free again: the next server starts on the file, and Ctrl-C (SIGINT) removes its lock too.
    const next = await startedServer(args, env);
    expect(JSON.parse(await readFile(`${statePath}.lock`, 'utf8'))).toMatchObject({
      pid: next.child.pid,
      url: next.url,
    });
    next.child.kill('SIGINT');
    expect(await next.exited).toBe(0);
    await expect(readFile(`${statePath}.lock`)).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('start takes an fsync policy for the state file’s log and says it; refuses an unknown one and a hard-linked file (exit 2)', async ({
    bareCli: cli,
  }) => {
    const statePath = join(cli.dir, 'fsync', 'state.json');
    const args = ['mock', 'start', '--state', statePath, '--port', '0', '--no-seed', '--no-simulator'];
    const env = { NIMBUS_CONFIG: join(cli.dir, 'start-fsync.json') };
    const server = await startedServer([...args, '--fsync', 'always'], env);
    expect(server.output()).toContain(`${statePath} (fsync always)`);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);

    const unknown = await runCli([...args, '--fsync', 'sometimes'], env);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain(
      "argument 'sometimes' is invalid. Allowed choices are always, everysec, no.",
    );

    await link(statePath, join(cli.dir, 'fsync', 'other.json'));
    const linked = await runCli(args, env);
    expect(linked.code).toBe(2);
    expect(linked.stderr).toContain(`State file ${statePath} has 2 hard links`);
  });

  it('start beyond loopback prints a control token once; mock commands send it from the flag or env', async ({
    bareCli: cli,
  }) => {
    const child = spawn(
      process.execPath,
      [
        BIN,
        'mock',
        'start',
        '--in-memory',
        '--port',
        '0',
        '--host',
        '0.0.0.0',
        '--no-seed',
        '--no-simulator',
      ],
      { env: { PATH: process.env.PATH ?? '', NIMBUS_CONFIG: join(cli.dir, 'start-lan.json') } },
    );
    let output = '';
    const [url, token] = await new Promise<[string, string]>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        const found = /listening on (http:\/\/\S+)/.exec(output);
        const token = /need this token \(shown once\): (\S+)/.exec(output);
        if (found && token) resolve([found[1]!, token[1]!]);
      });
      child.once('exit', (code) => reject(new Error(`mock start exited (${code}): ${output}`)));
    });
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    try {
      // Metrics too need a credential made at start, never the default login.
      const metricsLogin = /basic auth (metrics:[\w-]{32})\)/.exec(output)?.[1];
      expect(metricsLogin, output).toBeDefined();
      const metrics = (login: string) =>
        fetch(`${url}/v2/metrics`, { headers: { authorization: `Basic ${btoa(login)}` } });
      expect((await metrics('metrics:metrics')).status).toBe(401);
      expect((await metrics(metricsLogin!)).status).toBe(200);
      const env = { NIMBUS_CONFIG: join(cli.dir, 'start-lan.json'), NIMBUS_BASE_URL: url };
      const without = await runCli(['mock', 'clock', 'retrieve'], env);
      expect(without.code).toBe(1);
      expect(without.stderr).toContain('control token');
      const withFlag = await runCli(
        ['mock', 'clock', 'retrieve', '--control-token', token, '-o', 'json'],
        env,
      );
      expect(withFlag.code, withFlag.stderr).toBe(0);
      expect(json<{ now: string }>(withFlag).now).toEqual(expect.any(String));
      const withEnv = await runCli(['mock', 'reset', '--yes'], { ...env, NIMBUS_CONTROL_TOKEN: token });
      expect(withEnv.code, withEnv.stderr).toBe(0);
    } finally {
      child.kill('SIGTERM');
    }
    expect(await exited).toBe(0);
  });
});

/** `nimbus ...args` (a `mock start`) as a child process, once it says where it listens. */
async function startedServer(args: string[], env: Record<string, string>) {
  const child = spawn(process.execPath, [BIN, ...args], { env: { PATH: process.env.PATH ?? '', ...env } });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let output = '';
  child.stderr.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const found = /listening on (http:\/\/\S+)/.exec(output);
      if (found && output.includes('browsers')) resolve(found[1]!);
    });
    child.once('exit', (code) => reject(new Error(`mock start exited (${code}): ${output}`)));
  });
  return { child, url, exited, output: () => output };
}
