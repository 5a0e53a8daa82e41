import { readFile, stat } from 'node:fs/promises';
import { dirname } from 'node:path';
import * as OTPAuth from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MockServer, seedTenant, startMockServer } from '../../mock-server/src/entries/testing';
import { cliFor, json, runCli } from './helpers';

interface ConfigFile {
  profiles: Record<
    string,
    { base_url?: string; email?: string; access_token?: string; refresh_token?: string; project_id?: string }
  >;
}

let mock: MockServer;
beforeAll(async () => {
  // Short-lived access tokens, so moving the simulated clock makes the SDK refresh.
  mock = await startMockServer({ accessTokenTtlSeconds: 60 });
});
afterAll(() => mock.close());

async function register(): Promise<{ email: string; password: string }> {
  const email = `user-${crypto.randomUUID().slice(0, 8)}@example.com`;
  const password = 'correct-horse-battery';
  await mock.client.auth.register({ email, password, full_name: 'Ada' });
  return { email, password };
}

async function readConfig(path: string): Promise<ConfigFile> {
  return JSON.parse(await readFile(path, 'utf8')) as ConfigFile;
}

describe('nimbus login and profiles', () => {
  it('keeps the tokens in the profile, in a file only its owner can read, and later commands use them', async () => {
    const user = await register();
    const cli = await cliFor(mock);
    const login = await cli.run('login', '--email', user.email, '--password', user.password);
    expect(login.code, login.stderr).toBe(0);
    expect(login.stderr).toContain(`Logged in as ${user.email} (profile "default")`);

    expect((await stat(cli.config)).mode & 0o777).toBe(0o600);
    expect((await stat(dirname(cli.config))).mode & 0o777).toBe(0o700);
    const profile = (await readConfig(cli.config)).profiles.default!;
    expect(profile).toMatchObject({ base_url: mock.url, email: user.email });
    expect(profile.access_token).toMatch(/^ey/);
    expect(profile.refresh_token).toBeTruthy();

    const me = await cli.run('whoami');
    expect(json(me)).toMatchObject({ email: user.email });

    const logout = await cli.run('logout');
    expect(logout.code).toBe(0);
    expect((await readConfig(cli.config)).profiles.default).toEqual({
      base_url: mock.url,
      email: user.email,
    });
    const after = await cli.run('whoami');
    expect(after.code).toBe(1);
    expect(after.stderr).toContain('(UNAUTHENTICATED)');
  });

  it('refuses wrong credentials with exit 1 and writes nothing', async () => {
    const user = await register();
    const cli = await cliFor(mock);
    const result = await cli.run('login', '--email', user.email, '--password', 'wrong-password');
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('(INVALID_CREDENTIALS)');
    await expect(stat(cli.config)).rejects.toThrow(/ENOENT/);
  });

  it('persists the tokens the SDK refreshes, so the next run can refresh again', async () => {
    const user = await register();
    const cli = await cliFor(mock);
    expect((await cli.run('login', '--email', user.email, '--password', user.password)).code).toBe(0);
    const first = (await readConfig(cli.config)).profiles.default!;

    await mock.clock.advance(120);
    const refreshed = await cli.run('whoami');
    expect(refreshed.code, refreshed.stderr).toBe(0);
    const second = (await readConfig(cli.config)).profiles.default!;
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect(second.access_token).not.toBe(first.access_token);
    expect(second.email).toBe(user.email);

    // Refresh tokens are single use: this works only if the rotated one was saved.
    await mock.clock.advance(120);
    const again = await cli.run('whoami');
    expect(again.code, again.stderr).toBe(0);
    expect((await stat(cli.config)).mode & 0o777).toBe(0o600);
  });

  it('asks for a TOTP code when MFA is on: without one on a pipe it says so (exit 2), with --totp it logs in', async () => {
    const user = await register();
    const client = mock.createClient();
    await client.auth.login(user);
    const enrollment = await client.auth.mfaEnroll();
    const totp = OTPAuth.URI.parse(enrollment.otpauth_uri!) as OTPAuth.TOTP;
    const code = () => totp.generate({ timestamp: mock.clock.now().getTime() });
    expect(await client.auth.mfaEnroll({ code: code() })).toEqual({ enabled: true });
    // A code works once per 30 s step: the login takes the next step's.
    await mock.clock.advance(30);

    const cli = await cliFor(mock);
    const withoutCode = await cli.run('login', '--email', user.email, '--password', user.password);
    expect(withoutCode.code).toBe(2);
    expect(withoutCode.stderr).toContain(`${user.email} has MFA on: pass --totp <current code>`);

    const wrong = await cli.run(
      'login',
      '--email',
      user.email,
      '--password',
      user.password,
      '--totp',
      '000000',
    );
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toContain('(INVALID_MFA_CODE)');

    const login = await cli.run(
      'login',
      '--email',
      user.email,
      '--password',
      user.password,
      '--totp',
      code(),
    );
    expect(login.code, login.stderr).toBe(0);
    expect((await stat(cli.config)).mode & 0o777).toBe(0o600);
    expect(json(await cli.run('whoami'))).toMatchObject({ email: user.email, mfa_enabled: true });
  });

  it('reads flags first, then the environment, then the profile', async () => {
    const tenant = await seedTenant(mock);
    const { email, password } = tenant.user;
    const cli = await cliFor(mock);
    expect((await cli.run('login', '--email', email, '--password', password, '--profile', 'work')).code).toBe(
      0,
    );
    const config = await readConfig(cli.config);

    // Without NIMBUS_BASE_URL: the profile's server. A server that is not there stands for another.
    const env = { NIMBUS_CONFIG: cli.config, PATH: process.env.PATH ?? '' };
    const nowhere = 'http://127.0.0.1:9';
    const [byProfile, byEnv, byFlag, byToken] = await Promise.all([
      runCli(['whoami'], { ...env, NIMBUS_PROFILE: 'work' }),
      runCli(['whoami'], { ...env, NIMBUS_PROFILE: 'work', NIMBUS_BASE_URL: nowhere }),
      runCli(['whoami', '--profile', 'work', '--base-url', mock.url], { ...env, NIMBUS_BASE_URL: nowhere }),
      runCli(['whoami', '--base-url', mock.url], {
        ...env,
        NIMBUS_BASE_URL: nowhere,
        NIMBUS_TOKEN: config.profiles.work!.access_token!,
      }),
    ]);
    expect(json(byProfile)).toMatchObject({ email });
    // The environment's server wins over the profile's, which keeps its tokens to itself.
    expect(byEnv.code).toBe(2);
    expect(byEnv.stderr).toContain(`is logged in to ${mock.url}, not to ${nowhere} (NIMBUS_BASE_URL)`);
    expect(json(byFlag)).toMatchObject({ email });
    expect(json(byToken)).toMatchObject({ email });

    const use = await runCli(['use', tenant.project.id, '--profile', 'work'], env);
    expect(use.code, use.stderr).toBe(0);
    expect((await readConfig(cli.config)).profiles.work).toMatchObject({
      project_id: tenant.project.id,
      email,
    });
  });
});
