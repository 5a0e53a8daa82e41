import { defineConfig } from 'tsup';

export default defineConfig({
  entry: { bin: 'src/bin.ts', index: 'src/index.ts' },
  format: ['esm'],
  dts: { entry: { index: 'src/index.ts' } },
  clean: true,
  target: 'node20',
  sourcemap: true,
  // One bundle with the SDK and every dependency: a CLI run starts in about half the time
  // when Node does not resolve and read a few hundred module files first. The server stays
  // outside: only `nimbus mock start` loads it. ws's optional native helpers are optional.
  noExternal: [/^(?!@nimbus\/mock-server)/],
  external: ['@nimbus/mock-server', 'bufferutil', 'utf-8-validate'],
  // Bundled CommonJS dependencies (undici, commander) call require() for Node's own modules.
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
});
