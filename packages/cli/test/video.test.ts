import { spawn } from 'node:child_process';
import { readFile, stat } from 'node:fs/promises';
import * as OTPAuth from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MockServer, seedTenant, startMockServer } from '../../mock-server/src/entries/testing';
import { videoServices } from '../../mock-server/src/families/v2/services';
import { BIN, type Cli, cliFor, json, onTerminal } from './helpers';

let mock: MockServer;
beforeAll(async () => {
  mock = await startMockServer();
});
afterAll(() => mock.close());

interface CachedToken {
  token: string;
  project_id: string;
  scopes: string[];
  expires_at: string;
}

/** A tenant logged in with `nimbus login` (its password on stdin) and its project in use. */
async function loggedIn(): Promise<{ cli: Cli; projectId: string; email: string }> {
  const tenant = await seedTenant(mock);
  const cli = await cliFor(mock);
  const login = await cli.runWithInput(
    `${tenant.user.password}\n`,
    'login',
    '--email',
    tenant.user.email,
    '--password-stdin',
  );
  expect(login.code, login.stderr).toBe(0);
  expect((await cli.run('use', tenant.project.id)).code).toBe(0);
  return { cli, projectId: tenant.project.id, email: tenant.user.email };
}

async function cachedToken(cli: Cli): Promise<CachedToken | undefined> {
  return JSON.parse(await readFile(cli.config, 'utf8')).profiles.default.workload_token;
}

function claims(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8'));
}

async function issuedTokens(projectId: string): Promise<number> {
  const state = (await mock.client.mock.state.export()) as unknown as {
    tables: { audit_logs?: Record<string, { event?: string; details?: { project_id?: string } }> };
  };
  return Object.values(state.tables.audit_logs ?? {}).filter(
    (row) => row.event === 'workload_token.issued' && JSON.stringify(row).includes(projectId),
  ).length;
}

async function addCamera(cli: Cli, name = 'gate'): Promise<string> {
  const created = await cli.run(
    'cameras',
    'create',
    '--name',
    name,
    '--rtsp-url',
    'rtsp://admin:hunter22@10.0.0.5:554/s',
    '--features',
    'person,vehicle',
  );
  expect(created.code, created.stderr).toBe(0);
  return json<{ id: string }>(created).id;
}

