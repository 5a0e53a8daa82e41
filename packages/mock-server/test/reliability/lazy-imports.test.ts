import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHILD_SERVER } from './support/global-setup';
import { startChild } from './support/http';

/**
 * chokidar is imported by a server that watches its state file, and by no other: a server
 * started with `watch: false` (scripts, benchmarks, tests) does not pay for its import at
 * start-up. The child server runs with a module resolve hook that logs every module it loads.
 */

// Runs in Node's loader thread: one line per resolved module, appended to RESOLVED_LOG.
const HOOKS = `import { appendFileSync } from 'node:fs';
export async function resolve(specifier, context, next) {
  const resolved = await next(specifier, context);
  appendFileSync(process.env.RESOLVED_LOG, resolved.url + '\\n');
  return resolved;
}
`;

let dir: string;
let register: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'nimbus-imports-'));
  const hooks = join(dir, 'hooks.mjs');
  await writeFile(hooks, HOOKS);
  register = join(dir, 'register.mjs');
  await writeFile(
    register,
    `import { register } from 'node:module';\nregister(${JSON.stringify(pathToFileURL(hooks).href)});\n`,
  );
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** The modules a file-backed child server loaded by the time it listened. */
async function modulesLoaded(name: string, options: { watch?: boolean }): Promise<string[]> {
  const log = join(dir, `${name}.log`);
  await writeFile(log, '');
  const child = await startChild(CHILD_SERVER, [join(dir, `${name}.json`), JSON.stringify(options)], {
    nodeArgs: ['--import', register],
    env: { RESOLVED_LOG: log },
  });
  child.process.kill('SIGKILL');
  await child.exited;
  return (await readFile(log, 'utf8')).split('\n').filter(Boolean);
}

const fromPackage = (modules: string[], name: string) =>
  modules.filter((url) => url.includes(`/node_modules/${name}/`));

describe('modules loaded at start-up', () => {
  it('a server that does not watch its state file never imports chokidar', async () => {
    const modules = await modulesLoaded('unwatched', { watch: false });
    expect(fromPackage(modules, 'lowdb').length).toBeGreaterThan(0);
    expect(fromPackage(modules, 'chokidar')).toEqual([]);
  });

  it('a server that watches its state file has imported chokidar by the time it listens', async () => {
    const modules = await modulesLoaded('watched', {});
    expect(fromPackage(modules, 'chokidar').length).toBeGreaterThan(0);
  });
});
