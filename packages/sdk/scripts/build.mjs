// The SDK's `npm run build`: tsup with the flags given to the build
// (`npm run build -- --no-dts --no-clean` is the tests' JavaScript-only build), then, when
// declarations were built, the root entries' type re-exports (export-named-types.mjs), the
// declarations of the contract's modules (contract-module-types.mjs), and the CommonJS copies of
// them all (scripts/commonjs-declarations.mjs). The generated sources are committed (`npm run
// generate`): the build reads them and writes under dist/ only.
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const flags = process.argv.slice(2);
const packageDir = fileURLToPath(new URL('..', import.meta.url));
const tsup = createRequire(import.meta.url).resolve('tsup/dist/cli-default.js');
const run = (script, args = []) =>
  execFileSync(process.execPath, [script, ...args], { cwd: packageDir, stdio: 'inherit' });

run(tsup, flags);
if (!flags.includes('--no-dts')) {
  run(fileURLToPath(new URL('export-named-types.mjs', import.meta.url)));
  run(fileURLToPath(new URL('contract-module-types.mjs', import.meta.url)));
  run(fileURLToPath(new URL('../../../scripts/commonjs-declarations.mjs', import.meta.url)), ['dist']);
}
