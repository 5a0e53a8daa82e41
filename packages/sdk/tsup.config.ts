import { readdirSync } from 'node:fs';
import { build as buildWithTsup, defineConfig, type Options } from 'tsup';

/**
 * Every module of the contract as an entry of its own (`@nimbus/sdk/contract/v1/instances`):
 * the reference server loads one family's schemas on the first request that needs them, not
 * the whole contract at start. `contract/index` imports the same modules, so each schema and
 * endpoint still exists once in a process, whichever way it was imported.
 */
const contractModules = Object.fromEntries(
  readdirSync('src/contract', { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts'))
    .map((file) => [`contract/${file.replace(/(\/index)?\.ts$/, '')}`, `src/contract/${file}`]),
);

const entry = {
  index: 'src/index.ts',
  'index.browser': 'src/index.browser.ts',
  base: 'src/base.ts',
  'base.browser': 'src/base.browser.ts',
  ...contractModules,
};

/**
 * The same entries as CommonJS (`dist/*.cjs`), for loaders that cannot `require()` an ES module:
 * jest's CommonJS mode, bundlers' `require`. Node takes the ES module for `require()` too (the
 * exports map's `module-sync` comes first), so it still holds one copy of each class
 * (docs/decisions/0018-commonjs-builds.md). Built after the ES modules, which it leaves as they
 * are; split, so the entries share one copy of each module as the ES ones do.
 */
const commonJs: Options = {
  config: false,
  entry,
  format: ['cjs'],
  splitting: true,
  // tsup's CommonJS splitting renames classes (`_class6`): their names kept, as errors show them.
  keepNames: true,
  dts: false,
  clean: false,
  silent: true,
  target: 'node20',
  sourcemap: true,
};

export default defineConfig({
  entry,
  // The ES modules, for `import` and Node's `require()` alike (Node >= 20.19 requires ES modules):
  // one copy of every class in a Node process. The CommonJS build is `commonJs` above.
  format: ['esm'],
  // The contract's published types are generated (see scripts/generate-sdk-types.mjs): zod's own
  // types of its schemas, written out by TypeScript, came to a megabyte. The named types (plain
  // interfaces, no zod) are an entry of their own so the other declaration files
  // import them by name, not through a chunk's two-letter aliases (`gJ as ApiName`) listed again
  // in every importer; no subpath exports it. scripts/export-named-types.mjs runs after this.
  dts: {
    entry: {
      index: 'src/index.ts',
      'index.browser': 'src/index.browser.ts',
      base: 'src/base.ts',
      'base.browser': 'src/base.browser.ts',
      'contract/index': 'src/generated/contract.d.ts',
      types: 'src/generated/types.d.ts',
    },
  },
  clean: true,
  target: 'node20',
  sourcemap: true,
  onSuccess: async () => {
    await buildWithTsup(commonJs);
  },
});
