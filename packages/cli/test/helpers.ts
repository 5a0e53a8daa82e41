import { execFile, spawn } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test as base } from 'vitest';
import {
  type MockServer,
  type SeededTenant,
  seedTenant,
  startMockServer,
} from '../../mock-server/src/entries/testing';

/** The built CLI (test/global-setup.ts builds it when the sources are newer). */
export const BIN = fileURLToPath(new URL('../dist/bin.cjs', import.meta.url));

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** A `nimbus` pointed at one server, with its own config file in its own temp directory. */
export interface Cli {
  dir: string;
  config: string;
  env: Record<string, string>;
  run(...args: string[]): Promise<CliResult>;
  /** The same, with `stdin` piped to the command. */
  runWithInput(stdin: string, ...args: string[]): Promise<CliResult>;
  /** Writes a file in the directory and answers its path. */
  write(name: string, text: string): Promise<string>;
}

/**
 * Runs `node dist/bin.cjs ...args` as a subprocess, its output piped (so not a terminal:
 * JSON by default, no spinner). Only the variables given reach it, so a developer's own
 * NIMBUS_* settings cannot leak in.
 */
export function runCli(
  args: string[],
  env: Record<string, string>,
  cwd?: string,
  stdin?: string,
): Promise<CliResult> {
  return new Promise((resolve) => {
    const child = execFile(
      process.execPath,
      [BIN, ...args],
      { cwd, env: { PATH: process.env.PATH ?? '', NO_PROXY: '*', ...env }, timeout: 25_000 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : -1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
    // Piped stdin, for --password-stdin and the like; without it, stdin ends at once.
    child.stdin?.end(stdin);
  });
}

/** A CLI acting as a seeded tenant, in its project (`NIMBUS_TOKEN`, `NIMBUS_PROJECT`). */
export function cliAs(mock: MockServer, tenant: SeededTenant): Promise<Cli> {
  return cliFor(mock, { NIMBUS_TOKEN: tenant.accessToken, NIMBUS_PROJECT: tenant.project.id });
}

export async function cliFor(mock: MockServer, env: Record<string, string> = {}): Promise<Cli> {
  const dir = await mkdtemp(join(tmpdir(), 'nimbus-cli-'));
  const config = join(dir, 'nimbus', 'config.json');
  const fullEnv = { NIMBUS_CONFIG: config, NIMBUS_BASE_URL: mock.url, ...env };
  return {
    dir,
    config,
    env: fullEnv,
    run: (...args) => runCli(args, fullEnv, dir),
    runWithInput: (stdin, ...args) => runCli(args, fullEnv, dir, stdin),
    async write(name, text) {
      const path = join(dir, name);
      await writeFile(path, text);
      return path;
    },
  };
}

/** The server's whole state, to prove a command wrote nothing. */
export async function stateOf(mock: MockServer): Promise<Record<string, unknown>> {
  return mock.client.mock.state.export();
}

/**
 * The state without the audit records of workload tokens: the video API reads cameras only
 * with one, so planning a file that declares cameras issues a token (a credential, not a
 * resource). Every other change still shows.
 */
export async function resourcesOf(mock: MockServer): Promise<Record<string, unknown>> {
  const state = (await stateOf(mock)) as { tables: Record<string, Record<string, { event?: string }>> };
  const audit = state.tables.audit_logs ?? {};
  const kept = Object.entries(audit).filter(([, row]) => row.event !== 'workload_token.issued');
  // The test server's clock steps on every accepted write, minting a workload token included.
  const { clock_offset_ms: _clock, ...rest } = state as typeof state & { clock_offset_ms?: number };
  return { ...rest, tables: { ...state.tables, audit_logs: Object.fromEntries(kept) } };
}

/** Parses the JSON a command printed, failing with its stderr when it is not JSON. */
export function json<T = unknown>(result: CliResult): T {
  try {
    return JSON.parse(result.stdout) as T;
  } catch {
    throw new Error(`Not JSON (exit ${result.code}): ${result.stdout}\n${result.stderr}`);
  }
}

/**
 * Runs the CLI in a real pseudo-terminal (`script`), types `input` once it asks `[y/N]`, and
 * answers the exit code and what the terminal showed. With `stdout`, the command's stdout goes
 * to that file instead (`nimbus ... > out.json` typed at a terminal).
 */
export function onTerminal(
  cli: Cli,
  args: string[],
  input: string,
  { stdout }: { stdout?: string } = {},
): Promise<{ code: number; output: string }> {
  const words = [process.execPath, BIN, ...args].map((word) => `'${word}'`).join(' ');
  const line = stdout ? `${words} > '${stdout}'` : words;
  return new Promise((resolve) => {
    const child = spawn('script', ['-qfec', line, '/dev/null'], {
      env: { PATH: process.env.PATH ?? '', NO_PROXY: '*', TERM: 'dumb', ...cli.env },
      cwd: cli.dir,
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      // Answer once the question is on the screen.
      if (input && output.includes('[y/N]')) {
        child.stdin.write(input);
        input = '';
      }
    });
    child.on('close', (code) => resolve({ code: code ?? -1, output }));
  });
}

/**
 * `test` (also exported as `it`) with what the CLI tests share, for the whole file, each made only
 * when a test or hook names it: `mock` (a server), `tenant` (a tenant of it), `cli` (a CLI
 * acting as that tenant, `cliAs(mock, tenant)`) and `bareCli` (one with no login, `cliFor(mock)`).
 *
 * @example
 * it('lists instances', async ({ cli }) => { await cli.run('instances', 'list'); });
 */
// biome-ignore-start lint/correctness/noEmptyPattern: vitest reads the fixtures a fixture needs from its first parameter's pattern
export const test = base
  .extend('mock', { scope: 'file' }, async ({}, { onCleanup }) => {
    const mock = await startMockServer();
    onCleanup(() => mock.close());
    return mock;
  })
  .extend('tenant', { scope: 'file' }, async ({ mock }) => seedTenant(mock))
  .extend('cli', { scope: 'file' }, async ({ mock, tenant }) => cliAs(mock, tenant))
  .extend('bareCli', { scope: 'file' }, async ({ mock }) => cliFor(mock));
// biome-ignore-end lint/correctness/noEmptyPattern: vitest reads the fixtures a fixture needs from its first parameter's pattern

export const it = test;