describe('/v2 commands after `nimbus login`', () => {
  it('mint a workload token from the session, keep it (0600) and reuse it until it expires', async () => {
    const { cli, projectId } = await loggedIn();
    const cameraId = await addCamera(cli);
    const listed = await cli.run('cameras', 'list');
    expect(listed.code, listed.stderr).toBe(0);
    expect(json<{ id: string }[]>(listed).map((c) => c.id)).toEqual([cameraId]);

    const first = (await cachedToken(cli))!;
    expect(first.project_id).toBe(projectId);
    expect(first.scopes).toEqual(['cameras:write', 'cameras:read']);
    expect(claims(first.token)).toMatchObject({
      typ: 'workload',
      tenant_id: projectId,
      scope: 'cameras:write cameras:read',
    });
    expect((await stat(cli.config)).mode & 0o777).toBe(0o600);
    expect(await issuedTokens(projectId)).toBe(2); // create minted one, list added cameras:read

    // Cached: more commands with the same scopes mint nothing.
    expect((await cli.run('cameras', 'list')).code).toBe(0);
    expect(await issuedTokens(projectId)).toBe(2);
    expect((await cachedToken(cli))!.token).toBe(first.token);

    // Past its hour by the server's clock (and the session's access token with it): renewed.
    await mock.clock.advance(2 * 3600);
    const later = await cli.run('cameras', 'list');
    expect(later.code, later.stderr).toBe(0);
    expect(json<unknown[]>(later)).toHaveLength(1);
    const second = (await cachedToken(cli))!;
    expect(second.token).not.toBe(first.token);
    expect(second.scopes).toEqual(first.scopes);
    expect((await stat(cli.config)).mode & 0o777).toBe(0o600);
  });

  it('ask only for the scopes the commands use; events, playback and HLS work with the same session', async () => {
    const { cli, projectId } = await loggedIn();
    const cameraId = await addCamera(cli);
    const event = await mock.client.mock.videoEvents.create({ camera_id: cameraId, type: 'person' });
    await mock.clock.advance(3600); // the hour of the event is recorded

    const events = await cli.run('events', 'list', '--camera', cameraId);
    expect(events.code, events.stderr).toBe(0);
    expect(json<{ id: string }[]>(events).map((e) => e.id)).toEqual([event.id]);

    const at = await cli.run('playback', 'for-event', event.id);
    expect(at.code, at.stderr).toBe(0);
    const playlistUrl = json<{ playlist_url: string }>(at).playlist_url;
    const [, date, hour] = /\/(\d{4}-\d{2}-\d{2})\/(\d{2})\//.exec(playlistUrl)!;

    const timeline = await cli.run('playback', 'timeline', '--camera', cameraId, '--date', date!);
    expect(timeline.code, timeline.stderr).toBe(0);
    expect(json<{ hours: string[] }>(timeline).hours).toContain(hour);

    const playlist = await cli.run('playback', 'playlist', cameraId, date!, hour!);
    expect(playlist.code, playlist.stderr).toBe(0);
    expect(playlist.stdout.startsWith('#EXTM3U\n')).toBe(true);
    expect(playlist.stdout).toMatch(/^\d{3}\.ts/m);

    const cached = (await cachedToken(cli))!;
    expect(cached.scopes.sort()).toEqual(['cameras:write', 'events:read', 'playback:read']);
    expect(String(claims(cached.token).scope).split(' ').sort()).toEqual(cached.scopes);
    expect(claims(cached.token).tenant_id).toBe(projectId);
  });

  it('say what is missing: a project (exit 2), a login (exit 1 with a hint)', async () => {
    const tenant = await seedTenant(mock);
    const noProject = await cliFor(mock);
    await noProject.runWithInput(
      `${tenant.user.password}\n`,
      'login',
      '--email',
      tenant.user.email,
      '--password-stdin',
    );
    const withoutProject = await noProject.run('cameras', 'list');
    expect(withoutProject.code).toBe(2);
    expect(withoutProject.stderr).toContain('The video API works on a project: pass --project <id>');

    const anonymous = await cliFor(mock, { NIMBUS_PROJECT: tenant.project.id });
    const loggedOut = await anonymous.run('cameras', 'list');
    expect(loggedOut.code).toBe(1);
    expect(loggedOut.stderr).toContain('(UNAUTHENTICATED)');
    expect(loggedOut.stderr).toContain('hint: log in with `nimbus login`');
  });

  it('take NIMBUS_TOKEN: a workload token as it is, a user token to mint one (kept nowhere)', async () => {
    const tenant = await seedTenant(mock);
    const { token } = await tenant.client.auth.workloadToken({
      project_id: tenant.project.id,
      scopes: ['cameras:read'],
    });
    const byWorkload = await cliFor(mock, { NIMBUS_TOKEN: token });
    const listed = await byWorkload.run('cameras', 'list');
    expect(listed.code, listed.stderr).toBe(0);
    const denied = await byWorkload.run('events', 'list');
    expect(denied.code).toBe(1);
    expect(denied.stderr).toContain('INSUFFICIENT_SCOPE');

    const byUser = await cliFor(mock, {
      NIMBUS_TOKEN: tenant.accessToken,
      NIMBUS_PROJECT: tenant.project.id,
    });
    expect((await byUser.run('events', 'list')).code).toBe(0);
    await expect(stat(byUser.config)).rejects.toThrow(/ENOENT/);
  });
});

describe('binary answers', () => {
  it('are refused on a terminal, naming a redirect (exit 2), and written as sent when redirected', async () => {
    const { cli } = await loggedIn();
    const cameraId = await addCamera(cli, 'door');
    const event = await mock.client.mock.videoEvents.create({ camera_id: cameraId, type: 'person' });
    await mock.clock.advance(3600); // the hour of the event is recorded
    const at = json<{ playlist_url: string }>(await cli.run('playback', 'for-event', event.id));
    const [, date, hour] = /\/(\d{4}-\d{2}-\d{2})\/(\d{2})\//.exec(at.playlist_url)!;
    const args = ['playback', 'snapshot', cameraId, date!, hour!, `${event.id}.jpg`];

    const refused = await onTerminal(cli, args, '');
    expect(refused.code).toBe(2);
    expect(refused.output).toContain(
      'error: nimbus playback snapshot answers binary data, which a terminal cannot show: redirect it to a file (nimbus playback snapshot ... > snapshot.jpg) or pipe it to a program',
    );

    const file = `${cli.dir}/snapshot.jpg`;
    const redirected = await onTerminal(cli, args, '', { stdout: file });
    expect(redirected.code, redirected.output).toBe(0);
    expect([...(await readFile(file)).subarray(0, 2)]).toEqual([0xff, 0xd8]);
  });
});

