import { spawn } from 'node:child_process';
import { readFile, stat } from 'node:fs/promises';
import { describe, expect } from 'vitest';
import type { MockServer } from '../../mock-server/src/entries/testing';
import { BIN, cliFor, it, json } from './helpers';

async function register(mock: MockServer): Promise<{ email: string; password: string }> {
  const email = `user-${crypto.randomUUID().slice(0, 8)}@example.com`;
  const password = `pw-${crypto.randomUUID()}`;
  await mock.client.auth.register({ email, password, full_name: 'Ada' });
  return { email, password };
}

/**
 * Runs the built CLI on a real pseudo-terminal (util-linux `script`), answering each prompt
 * once it has appeared, as a person would: typed before the prompt, the terminal's own echo
 * (still on) would show it whatever the CLI does. `output` is everything the terminal showed.
 */
function runOnTerminal(
  args: string[],
  env: Record<string, string>,
  answers: { prompt: string; answer: string }[],
): Promise<{ code: number | null; output: string }> {
  const command = [process.execPath, BIN, ...args].map((part) => `'${part}'`).join(' ');
  const child = spawn('script', ['-qfec', command, '/dev/null'], {
    env: { PATH: process.env.PATH ?? '', NO_PROXY: '*', TERM: 'dumb', ...env },
  });
  let output = '';
  const pending = [...answers];
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString('utf8');
    const next = pending[0];
    if (next && output.includes(next.prompt)) {
      pending.shift();
      child.stdin.write(`${next.answer}\r`);
    }
  });
  const timer = setTimeout(() => child.kill(), 20_000);
  return new Promise((resolve) => {
    child.on('close', (code) => {
      clearTimeout(timer);
      child.stdin.end();
      resolve({ code, output });
    });
  });
}

describe('nimbus auth register checks the password before sending it', () => {
  it('asks again on a terminal when the password is too short, then registers', async ({ mock }) => {
    const cli = await cliFor(mock);
    const email = `user-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const password = `pw-${crypto.randomUUID()}`;
    const { code, output } = await runOnTerminal(
      ['auth', 'register', '--email', email, '--full-name', 'Ada'],
      cli.env,
      [
        { prompt: 'Password (8 characters or more): ', answer: 'short' },
        { prompt: 'try again.', answer: password },
      ],
    );
    expect(output).toContain('The password must be at least 8 characters: try again.');
    expect(code, output).toBe(0);
    expect(output).toContain(`Registered ${email}`);
    expect(output).not.toContain(password);
  });

  it('refuses a short password from --password-stdin before sending it (exit 2, one sentence)', async ({
    mock,
  }) => {
    const cli = await cliFor(mock);
    const email = `user-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const result = await cli.runWithInput(
      'short',
      ...['auth', 'register', '--email', email, '--full-name', 'Ada', '--password-stdin'],
    );
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(
      /^error: the password from --password-stdin must be at least 8 characters$/m,
    );
    expect(result.stderr).not.toContain('request id');
  });
});

describe('nimbus login keeps the password out of sight', () => {
  it('asks for the password on a terminal without echoing it', async ({ mock }) => {
    const user = await register(mock);
    const cli = await cliFor(mock);
    const { code, output } = await runOnTerminal(['login', '--email', user.email], cli.env, [
      { prompt: 'Password: ', answer: user.password },
    ]);
    expect(output).toContain('Password: ');
    expect(output).toContain(`Logged in as ${user.email}`);
    expect(output).not.toContain(user.password);
    expect(output).not.toContain(user.password.slice(0, 8));
    expect(code).toBe(0);
    expect(json(await cli.run('whoami'))).toMatchObject({ email: user.email });
  });

  it('asks for the email in the open and the password hidden, and corrects a typo with backspace', async ({
    mock,
  }) => {
    const user = await register(mock);
    const cli = await cliFor(mock);
    const { code, output } = await runOnTerminal(['login'], cli.env, [
      { prompt: 'Email: ', answer: user.email },
      // A wrong last character erased with DEL, as a terminal's backspace key sends it.
      { prompt: 'Password: ', answer: `${user.password}x\u007f` },
    ]);
    expect(output).toContain(user.email);
    expect(output).not.toContain(user.password);
    expect(code).toBe(0);
  });

  it('reads the password from stdin with --password-stdin', async ({ mock }) => {
    const user = await register(mock);
    const cli = await cliFor(mock);
    const login = await cli.runWithInput(
      `${user.password}\n`,
      'login',
      '--email',
      user.email,
      '--password-stdin',
    );
    expect(login.code, login.stderr).toBe(0);
    expect(login.stderr).toContain(`Logged in as ${user.email}`);
    expect(`${login.stdout}${login.stderr}`).not.toContain(user.password);
    expect((await stat(cli.config)).mode & 0o777).toBe(0o600);
    expect(json(await cli.run('whoami'))).toMatchObject({ email: user.email });

    const wrong = await cli.runWithInput('not-it\n', 'login', '--email', user.email, '--password-stdin');
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toContain('(INVALID_CREDENTIALS)');
    const empty = await cli.runWithInput('', 'login', '--email', user.email, '--password-stdin');
    expect(empty.code).toBe(2);
    expect(empty.stderr).toContain('--password-stdin: stdin was empty');
    const both = await cli.runWithInput(
      'x\n',
      'login',
      '--email',
      user.email,
      '--password',
      'y',
      '--password-stdin',
    );
    expect(both.code).toBe(2);
  });

  it('stops on Ctrl-C at the password prompt with exit 130, as a shell reports it, and no usage line', async ({
    mock,
  }) => {
    const user = await register(mock);
    const cli = await cliFor(mock);
    const { code, output } = await runOnTerminal(['login', '--email', user.email], cli.env, [
      { prompt: 'Password: ', answer: '\u0003' },
    ]);
    expect(code).toBe(130);
    expect(output).not.toContain('Usage:');
    expect(output).not.toContain('error:');
    expect((await cli.run('whoami')).code).not.toBe(0);
  });

  it('on a pipe without a password flag, says to use --password-stdin instead of waiting', async ({
    mock,
  }) => {
    const user = await register(mock);
    const cli = await cliFor(mock);
    const result = await cli.run('login', '--email', user.email);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--password-stdin is required when not on a terminal');
  });

  it('keeps a token read from stdin with --token-stdin, once the server knows whose it is', async ({
    mock,
  }) => {
    const user = await register(mock);
    const { access_token } = await mock.client.auth.login(user);
    const cli = await cliFor(mock);
    const login = await cli.runWithInput(`${access_token}\n`, 'login', '--token-stdin');
    expect(login.code, login.stderr).toBe(0);
    expect(login.stderr).toContain(`Logged in as ${user.email} with a token`);
    const profile = JSON.parse(await readFile(cli.config, 'utf8')).profiles.default;
    expect(profile).toMatchObject({ email: user.email, access_token, base_url: mock.url });
    expect(profile.refresh_token).toBeUndefined();
    expect((await stat(cli.config)).mode & 0o777).toBe(0o600);
    expect(json(await cli.run('whoami'))).toMatchObject({ email: user.email });

    const other = await cliFor(mock);
    const refused = await other.runWithInput('not-a-token\n', 'login', '--token-stdin');
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('(UNAUTHENTICATED)');
    await expect(stat(other.config)).rejects.toThrow(/ENOENT/);
  });
});
