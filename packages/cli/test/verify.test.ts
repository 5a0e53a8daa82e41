import { execFile, spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { type AddressInfo, createServer } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MockServer } from '../../mock-server/src/entries/testing';
import { startDriftingProxy } from '../../mock-server/test/verify/drifting-proxy';
import { startVerifyTarget } from '../../mock-server/test/verify/verify-target';
import { BIN, type Cli, cliFor } from './helpers';

/**
 * `nimbus verify` against a reference server started here: the whole contract with no
 * divergence (exit 0, one JSON document, JUnit), a drift (exit 1, the table), usage mistakes
 * and an unreachable target (exit 2), and SIGINT/SIGTERM (exit 130/143 once what it made is
 * deleted).
 */

const OWNER = { email: 'verify-owner@cli.test', password: 'owner-pass-1234' };
let mock: MockServer;
let cli: Cli;

beforeAll(async () => {
  mock = await startVerifyTarget();
  await mock.client.auth.register({ ...OWNER, full_name: 'Owner' });
  cli = await cliFor(mock, { NIMBUS_METRICS_USERNAME: 'metrics', NIMBUS_METRICS_PASSWORD: 'metrics' });
}, 30_000);
afterAll(() => mock.close());

const signIn = ['--email', OWNER.email, '--password-stdin'];

/** `nimbus` with `stdin`, allowed the better part of a minute: a whole run on a loaded machine. */
function runLong(
  stdin: string,
  ...args: string[]
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = execFile(
      process.execPath,
      [BIN, ...args],
      { cwd: cli.dir, env: { PATH: process.env.PATH ?? '', NO_PROXY: '*', ...cli.env }, timeout: 55_000 },
      (error, stdout, stderr) =>
        resolve({ code: error ? (typeof error.code === 'number' ? error.code : -1) : 0, stdout, stderr }),
    );
    child.stdin?.end(stdin);
  });
}

describe('nimbus verify', () => {
  it('finds no divergence on the reference server: exit 0, one JSON document, 150+ operations, JUnit', async () => {
    const junit = join(cli.dir, 'verify.xml');
    const result = await runLong(
      OWNER.password,
      'verify',
      '--target',
      mock.url,
      ...signIn,
      '--stream-wait',
      '2',
      '-o',
      'json',
      '--junit',
      junit,
    );
    expect(result.stderr).not.toContain('error:');
    expect(result.code).toBe(0);
    const report = JSON.parse(result.stdout);
    expect(Object.keys(report)).toEqual(['target', 'operations', 'checks', 'divergences', 'skipped']);
    expect(report.target).toBe(mock.url);
    expect(report.divergences).toEqual([]);
    expect(report.operations).toBeGreaterThanOrEqual(150);
    for (const skipped of report.skipped) expect(Object.keys(skipped)).toEqual(['operation', 'reason']);
    const xml = await readFile(junit, 'utf8');
    expect(xml).toMatch(/^<\?xml/);
    expect(xml).toContain('<testcase classname="v1.instances" name="v1.instances.create"/>');
    expect(result.stdout + result.stderr + xml).not.toContain(OWNER.password);
  }, 60_000);

  it('exits 1 and prints the divergence under its operation in the table', async () => {
    const proxy = await startDriftingProxy(mock.url, [
      {
        method: 'POST',
        path: /^\/api\/v1\/topics$/,
        status: 201,
        change: (answer) => {
          answer.status = 200;
        },
      },
    ]);
    try {
      const result = await cli.runWithInput(
        OWNER.password,
        'verify',
        '--target',
        proxy.url,
        ...signIn,
        '--only',
        'v1.topics.*',
      );
      expect(result.code).toBe(1);
      expect(result.stdout).toMatch(/^v1\.topics\.create +\d+ +1$/m);
      expect(result.stdout).toContain('  status $: expected 201, got 200 (request ');
      expect(result.stdout).toMatch(
        /: \d+ operations, \d+ checks, 1 divergence in 1 operation, 0 skipped\n$/,
      );
      expect(result.stderr).toContain(`error: 1 divergence(s) from the contract on ${proxy.url}`);
    } finally {
      await proxy.close();
    }
  });

  it('exits 2 naming the URL of a target it cannot reach', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    const target = `http://127.0.0.1:${port}`;
    const result = await cli.runWithInput('pw', 'verify', '--target', target, ...signIn);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`error: cannot reach ${target} (ECONNREFUSED)`);
  });

  it('exits 2 on usage mistakes: no credentials, a target that is not a URL', async () => {
    const none = await cli.run('verify', '--target', mock.url);
    expect(none.code).toBe(2);
    expect(none.stderr).toContain(`No credentials for ${mock.url}`);
    const notUrl = await cli.run('verify', '--target', 'staging', '--token-stdin');
    expect(notUrl.code).toBe(2);
    expect(notUrl.stderr).toContain('--target must be an http(s) URL');
  });

  it.each([
    ['SIGINT', 130],
    ['SIGTERM', 143],
  ] as const)('on %s deletes what it made, then exits %i', async (signal, code) => {
    const before = mock.requests().length;
    const child = spawn(process.execPath, [BIN, 'verify', '--target', mock.url, ...signIn], {
      env: { PATH: process.env.PATH ?? '', NO_PROXY: '*', ...cli.env },
      cwd: cli.dir,
    });
    child.stdin.end(OWNER.password);
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    let ended = false;
    const exited = new Promise<number | null>((resolve) =>
      child.on('close', (exitCode) => {
        ended = true;
        resolve(exitCode);
      }),
    );
    // Stopped once it has made an instance and a bucket.
    const made = () =>
      mock
        .requests()
        .slice(before)
        .filter((entry) => entry.method === 'POST' && entry.response.status === 201);
    const madeBoth = () =>
      ['/api/v1/instances', '/api/v1/buckets'].every((path) => made().some((entry) => entry.path === path));
    while (!madeBoth() && !ended) await new Promise((resolve) => setTimeout(resolve, 5));
    child.kill(signal);
    expect(await exited).toBe(code);
    expect(stderr).toContain(`${signal}: deleting what verify made on ${mock.url}`);
    const deletes = mock
      .requests()
      .slice(before)
      .filter((entry) => entry.method === 'DELETE' && entry.response.status < 300)
      .map((entry) => entry.path.split('/').slice(0, 4).join('/'));
    expect(deletes).toEqual(expect.arrayContaining(['/api/v1/instances', '/api/v1/buckets']));
  });
});
