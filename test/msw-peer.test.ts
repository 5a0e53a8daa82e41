import { mkdir, rm, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { createPackedApp, type PackedApp, root } from './support/packed-app';

// msw is an optional peer dependency of @nimbus/mock-server, needed only by its /msw entry. In
// Node, the exports map's `node` condition loads that entry (dist/msw.js) through
// msw-node/import.js and msw-node/require.cjs, which say what to install when msw is missing.
// The app lives outside the repository (whose own msw it would find otherwise); a test links
// msw when it wants it.

// A Node process of the app loads the entry each way it is given, in turn, and prints what it got.
const script = `
const entryFile = require('node:path').join(__dirname, 'node_modules/@nimbus/mock-server/dist/msw.js');
const loaders = {
  import: () => import('@nimbus/mock-server/msw'),
  require: async () => require('@nimbus/mock-server/msw'),
  // The built entry itself, which browsers and bundlers load.
  entry: () => import(require('node:url').pathToFileURL(entryFile).href),
};
(async () => {
  const results = [];
  for (const how of process.argv.slice(2)) {
    results.push(await loaders[how]().then(
      (entry) => ({ names: Object.keys(entry), create: entry.createNimbusHandlers }),
      (error) => ({ message: error.message, code: error.code, cause: error.cause?.message }),
    ));
  }
  // One module behind every way: the same function.
  const same = results.every((result) => result.create === results[0].create);
  console.log(JSON.stringify(results.map(({ create, ...result }) =>
    create === undefined ? result : { ...result, create: typeof create, same })));
})();`;

interface Loaded {
  names?: string[];
  create?: string;
  same?: boolean;
  message?: string;
  code?: string;
  cause?: string;
}

let app: PackedApp;
let range: string;

beforeAll(async () => {
  const tarballs = inject('tarballs');
  app = await createPackedApp(
    { '@nimbus/sdk': tarballs['@nimbus/sdk']!, '@nimbus/mock-server': tarballs['@nimbus/mock-server']! },
    { without: ['msw'] },
  );
  await app.write('load.cjs', script);
  range = (await app.manifest('@nimbus/mock-server')).peerDependencies!.msw!;
});
afterAll(() => app?.remove());

/** Links the workspace's copy of `name` into the app, or takes it out. */
async function setInstalled(name: string, present: boolean): Promise<void> {
  const target = join(app.dir, 'node_modules', name);
  await rm(target, { force: true, recursive: true });
  if (present) await symlink(join(root, 'node_modules', name), target, 'dir');
}

afterEach(async () => {
  await setInstalled('msw', false);
  await setInstalled('lru-cache', true);
});

/** What each way of loading gave, in one Node process. */
async function load(...ways: ('import' | 'require' | 'entry')[]): Promise<Loaded[]> {
  const { stdout } = await app.node(['load.cjs', ...ways]);
  return JSON.parse(stdout.trim().split('\n').at(-1)!);
}

describe('@nimbus/mock-server/msw in Node', () => {
  it('without msw installed, fails on import() and require() with what to install', async () => {
    const expected = {
      message:
        '@nimbus/mock-server/msw needs msw, which is not installed: install it beside ' +
        `@nimbus/mock-server (npm install -D msw@${range}). The Node server (@nimbus/mock-server, ` +
        '@nimbus/mock-server/testing) does not need it.',
      code: 'ERR_MODULE_NOT_FOUND',
      cause: expect.stringMatching(/^Cannot find package 'msw' imported from /),
    };
    expect(range).toMatch(/^\^2\./);
    // A process each: a failed load is not tried twice in one.
    const [[imported], [required]] = await Promise.all([load('import'), load('require')]);
    expect(imported).toEqual(expected);
    expect(required).toEqual(expected);
  });

  it('with msw installed, gives on import() and require() exactly the exports of dist/msw.js', async () => {
    await setInstalled('msw', true);
    const [imported, required, entry] = await load('import', 'require', 'entry');
    expect(entry).toEqual({
      names: expect.arrayContaining(['createNimbusHandlers']),
      create: 'function',
      same: true,
    });
    expect(imported).toEqual(entry);
    expect(required).toEqual(entry);
  });

  it('with an msw older than the peer range, says which range to install', async () => {
    // msw 1's exports map: its index, no `./core/http`.
    const old = join(app.dir, 'node_modules/msw');
    await mkdir(old, { recursive: true });
    await writeFile(
      join(old, 'package.json'),
      JSON.stringify({ name: 'msw', version: '1.3.5', exports: { '.': './index.js' } }),
    );
    await writeFile(join(old, 'index.js'), 'exports.rest = {};\n');
    const [[imported], [required]] = await Promise.all([load('import'), load('require')]);
    for (const loaded of [imported, required]) {
      expect(loaded).toEqual({
        message:
          `@nimbus/mock-server/msw needs msw, which is older than ${range}: install it beside ` +
          `@nimbus/mock-server (npm install -D msw@${range}). The Node server (@nimbus/mock-server, ` +
          '@nimbus/mock-server/testing) does not need it.',
        code: 'ERR_PACKAGE_PATH_NOT_EXPORTED',
        cause: expect.stringContaining("'./core/http'"),
      });
    }
  });

  it('reports a missing package other than msw as Node does', async () => {
    await setInstalled('msw', true);
    // A dependency the entry imports as it loads (zod is bundled into it).
    await setInstalled('lru-cache', false);
    // A process each: a failed load is not tried twice in one.
    const [[imported], [required]] = await Promise.all([load('import'), load('require')]);
    for (const loaded of [imported, required]) {
      expect(loaded).toEqual({
        message: expect.stringMatching(/^Cannot find package 'lru-cache' imported from /),
        code: 'ERR_MODULE_NOT_FOUND',
      });
    }
  });
});
