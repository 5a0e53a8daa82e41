import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MockServer, startMockServer } from '../../mock-server/src/entries/testing';
import { cliFor } from './helpers';

// `mock clock advance` moves this server's clock for everyone: the file has a server of its own.
let mock: MockServer;
beforeAll(async () => {
  mock = await startMockServer();
});
afterAll(() => mock.close());

async function register(): Promise<{ email: string; password: string }> {
  const email = `user-${crypto.randomUUID().slice(0, 8)}@example.com`;
  const password = `pw-${crypto.randomUUID()}`;
  await mock.client.auth.register({ email, password, full_name: 'Ada' });
  return { email, password };
}

describe('a login past its life on the server clock', () => {
  it('is refreshed when the login holds a refresh token', async () => {
    const user = await register();
    const cli = await cliFor(mock);
    await cli.runWithInput(user.password, 'login', '--email', user.email, '--password-stdin');
    expect((await cli.run('mock', 'clock', 'advance', '--seconds', '3600')).code).toBe(0);
    const whoami = await cli.run('whoami');
    expect(whoami.code, whoami.stderr).toBe(0);
  });

  it('says that the server clock was advanced and how to log in again, for a token-only login', async () => {
    const user = await register();
    const { access_token } = await mock.client.auth.login(user);
    const cli = await cliFor(mock);
    expect((await cli.runWithInput(access_token, 'login', '--token-stdin')).code).toBe(0);
    expect((await cli.run('mock', 'clock', 'advance', '--seconds', '3600')).code).toBe(0);
    const whoami = await cli.run('whoami');
    expect(whoami.code).toBe(1);
    expect(whoami.stderr).toMatch(
      /^hint: the server's clock was advanced \(`nimbus mock clock advance`\) past the token's life, and a token given to `login --token-stdin` cannot be refreshed: log in again with `nimbus login`/m,
    );
  });
});

describe('nimbus auth refresh', () => {
  const refreshTokenOf = async (config: string) =>
    (JSON.parse(await readFile(config, 'utf8')) as { profiles: { default: { refresh_token?: string } } })
      .profiles.default.refresh_token;

  it("rotates a password login's tokens and keeps the new pair in the profile", async () => {
    const user = await register();
    const cli = await cliFor(mock);
    await cli.runWithInput(user.password, 'login', '--email', user.email, '--password-stdin');
    const before = await refreshTokenOf(cli.config);
    const refreshed = await cli.run('auth', 'refresh');
    expect(refreshed.code, refreshed.stderr).toBe(0);
    expect(refreshed.stderr).toContain('Refreshed the tokens of profile "default"');
    const after = await refreshTokenOf(cli.config);
    expect(after).toBeDefined();
    expect(after).not.toBe(before);
    expect((await cli.run('whoami')).code).toBe(0);
  });

  it('says a token-only login has nothing to refresh (exit 2)', async () => {
    const user = await register();
    const { access_token } = await mock.client.auth.login(user);
    const cli = await cliFor(mock);
    await cli.runWithInput(access_token, 'login', '--token-stdin');
    const refreshed = await cli.run('auth', 'refresh');
    expect(refreshed.code).toBe(2);
    expect(refreshed.stderr).toMatch(
      /^error: Nothing to refresh: only a login with a password holds a refresh token/m,
    );
  });
});
