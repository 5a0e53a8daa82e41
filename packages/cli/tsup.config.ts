import { chmod, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { type GetModuleInfo, rollup } from 'rollup';
import { build as buildWithTsup, defineConfig, type Options } from 'tsup';

/**
 * esbuild gives each set of entry points (dynamic imports included) that share a module a chunk
 * of its own: `nimbus --help` loaded 10 files and `nimbus instances list` 16, and Node resolves,
 * reads, compiles and links each one. Rollup, run over esbuild's output, leaves a module a
 * dynamically imported file needs in the file that imports it when that one is loaded already,
 * and `commandChunks` gathers what a generated command runs: `--help` loads 2 files, a list 3.
 * It earns its keep on a list: 11-17 % less CPU time. The files are CommonJS (`dist/bin.cjs` and
 * its chunks): Node starts an ES module entry with its ES module loader, a few milliseconds that
 * a CommonJS one does without, a tenth of `--help` (CONTRIBUTING.md, "Build and runtime
 * tricks"). The library's ES module entry (`dist/index.js`) re-exports `dist/library.cjs`, which
 * shares those chunks: one copy of the code in the package. The source maps are chained through.
 */
async function rechunk(dir: string): Promise<void> {
  // The esbuild chunk holding each source file, from its source map.
  const chunksBySource = new Map<string, string>();
  const bundle = await rollup({
    input: { bin: `${dir}/bin.js`, library: `${dir}/index.js` },
    // Node's modules, and what esbuild left outside (the server, ws's optional helpers).
    external: (id) => !id.startsWith('.') && !id.startsWith('/'),
    // esbuild has tree-shaken and minified: Rollup only moves modules between files.
    treeshake: false,
    plugins: [
      {
        name: 'esbuild-source-maps',
        async load(id) {
          const code = await readFile(id, 'utf8');
          const map = await readFile(`${id}.map`, 'utf8');
          for (const source of (JSON.parse(map) as { sources: string[] }).sources)
            chunksBySource.set(resolve(dirname(id), source), id);
          return { code, map };
        },
      },
    ],
  });
  // esbuild's files, and those of a build before (`--no-clean`); `index.cjs` is built next.
  for (const file of await readdir(dir)) {
    if (/\.c?js(\.map)?$/.test(file)) await rm(`${dir}/${file}`);
  }
  const runOperation = chunksBySource.get(resolve('src/commands/run-operation.ts'));
  if (!runOperation) throw new Error('rechunk: no chunk holds src/commands/run-operation.ts');
  let chunks: ReturnType<typeof commandChunks> | undefined;
  await bundle.write({
    dir,
    format: 'cjs',
    compact: true,
    sourcemap: true,
    entryFileNames: '[name].cjs',
    chunkFileNames: '[name]-[hash].cjs',
    manualChunks(id, { getModuleInfo }) {
      chunks ??= commandChunks(resolve(dir, 'bin.js'), runOperation, getModuleInfo);
      // What the entry loads is named too: Rollup would otherwise move a module both use into
      // `command`, and `--help` would load it.
      if (chunks.command.has(id)) return 'command';
      return chunks.loaded.has(id) && !getModuleInfo(id)?.isEntry ? 'main' : undefined;
    },
  });
  await bundle.close();
  await writeFile(`${dir}/index.js`, "export * from './library.cjs';\n");
  await chmod(`${dir}/bin.cjs`, 0o755);
}

/**
 * What a generated command loads once its input is checked, as one file: `run-operation` and the
 * modules it imports that the entry does not load. Left to Rollup, a list loaded 8 files, most
 * of them small chunks the SDK shares with `apply` or the contract.
 */
function commandChunks(
  entry: string,
  runOperation: string,
  moduleInfo: GetModuleInfo,
): { loaded: Set<string>; command: Set<string> } {
  const closure = (start: string): Set<string> => {
    const seen = new Set<string>();
    const pending = [start];
    for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
      const info = moduleInfo(id);
      if (seen.has(id) || !info || info.isExternal) continue;
      seen.add(id);
      pending.push(...info.importedIds);
    }
    return seen;
  };
  const loaded = closure(entry);
  const command = new Set([...closure(runOperation)].filter((id) => !loaded.has(id)));
  return { loaded, command };
}

/**
 * The library entry (`@nimbus/cli`: `run`, `buildProgram`, ...) as CommonJS (`dist/index.cjs`),
 * for loaders that cannot `require()` an ES module (jest's CommonJS mode), as the SDK's and the
 * server's (docs/decisions/0018-commonjs-builds.md): one file with the same bundled
 * dependencies, the server left outside (its own CommonJS build), `import()` as `require()`
 * and `import.meta.url` shimmed. Built after the ES modules, which it leaves as they are.
 */
const commonJs: Options = {
  config: false,
  entry: { index: 'src/index.ts' },
  format: ['cjs'],
  dts: false,
  clean: false,
  silent: true,
  target: 'node20',
  sourcemap: true,
  minify: true,
  shims: true,
  noExternal: [/^(?!@nimbus\/mock-server)/],
  external: ['@nimbus/mock-server', 'bufferutil', 'utf-8-validate'],
  esbuildOptions(options) {
    options.supported = { 'dynamic-import': false };
  },
};

export default defineConfig({
  // `operations` is the contract read as command specs: run once below, at build time.
  entry: { bin: 'src/bin.ts', index: 'src/index.ts', operations: 'src/commands/operations.ts' },
  format: ['esm'],
  dts: { entry: { index: 'src/index.ts' } },
  clean: true,
  target: 'node20',
  sourcemap: true,
  // Node compiles every module it loads before running it: minified, the bundle a command loads is
  // about half the text, and so half the compiling. Stack traces map back through the source maps.
  minify: true,
  // One bundle with the SDK and every dependency: a CLI run starts in about half the time
  // when Node does not resolve and read a few hundred module files first. The server stays
  // outside: only `nimbus mock start` loads it. ws's optional native helpers are optional.
  noExternal: [/^(?!@nimbus\/mock-server)/],
  external: ['@nimbus/mock-server', 'bufferutil', 'utf-8-validate'],
  // Bundled CommonJS dependencies (undici, commander) call require() for Node's own modules.
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
  // The command tree as data (dist/operations/): `nimbus` builds its commands from it without
  // loading the contract's schemas, most of what it would otherwise spend starting. `index.json`
  // lists the groups (all `--help` needs); each group's operations are a file of their own, read
  // only when the command line names the group.
  async onSuccess() {
    const built = pathToFileURL(resolve('dist/operations.js')).href;
    const { describeOperations } = (await import(
      `${built}?${Date.now()}`
    )) as typeof import('./src/commands/operations');
    const groups = describeOperations();
    await rm('dist/operations', { recursive: true, force: true });
    await mkdir('dist/operations');
    const index = groups.map(({ group, description }) => ({ group, description, operations: [] }));
    await writeFile('dist/operations/index.json', JSON.stringify(index));
    for (const { group, operations } of groups)
      await writeFile(`dist/operations/${group}.json`, JSON.stringify(operations));
    await rechunk('dist');
    await buildWithTsup(commonJs);
  },
});
