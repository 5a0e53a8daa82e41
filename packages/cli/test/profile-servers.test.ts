import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage } from 'node:http';
import { describe, expect } from 'vitest';
import type { MockServer, SeededTenant } from '../../mock-server/src/entries/testing';
import { type Cli, cliFor, it, json, runCli } from './helpers';

interface Profile {
  base_url?: string;
  email?: string;
  access_token?: string;
  refresh_token?: string;
}

async function profileOf(cli: Cli, name = 'default'): Promise<Profile> {
  return (JSON.parse(await readFile(cli.config, 'utf8')) as { profiles: Record<string, Profile> }).profiles[
    name
  ]!;
}

/** A CLI logged in to `mock` as `tenant` through `nimbus login`, and the profile that wrote. */
async function loggedIn(mock: MockServer, tenant: SeededTenant): Promise<{ cli: Cli; profile: Profile }> {
  const cli = await cliFor(mock);
  const login = await cli.run('login', '--email', tenant.user.email, '--password', tenant.user.password);
  expect(login.code, login.stderr).toBe(0);
  return { cli, profile: await profileOf(cli) };
}

/** A server that answers every request 401 and remembers what it was sent. */
async function recordingServer(): Promise<{ url: string; seen: string[]; close(): void }> {
  const seen: string[] = [];
  const server = createServer((request: IncomingMessage, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => {
      body += chunk.toString();
    });
    request.on('end', () => {
      seen.push(`${request.method} ${request.url} ${request.headers.authorization ?? ''} ${body}`);
      response.writeHead(401, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ error: { code: 'UNAUTHENTICATED', message: 'Who are you?' } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as { port: number }).port}`,
    seen,
    close: () => server.close(),
  };
}

describe('a profile and the server it logged in to', () => {
  it('mock token prints a token and leaves the logged-in profile as it was', async ({ mock, tenant }) => {
    const { cli, profile: before } = await loggedIn(mock, tenant);

    const email = `other-${crypto.randomUUID().slice(0, 8)}@example.com`;
    await mock.client.auth.register({ email, password: 'another-pw-123', full_name: 'Other' });
    const token = await cli.run('mock', 'token', '--email', email, '--password', 'another-pw-123');
    expect(token.code, token.stderr).toBe(0);

    expect(await profileOf(cli)).toEqual(before);
    expect(json(await cli.run('whoami'))).toMatchObject({ email: tenant.user.email });
    const other = await runCli(['whoami'], { ...cli.env, NIMBUS_TOKEN: token.stdout.trim() }, cli.dir);
    expect(json(other)).toMatchObject({ email });
  });

  it('sends its tokens to that server only: another --base-url or NIMBUS_BASE_URL is refused (exit 2) before anything is sent', async ({
    mock,
    tenant,
  }) => {
    const { cli, profile } = await loggedIn(mock, tenant);
    const other = await recordingServer();
    try {
      const [byFlag, byEnv, generated, events] = await Promise.all([
        cli.run('whoami', '--base-url', other.url),
        runCli(['whoami'], { ...cli.env, NIMBUS_BASE_URL: other.url }, cli.dir),
        cli.run('projects', 'list', '--base-url', other.url),
        cli.run('events', 'tail', '--project', tenant.project.id, '--limit', '1', '--base-url', other.url),
      ]);
      for (const [result, source] of [
        [byFlag, '--base-url'],
        [byEnv, 'NIMBUS_BASE_URL'],
        [generated, '--base-url'],
        [events, '--base-url'],
      ] as const) {
        expect(result.code, result.stderr).toBe(2);
        expect(result.stderr).toContain(
          `error: Profile "default" is logged in to ${mock.url}, not to ${other.url} (${source})`,
        );
        expect(result.stderr).toContain(`\`nimbus login --base-url ${other.url}\``);
        expect(result.stderr).toContain('--profile <name>');
      }
      expect(other.seen).toEqual([]);

      // The same server written another way is the same server.
      const slash = await cli.run('whoami', '--base-url', `${mock.url}/`);
      expect(json(slash)).toMatchObject({ email: tenant.user.email });

      // Credentials from elsewhere go where they are told; the profile's stay home.
      const envToken = await runCli(
        ['whoami', '--base-url', other.url],
        { ...cli.env, NIMBUS_TOKEN: 'token-for-the-other-server' },
        cli.dir,
      );
      expect(envToken.code).toBe(1);
      expect(other.seen).toHaveLength(1);
      expect(other.seen[0]).toContain('Bearer token-for-the-other-server');
      for (const line of other.seen) {
        expect(line).not.toContain(profile.access_token);
        expect(line).not.toContain(profile.refresh_token);
      }
      expect(await profileOf(cli)).toEqual(profile);
    } finally {
      other.close();
    }
  });

  it('commands that take no login work with any server, and login there makes the profile its', async ({
    mock,
    tenant,
  }) => {
    const { cli, profile } = await loggedIn(mock, tenant);
    // The same server under another name (127.0.0.1 against localhost) counts as another.
    const elsewhere = mock.url.replace('127.0.0.1', 'localhost');
    const [clock, token] = await Promise.all([
      cli.run('mock', 'clock', 'retrieve', '--base-url', elsewhere),
      cli.run(
        'mock',
        'token',
        '--email',
        tenant.user.email,
        '--password',
        tenant.user.password,
        '--base-url',
        elsewhere,
      ),
    ]);
    expect(clock.code, clock.stderr).toBe(0);
    expect(token.code, token.stderr).toBe(0);
    const refused = await cli.run('whoami', '--base-url', elsewhere);
    expect(refused.code).toBe(2);
    expect(await profileOf(cli)).toEqual(profile);

    const login = await cli.run(
      'login',
      '--email',
      tenant.user.email,
      '--password',
      tenant.user.password,
      '--base-url',
      elsewhere,
    );
    expect(login.code, login.stderr).toBe(0);
    expect((await profileOf(cli)).base_url).toBe(elsewhere);
    expect(json(await cli.run('whoami', '--base-url', elsewhere))).toMatchObject({
      email: tenant.user.email,
    });
  });
});

