import { cp, mkdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build as buildWithTsup, defineConfig, type Options } from 'tsup';

type Plugin = NonNullable<Options['esbuildPlugins']>[number];

/** The `/docs` page's files and the notices their Apache-2.0 licence asks to keep with them. */
const SWAGGER_UI_FILES = [
  'swagger-ui.css',
  'swagger-ui-bundle.js',
  'swagger-ui-standalone-preset.js',
  'swagger-ui-bundle.js.LICENSE.txt',
  'swagger-ui-standalone-preset.js.LICENSE.txt',
  'LICENSE',
  'NOTICE',
];

/** Copies them into `dist/swagger-ui/`, where `src/node/docs-assets.ts` finds them. */
async function copySwaggerUi(): Promise<void> {
  const from = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
  await mkdir('dist/swagger-ui', { recursive: true });
  await Promise.all(SWAGGER_UI_FILES.map((file) => cp(join(from, file), join('dist/swagger-ui', file))));
}

/** The `/__mock/ui` dashboard's page, styles and script, into `dist/dashboard/` (src/node/dashboard-assets.ts). */
async function copyDashboard(): Promise<void> {
  await cp('src/dashboard', 'dist/dashboard', { recursive: true });
}

/**
 * Dynamic imports that stay imports of another entry's built file, rather than a copy in the
 * importer's: the testing entry's of the server (a test file that only connects to a running
 * server loads the SDK's client, not the server), and the docs family's of the OpenAPI builder
 * (a fifth of the server's file, which a server that never serves a document need not read).
 * The CommonJS build imports the `.cjs` file of the entry.
 */
const ENTRY_IMPORTS: Record<string, Record<string, string>> = {
  [join('src', 'entries', 'testing.ts')]: { '../index': './index.js' },
  [join('src', 'families', 'docs.ts')]: { '../openapi/document': './openapi.js' },
};

const importsOfEntries: Plugin = {
  name: 'imports-of-entries',
  setup(build) {
    build.onResolve({ filter: /^\.\.\// }, (args) => {
      if (args.kind !== 'dynamic-import') return undefined;
      const importer = Object.keys(ENTRY_IMPORTS).find((file) => args.importer.endsWith(file));
      const path = importer && ENTRY_IMPORTS[importer]![args.path];
      if (!path) return undefined;
      return {
        path: build.initialOptions.format === 'cjs' ? path.replace(/\.js$/, '.cjs') : path,
        external: true,
      };
    });
  },
};

const entry = {
  index: 'src/index.ts',
  testing: 'src/entries/testing.ts',
  msw: 'src/entries/msw.ts',
  openapi: 'src/entries/openapi.ts',
  verify: 'src/entries/verify.ts',
};

/** The SDK's contract modules by their sources, and zod as the parts the schemas use (below). */
const bundled = [/^@nimbus\/sdk\/contract/, /^zod(\/|$)/];
const contractAlias = {
  '@nimbus/sdk/contract': fileURLToPath(new URL('../sdk/src/contract', import.meta.url)),
};

/**
 * The same entries as CommonJS (`dist/*.cjs`), for loaders that cannot `require()` an ES module
 * (jest's CommonJS mode), as the SDK's (docs/decisions/0018-commonjs-builds.md). It bundles as
 * well the dependencies that are ES modules only (jose, lowdb, @noble/hashes), which such a
 * loader could not load either, and shims `import.meta.url` for the files beside the build.
 * Built after the ES modules, which it leaves as they are.
 */
const commonJs: Options = {
  config: false,
  entry,
  format: ['cjs'],
  splitting: false,
  dts: false,
  clean: false,
  silent: true,
  target: 'node20',
  sourcemap: true,
  shims: true,
  external: [/^@nimbus\/sdk(\/base)?$/],
  noExternal: [...bundled, /^jose(\/|$)/, /^lowdb(\/|$)/, /^steno(\/|$)/, /^@noble\/hashes(\/|$)/],
  esbuildOptions(options) {
    options.alias = contractAlias;
    // `import()` as `require()`: jest's CommonJS mode runs no dynamic import without its ES
    // module flag, and a lazily loaded dependency (prom-client, ws, undici) is one.
    options.supported = { 'dynamic-import': false };
  },
  esbuildPlugins: [importsOfEntries],
};

export default defineConfig({
  entry,
  // The ES modules, for `import` and Node's `require()` alike, as the SDK's (see its tsup config);
  // the CommonJS build is `commonJs` above.
  format: ['esm'],
  // One file per entry. The server loads a family, and the contract module it answers for, on
  // the first request that needs it (src/core/pipeline/families.ts): esbuild keeps each such module in
  // the file, evaluated on first use. As files of their own, a test file's server paid more to
  // load the hundred or so of them than to run them.
  splitting: false,
  dts: true,
  clean: true,
  target: 'node20',
  sourcemap: true,
  // The SDK's client stays one copy at run time (`instanceof APIError` holds in a test). The
  // contract's modules are bundled in from their sources, for the lazy loading above; nothing
  // compares the server's contract objects with those an app imports from `@nimbus/sdk/contract`.
  external: [/^@nimbus\/sdk(\/base)?$/],
  // zod is bundled too, as the parts the schemas use: its package's entry loads about a hundred
  // modules, every error locale among them, and that was a third of a test file's start. The
  // sources import it as `import * as z`, which lets esbuild leave out what no schema uses.
  noExternal: bundled,
  esbuildOptions(options) {
    options.alias = contractAlias;
  },
  esbuildPlugins: [importsOfEntries],
  onSuccess: async () => {
    await Promise.all([copySwaggerUi(), copyDashboard(), buildWithTsup(commonJs)]);
  },
});
