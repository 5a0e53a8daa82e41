// Start-up of the built `nimbus` (packages/cli/dist/bin.js) beside a bare `node -e 0`: wall
// time from spawn to exit, for `--help`, a usage error and a list command against a reference
// server on an ephemeral port. The commands are interleaved, so a busy machine slows them
// alike. Build first: npm run build -w @nimbus/sdk && npm run build -w @nimbus/mock-server &&
// npm run build -w @nimbus/cli. Prints one table and one JSON line.
import { spawn } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { seedTenant, startMockServer } from '@nimbus/mock-server/testing';
import { benchFile, median, percentile, round, table } from './lib.mjs';

const RUNS = Number(process.env.BENCH_CLI_RUNS ?? 30);
const BIN = benchFile('../packages/cli/dist/bin.js');

function timed(args, env) {
  return new Promise((resolve, reject) => {
    const start = performance.now();
    const child = spawn(process.execPath, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ ms: performance.now() - start, code, stderr }));
  });
}

const mock = await startMockServer();
const tenant = await seedTenant(mock, { instances: [{ name: 'web-1', flavor: 'nano', region: 'hn' }] });
const dir = await mkdtemp(join(tmpdir(), 'nimbus-cli-bench-'));
const env = {
  PATH: process.env.PATH ?? '',
  NO_PROXY: '*',
  NIMBUS_CONFIG: join(dir, 'config.json'),
  NIMBUS_BASE_URL: mock.url,
  NIMBUS_TOKEN: tenant.accessToken,
  NIMBUS_PROJECT: tenant.project.id,
};

const cases = [
  { name: 'node -e 0', args: ['-e', '0'], exit: 0 },
  { name: 'nimbus --help', args: [BIN, '--help'], exit: 0 },
  { name: 'nimbus instances create --help', args: [BIN, 'instances', 'create', '--help'], exit: 0 },
  { name: 'nimbus instances create (usage error)', args: [BIN, 'instances', 'create'], exit: 2 },
  { name: 'nimbus instances list', args: [BIN, 'instances', 'list'], exit: 0 },
];
const times = new Map(cases.map((c) => [c.name, []]));
try {
  // One warm-up round: the file system cache, not the CLI, is what a first run measures.
  for (const c of cases) await timed(c.args, env);
  for (let i = 0; i < RUNS; i++) {
    for (const c of cases) {
      const result = await timed(c.args, env);
      if (result.code !== c.exit) throw new Error(`${c.name}: exit ${result.code}\n${result.stderr}`);
      times.get(c.name).push(result.ms);
    }
  }
} finally {
  await mock.close();
}

const bare = median(times.get('node -e 0'));
const rows = cases.map((c) => ({
  command: c.name,
  'median ms': round(median(times.get(c.name))),
  'p90 ms': round(percentile(times.get(c.name), 90)),
  'x node -e 0': round(median(times.get(c.name)) / bare, 2),
}));
process.stdout.write(`${table(rows)}\n`);
process.stdout.write(`${JSON.stringify({ runs: RUNS, rows })}\n`);
