// `npm start`'s build: only what `nimbus mock start` runs, bundled from the sources in one esbuild
// pass into packages/mock-server/.start/ (no declarations, CommonJS copies, OpenAPI files or
// packaging; `npm run build` makes those). The bundle lives in the server's package folder so
// that it finds the package's media/ folder and Swagger UI's files as the sources do.
import { cp, rm } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
const outdir = `${root}packages/mock-server/.start`;
const started = performance.now();

await rm(outdir, { recursive: true, force: true });
await build({
  entryPoints: { bin: `${root}packages/cli/src/bin.ts` },
  outdir,
  bundle: true,
  // One file, as the server's own build: a state file's start loads every family, and as files of
  // their own they were a hundred modules to resolve and read.
  splitting: false,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  // The workspace packages by their sources (the root tsconfig's paths), every dependency bundled.
  tsconfig: `${root}tsconfig.json`,
  // ws's optional native helpers are optional.
  external: ['bufferutil', 'utf-8-validate'],
  // Bundled CommonJS dependencies (undici, commander) call require() for Node's own modules.
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
  logLevel: 'warning',
});
// The dashboard's files beside the bundle, where the server looks for them (dashboard-assets.ts).
await cp(`${root}packages/mock-server/src/dashboard`, `${outdir}/dashboard`, { recursive: true });
console.log(`built packages/mock-server/.start/ in ${Math.round(performance.now() - started)} ms`);
