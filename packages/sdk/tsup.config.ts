import { defineConfig } from 'tsup';

export default defineConfig({
  entry: {
    index: 'src/index.ts',
    'index.browser': 'src/index.browser.ts',
    base: 'src/base.ts',
    'base.browser': 'src/base.browser.ts',
    'contract/index': 'src/contract/index.ts',
  },
  // ESM only, for `import` and `require` alike (Node >= 20.19 requires ES modules): one copy of
  // every class in a process, so `instanceof APIError` holds whichever way the SDK was loaded.
  format: ['esm'],
  // The contract's published types are generated (see scripts/generate-sdk-types.mjs): zod's own
  // types of its schemas, written out by TypeScript, came to a megabyte. The named types (with
  // the schemas of the same names) are an entry of their own so the other declaration files
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
});