describe('NIMBUS_TOKEN refused', () => {
  it('hints at NIMBUS_TOKEN, not at logging in, which would not help', async ({ mock }) => {
    const cli = await cliFor(mock, { NIMBUS_TOKEN: 'bogus' });
    const result = await cli.run('whoami');
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('(UNAUTHENTICATED)');
    expect(result.stderr).toMatch(/^hint: NIMBUS_TOKEN .*unset it/m);
    expect(result.stderr).not.toContain('hint: log in with `nimbus login`');

    const anonymous = await (await cliFor(mock)).run('whoami');
    expect(anonymous.stderr).toContain('hint: log in with `nimbus login`');
  });
});

describe('a base URL that is no http(s) URL', () => {
  it('is a usage error (exit 2) naming the flag or variable, before anything is sent', async ({ mock }) => {
    const cli = await cliFor(mock);
    const [noScheme, word, env, ftp] = await Promise.all([
      cli.run('instances', 'list', '--base-url', '127.0.0.1:4010'),
      cli.run('whoami', '--base-url', 'not-a-url'),
      runCli(['mock', 'clock', 'retrieve'], { ...cli.env, NIMBUS_BASE_URL: 'not-a-url' }, cli.dir),
      cli.run('mock', 'clock', 'retrieve', '--base-url', 'ftp://127.0.0.1:4010'),
    ]);
    for (const [result, source, value] of [
      [noScheme, '--base-url', '127.0.0.1:4010'],
      [word, '--base-url', 'not-a-url'],
      [env, 'NIMBUS_BASE_URL', 'not-a-url'],
      [ftp, '--base-url', 'ftp://127.0.0.1:4010'],
    ] as const) {
      expect(result.code, result.stderr).toBe(2);
      expect(result.stderr).toContain(
        `error: ${source} must be an http(s) URL such as http://127.0.0.1:4010, got "${value}"`,
      );
      expect(result.stderr).not.toContain('cannot reach');
    }
  });
});
