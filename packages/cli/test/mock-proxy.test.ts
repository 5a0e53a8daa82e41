import { type ChildProcess, spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect } from 'vitest';
import { BIN, cliFor, it, json, runCli } from './helpers';

/** `nimbus ...args` as a child process, once its banner says where it listens. */
async function started(args: string[], env: Record<string, string>, ready: string) {
  const child: ChildProcess = spawn(process.execPath, [BIN, ...args], {
    env: { PATH: process.env.PATH ?? '', ...env },
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let output = '';
  child.stderr!.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const found = /listening on (http:\/\/\S+)/.exec(output);
      if (found && output.includes(ready)) resolve(found[1]!);
    });
    child.once('exit', (code) => reject(new Error(`${args.join(' ')} exited (${code}): ${output}`)));
  });
  return { child, url, exited, output: () => output };
}

it('mock proxy forwards to the target, lists divergences, and records a file that mock start --seed loads', async ({
  mock,
  tenant,
}) => {
  const cli = await cliFor(mock);
  const recordPath = join(cli.dir, 'staging.json');
  const proxy = await started(
    ['mock', 'proxy', '--target', mock.url, '--port', '0', '--record', recordPath],
    { NIMBUS_CONFIG: cli.config },
    'journal',
  );
  let created: { id: string };
  try {
    expect(proxy.output()).toContain(`target      ${mock.url} (/api/v1 and /v2 forwarded`);
    expect(proxy.output()).toContain(`recording   ${recordPath}`);
    const asTenant = {
      ...cli.env,
      NIMBUS_BASE_URL: proxy.url,
      NIMBUS_TOKEN: tenant.accessToken,
      NIMBUS_PROJECT: tenant.project.id,
    };
    const create = await runCli(['projects', 'list', '-o', 'json'], asTenant);
    expect(create.code, create.stderr).toBe(0);
    const made = await runCli(
      ['instances', 'create', '--name', 'web', '--flavor', 'small', '--region', 'hn', '-o', 'json'],
      asTenant,
    );
    expect(made.code, made.stderr).toBe(0);
    created = json<{ id: string }>(made);
    // The instance is the target's: the proxy answers what it answered.
    expect(Object.keys((await mock.exportState()).tables.instances ?? {})).toContain(created.id);
    const journal = { ...cli.env, NIMBUS_BASE_URL: proxy.url };
    const all = await runCli(['mock', 'requests', 'list', '-o', 'json'], journal);
    expect(json<{ path: string }[]>(all).map((entry) => entry.path)).toEqual([
      '/api/v1/projects',
      '/api/v1/instances',
    ]);
    const divergent = await runCli(['mock', 'requests', 'list', '--divergent', '-o', 'json'], journal);
    expect(divergent.code, divergent.stderr).toBe(0);
    expect(json(divergent)).toEqual([]);
  } finally {
    proxy.child.kill('SIGINT');
  }
  expect(await proxy.exited).toBe(0);

  const recorded = JSON.parse(await readFile(recordPath, 'utf8'));
  expect(Object.keys(recorded.tables.instances)).toEqual([created.id]);
  const seeded = await started(
    ['mock', 'start', '--in-memory', '--port', '0', '--seed', recordPath, '--no-simulator'],
    { NIMBUS_CONFIG: cli.config },
    'browsers',
  );
  try {
    const state = await runCli(['mock', 'state', 'export', '-o', 'json'], {
      ...cli.env,
      NIMBUS_BASE_URL: seeded.url,
    });
    expect(state.code, state.stderr).toBe(0);
    const tables = json<{ tables: Record<string, Record<string, unknown>> }>(state).tables;
    expect(tables.instances![created.id]).toEqual(
      expect.objectContaining({ name: 'web', project_id: tenant.project.id }),
    );
    expect(tables.projects![tenant.project.id]).toBeDefined();
  } finally {
    seeded.child.kill('SIGTERM');
  }
  expect(await seeded.exited).toBe(0);
});

it('mock proxy refuses a target that is not an http(s) URL (exit 2), naming it', async ({ bareCli: cli }) => {
  const result = await runCli(['mock', 'proxy', '--target', 'ftp://example.test', '--port', '0'], cli.env);
  expect(result.code).toBe(2);
  expect(result.stderr).toContain('The proxy target ftp://example.test must be an http:// or https:// URL');
});