describe('health metrics', () => {
  it('takes basic-auth flags or environment variables, and says when they are missing', async () => {
    const cli = await cliFor(mock);
    const missing = await cli.run('health', 'metrics');
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('--username and --password, or NIMBUS_METRICS_USERNAME');

    const byFlags = await cli.run('health', 'metrics', '--username', 'metrics', '--password', 'metrics');
    expect(byFlags.code, byFlags.stderr).toBe(0);
    expect(byFlags.stdout).toMatch(/^# (HELP|TYPE) /m);
    expect(byFlags.stdout.startsWith('"')).toBe(false); // the text itself, not a JSON string

    const byEnv = await cliFor(mock, {
      NIMBUS_METRICS_USERNAME: 'metrics',
      NIMBUS_METRICS_PASSWORD: 'metrics',
    });
    expect((await byEnv.run('health', 'metrics')).stdout).toMatch(/^# TYPE /m);

    const wrong = await cli.run('health', 'metrics', '--username', 'metrics', '--password', 'nope');
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toContain('(UNAUTHENTICATED)');
  });
});

/** A long-running `nimbus ...`, its output as it comes. */
function start(cli: Cli, args: string[]) {
  const child = spawn(process.execPath, [BIN, ...args], {
    cwd: cli.dir,
    env: { PATH: process.env.PATH ?? '', NO_PROXY: '*', ...cli.env },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString('utf8');
  });
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8');
  });
  const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
  const until = async (check: () => boolean, what: string) => {
    const deadline = Date.now() + 15_000;
    while (!check()) {
      if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}: ${stdout}\n${stderr}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  return {
    child,
    exited,
    until,
    get stdout() {
      return stdout;
    },
    get stderr() {
      return stderr;
    },
  };
}

function lines(text: string): { id: string; camera_id: string; type: string }[] {
  return text
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line));
}

describe('events tail', () => {
  it('follows the stream live as JSON lines, filtered by --camera and --type, until SIGINT (exit 130)', async () => {
    const { cli } = await loggedIn();
    const door = await addCamera(cli, 'door');
    const yard = await addCamera(cli, 'yard');
    const tail = start(cli, ['events', 'tail', '--camera', door, '--type', 'person']);
    try {
      await tail.until(() => tail.stderr.includes('Following events'), 'the stream to open');
      const wanted = await mock.client.mock.videoEvents.create({ camera_id: door, type: 'person' });
      await mock.client.mock.videoEvents.create({ camera_id: door, type: 'vehicle' });
      await mock.client.mock.videoEvents.create({ camera_id: yard, type: 'person' });
      const last = await mock.client.mock.videoEvents.create({ camera_id: door, type: 'person' });
      await tail.until(() => tail.stdout.includes(last.id), 'the second event');
      tail.child.kill('SIGINT');
      expect(await tail.exited).toBe(130);
      expect(lines(tail.stdout).map((e) => e.id)).toEqual([wanted.id, last.id]);
      expect(lines(tail.stdout)[0]).toMatchObject({ camera_id: door, type: 'person' });
    } finally {
      tail.child.kill();
    }
  });

  it('carries on with a new token when the old one expired during the tail, missing and repeating nothing', async () => {
    const { cli } = await loggedIn();
    const door = await addCamera(cli, 'door');
    const tail = start(cli, ['events', 'tail', '--camera', door]);
    try {
      await tail.until(() => tail.stderr.includes('Following events'), 'the stream to open');
      const before = await mock.client.mock.videoEvents.create({ camera_id: door, type: 'person' });
      await tail.until(() => tail.stdout.includes(before.id), 'the first event');
      const printed = [before.id];
      const tokens = [(await cachedToken(cli))!.token];

      // Two hours on, twice, the connection drops: the reconnection is refused (401) with the old token.
      for (const round of [1, 2]) {
        await mock.clock.advance(2 * 3600);
        for (const connection of [...videoServices(mock.server.app.runtime).streams]) connection.terminate();
        const during = await mock.client.mock.videoEvents.create({ camera_id: door, type: 'person' });
        const opened = () => tail.stderr.split('Following events').length - 1;
        await tail.until(() => opened() === round + 1, 'the stream to reopen');
        const after = await mock.client.mock.videoEvents.create({ camera_id: door, type: 'person' });
        await tail.until(() => tail.stdout.includes(after.id), 'the event after the new token');
        printed.push(during.id, after.id);
        tokens.push((await cachedToken(cli))!.token);
      }
      // SIGTERM (a supervisor stopping it) ends it as a shell reports a terminated command.
      tail.child.kill('SIGTERM');
      expect(await tail.exited).toBe(143);
      expect(lines(tail.stdout).map((e) => e.id)).toEqual(printed);
      expect(new Set(tokens).size).toBe(3);
    } finally {
      tail.child.kill();
    }
  });

  it('replays stored events with --since and stops after --limit; --duration ends a quiet stream', async () => {
    const { cli } = await loggedIn();
    const door = await addCamera(cli, 'door');
    const since = mock.clock.now().toISOString();
    // Distinct times: events of one millisecond replay in id order, not in the order recorded.
    const first = await mock.client.mock.videoEvents.create({ camera_id: door, type: 'vehicle' });
    await mock.clock.advance(1);
    const second = await mock.client.mock.videoEvents.create({ camera_id: door, type: 'vehicle' });
    await mock.clock.advance(1);
    await mock.client.mock.videoEvents.create({ camera_id: door, type: 'vehicle' });

    const limited = await cli.run('events', 'tail', '--since', since, '--type', 'vehicle', '--limit', '2');
    expect(limited.code, limited.stderr).toBe(0);
    expect(lines(limited.stdout).map((e) => e.id)).toEqual([first.id, second.id]);

    const quiet = await cli.run('events', 'tail', '--type', 'face', '--duration', '1');
    expect(quiet.code, quiet.stderr).toBe(0);
    expect(quiet.stdout).toBe('');
  });

  it('refuses bad filters before connecting (exit 2, naming the flag)', async () => {
    const cli = await cliFor(mock);
    const badType = await cli.run('events', 'tail', '--type', 'person,ghost');
    expect(badType.code).toBe(2);
    expect(badType.stderr).toContain('--type:');
    const badCamera = await cli.run('events', 'tail', '--camera', 'door-1');
    expect(badCamera.code).toBe(2);
    expect(badCamera.stderr).toContain('--camera: must be a UUID');
    const badLimit = await cli.run('events', 'tail', '--limit', '0');
    expect(badLimit.code).toBe(2);
    expect(badLimit.stderr).toContain('--limit must be a positive number');
  });
});

