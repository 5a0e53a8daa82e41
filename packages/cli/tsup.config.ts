import { defineConfig } from 'tsup';

export default defineConfig({
  entry: { bin: 'src/bin.ts', index: 'src/index.ts' },
  format: ['esm'],
  dts: { entry: { index: 'src/index.ts' } },
  clean: true,
  target: 'node20',
  sourcemap: true,
  // Workspace packages and dependencies are resolved at run time, not bundled.
  external: [/^@nimbus\//],
});
