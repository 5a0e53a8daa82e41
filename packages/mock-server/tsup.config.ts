import { defineConfig } from 'tsup';

export default defineConfig({
  entry: { index: 'src/index.ts', testing: 'src/entries/testing.ts', msw: 'src/entries/msw.ts' },
  format: ['esm', 'cjs'],
  dts: true,
  clean: true,
  target: 'node20',
  sourcemap: true,
  // import.meta.url in the CommonJS build (the media root and the docs assets are found from it).
  shims: true,
  // The SDK (and its contract) stay one copy at run time: never bundled into the server.
  external: [/^@nimbus\//],
});
