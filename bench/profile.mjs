// Profiles the reference server under load: `node bench/profile.mjs [get|post] [seconds] [file]`.
// Starts bench/servers/nimbus.mjs with --cpu-prof (in memory, or on a new state file with `file`), loads one route with autocannon, stops the
// server, and prints the functions with the most self time and with the most total time (the
// .cpuprofile stays in the temp directory, for Chrome DevTools or speedscope).
// BENCH_PROFILE_SERVER=<a script under bench/, e.g. ./servers/bare.mjs> profiles that server instead.
import { mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { load, loadCreates, startServer, table } from './lib.mjs';

const route = process.argv[2] ?? 'post';
const duration = Number(process.argv[3] ?? 10);
const dir = `${tmpdir()}/nimbus-bench-profiles/`;
await mkdir(dir, { recursive: true });
const before = new Set(await readdir(dir));
const stateDir = process.argv[4] === 'file' ? await mkdtemp(join(tmpdir(), 'nimbus-bench-')) : undefined;
const env = stateDir ? { BENCH_STATE: join(stateDir, 'state.json') } : {};

const script = process.env.BENCH_PROFILE_SERVER ?? './servers/nimbus.mjs';
const server = await startServer(fileURLToPath(new URL(script, import.meta.url)), env, [
  '--cpu-prof',
  `--cpu-prof-dir=${dir}`,
]);
const headers = { authorization: `Bearer ${server.token}`, 'x-project-id': server.projectId };
// GET reads a full page, as in the throughput run (which creates records first): 2 s of
// creates fill it, and keep the profile mostly the GETs'.
let result = await loadCreates({ url: server.url, headers, duration: route === 'get' ? 2 : duration });
if (route === 'get') {
  result = await load({ url: server.url, path: '/api/v1/instances?per_page=20', headers, duration });
}
await server.stop();
if (stateDir) await rm(stateDir, { recursive: true, force: true });
console.log(`${route.toUpperCase()}: ${result.rps} req/s, p99 ${result.p99} ms, ${result.failures} failures`);

const file = (await readdir(dir)).find((name) => name.endsWith('.cpuprofile') && !before.has(name));
console.log(`profile: ${dir}${file}\n`);
const profile = JSON.parse(await readFile(`${dir}${file}`, 'utf8'));
console.log(table(selfTime(profile).slice(0, 30)));
console.log(`\n${table(inclusiveTime(profile).slice(0, 40))}`);

function keyOf(callFrame) {
  const { functionName, url, lineNumber } = callFrame;
  const where = url ? `${url.replace(/^.*\/(node_modules|packages)\//, '$1/')}:${lineNumber + 1}` : '';
  return `${functionName || '(anonymous)'} ${where}`;
}

/** Time spent in each function and what it called (each function counted once per sample). */
function inclusiveTime(profile) {
  const parent = new Map();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const perFunction = new Map();
  for (const id of profile.samples) {
    const seen = new Set();
    for (let at = id; at !== undefined; at = parent.get(at)) seen.add(keyOf(byId.get(at).callFrame));
    for (const key of seen) perFunction.set(key, (perFunction.get(key) ?? 0) + 1);
  }
  return [...perFunction]
    .sort((a, b) => b[1] - a[1])
    .map(([fn, count]) => ({
      total: `${((count / profile.samples.length) * 100).toFixed(1)}%`,
      function: fn,
    }));
}

/** Self time per function (name + file:line), from the samples of a V8 .cpuprofile. */
function selfTime(profile) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const counts = new Map();
  for (const id of profile.samples) counts.set(id, (counts.get(id) ?? 0) + 1);
  const total = profile.samples.length;
  const perFunction = new Map();
  for (const [id, count] of counts) {
    const key = keyOf(byId.get(id).callFrame);
    perFunction.set(key, (perFunction.get(key) ?? 0) + count);
  }
  return [...perFunction]
    .sort((a, b) => b[1] - a[1])
    .map(([fn, count]) => ({ self: `${((count / total) * 100).toFixed(1)}%`, function: fn }));
}
