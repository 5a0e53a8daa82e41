// A fresh clone's `npm start` beside the built server's own start, in the same run:
// `node bench/fresh-start.mjs [rounds]` (default 3; after the CLI and server builds, which the
// built start runs). Clones the committed HEAD of this working tree into a temp directory and runs
// `npm ci --offline` there once (timed apart: the target starts after it), then each round, in
// turn: `npm start` in the clone as a new contributor runs it (its `.start/` bundle and state
// removed first) and `nimbus mock start` of this tree's build in an empty directory. Each is
// timed from spawn to the first HTTP answer of any status; the lines `npm start` printed by
// then are counted. Medians, and their ratio (target: at most 15x).
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, median, table, waitUntil } from './lib.mjs';

const rounds = Number(process.argv[2] ?? 3);
const root = fileURLToPath(new URL('..', import.meta.url));
const builtBin = join(root, 'packages', 'cli', 'dist', 'bin.js');

/** Runs a command to its end; throws with its output when it fails. */
async function run(command, args, cwd) {
  const child = spawn(command, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const [code] = await once(child, 'exit');
  if (code !== 0) throw new Error(`${command} ${args.join(' ')} exited ${code}:\n${output}`);
}

/** Spawn to the first answer on `port`, and the lines written by then; the process group is ended after. */
async function timeStart(command, args, cwd, port) {
  const started = performance.now();
  // A group of its own: `npm start` runs the server in a grandchild, ended with it.
  const child = spawn(command, args, { cwd, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = once(child, 'exit').then(([code]) => {
    throw new Error(`${command} exited (${code}) before it answered:\n${output}`);
  });
  exited.catch(() => {});
  try {
    const answered = () =>
      fetch(`http://127.0.0.1:${port}/v2/health`).then(
        async (response) => {
          await response.arrayBuffer();
          return true;
        },
        () => false,
      );
    const at = await Promise.race([waitUntil(answered, { everyMs: 20, timeoutMs: 600_000 }), exited]);
    return { ms: at - started, lines: output.split('\n').filter((line) => line.trim() !== '').length };
  } finally {
    process.kill(-child.pid, 'SIGTERM');
    await once(child, 'exit').catch(() => {});
  }
}

const dir = await mkdtemp(join(tmpdir(), 'nimbus-fresh-'));
const clone = join(dir, 'repo');
try {
  await run('git', ['clone', '--quiet', root, clone], dir);
  const installStarted = performance.now();
  await run('npm', ['ci', '--offline', '--no-audit', '--no-fund'], clone);
  const installMs = performance.now() - installStarted;
  const loads = [loadavg()[0]];
  const fresh = [];
  const built = [];
  for (let i = 0; i < rounds; i++) {
    await rm(join(clone, '.nimbus'), { recursive: true, force: true });
    await rm(join(clone, 'packages', 'mock-server', '.start'), { recursive: true, force: true });
    const port = await freePort();
    fresh.push(await timeStart('npm', ['start', '--', '--port', String(port)], clone, port));
    const empty = await mkdtemp(join(dir, 'built-'));
    const builtPort = await freePort();
    built.push(
      await timeStart(
        process.execPath,
        [builtBin, 'mock', 'start', '--port', String(builtPort)],
        empty,
        builtPort,
      ),
    );
    loads.push(loadavg()[0]);
  }
  const freshMs = median(fresh.map((run) => run.ms));
  const builtMs = median(built.map((run) => run.ms));
  console.log(
    `${rounds} rounds, load average ${loads.map((load) => load.toFixed(1)).join(' -> ')}; npm ci --offline ${(installMs / 1000).toFixed(1)} s (not counted)`,
  );
  console.log(
    table([
      {
        start: 'fresh clone: npm start (build:start + mock start)',
        'ms to first answer, median': Math.round(freshMs),
        runs: fresh.map((run) => Math.round(run.ms)).join(', '),
        'lines printed': fresh.map((run) => run.lines).join(', '),
      },
      {
        start: 'built: nimbus mock start',
        'ms to first answer, median': Math.round(builtMs),
        runs: built.map((run) => Math.round(run.ms)).join(', '),
        'lines printed': built.map((run) => run.lines).join(', '),
      },
    ]),
  );
  console.log(`ratio ${(freshMs / builtMs).toFixed(1)}x (target <= 15x)`);
} finally {
  await rm(dir, { recursive: true, force: true });
}
