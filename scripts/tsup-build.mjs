// The `npm run build` of mock-server and cli: tsup, with the flags given to the build
// (`npm run build -- --no-dts --no-clean` is the tests' JavaScript-only build), then, when
// declarations were built, their CommonJS copies (commonjs-declarations.mjs).
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { writeCommonJsDeclarations } from './commonjs-declarations.mjs';

const flags = process.argv.slice(2);
const tsup = createRequire(import.meta.url).resolve('tsup/dist/cli-default.js');
execFileSync(process.execPath, [tsup, ...flags], { stdio: 'inherit' });
if (!flags.includes('--no-dts')) await writeCommonJsDeclarations('dist');