describe('nimbus auth', () => {
  it('registers, enrolls and verifies MFA, and mints workload tokens with the scopes asked for', async () => {
    const cli = await cliFor(mock);
    const email = `user-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const password = `pw-${crypto.randomUUID()}`;
    const registered = await cli.runWithInput(
      `${password}\n`,
      'auth',
      'register',
      '--email',
      email,
      '--full-name',
      'Ada',
      '--password-stdin',
    );
    expect(registered.code, registered.stderr).toBe(0);
    expect(json(registered)).toMatchObject({ email, full_name: 'Ada', mfa_enabled: false });
    expect(registered.stdout + registered.stderr).not.toContain(password);
    const login = await cli.runWithInput(`${password}\n`, 'login', '--email', email, '--password-stdin');
    expect(login.code, login.stderr).toBe(0);

    const enrolled = await cli.run('auth', 'mfa', 'enroll');
    expect(enrolled.code, enrolled.stderr).toBe(0);
    const { otpauth_uri } = json<{ otpauth_uri: string }>(enrolled);
    const totp = OTPAuth.URI.parse(otpauth_uri) as OTPAuth.TOTP;
    const wrong = await cli.run('auth', 'mfa', 'verify', '--code', '000000');
    expect(wrong.code).toBe(1);
    const code = totp.generate({ timestamp: mock.clock.now().getTime() });
    const verified = await cli.run('auth', 'mfa', 'verify', '--code', code);
    expect(verified.code, verified.stderr).toBe(0);
    expect(json(verified)).toEqual({ enabled: true });
    expect(json(await cli.run('whoami'))).toMatchObject({ email, mfa_enabled: true });

    const project = json<{ id: string }>(await cli.run('projects', 'create', '--name', 'video'));
    const minted = await cli.run(
      'auth',
      'workload-token',
      '--project',
      project.id,
      '--scopes',
      'events:read',
    );
    expect(minted.code, minted.stderr).toBe(0);
    const token = minted.stdout.trim();
    expect(claims(token)).toMatchObject({ typ: 'workload', tenant_id: project.id, scope: 'events:read' });
    const video = mock.createClient({ accessToken: token }).video;
    await expect(video.events.list()).resolves.toBeDefined();
    await expect(video.cameras.list()).rejects.toMatchObject({ code: 'INSUFFICIENT_SCOPE' });

    const full = await cli.run(
      'auth',
      'workload-token',
      '--project',
      project.id,
      '-o',
      'json',
      '--ttl-seconds',
      '120',
    );
    expect(json(full)).toMatchObject({ token_type: 'Bearer', expires_in: 120 });
    expect(String(claims(json<{ token: string }>(full).token).scope).split(' ')).toHaveLength(4);
    const bad = await cli.run('auth', 'workload-token', '--project', project.id, '--scopes', 'cameras:admin');
    expect(bad.code).toBe(2);
  });
});
