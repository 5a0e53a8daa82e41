// `npm test`: the lint first (quick, and what fails most often), then the type check and every
// test project at the same time. The test run's global setups build dist/ with declarations, one
// package after the other and mostly on one core: tsc takes the other meanwhile, rather than a
// minute of its own before the tests. Arguments go to `vitest run` (`npm test -- --project cli`).
// tsc's output is held and printed after the tests'; the run fails if either failed.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const vitest = fileURLToPath(new URL('../node_modules/.bin/vitest', import.meta.url));

/** Runs a command to its end; answers its exit code (1 for a signal) and, when held, its output. */
function run(command, args, { hold = false } = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: hold ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    let output = '';
    child.stdout?.on('data', (chunk) => (output += chunk));
    child.stderr?.on('data', (chunk) => (output += chunk));
    child.on('error', (error) => resolve({ code: 1, output: `${command}: ${error.message}\n` }));
    child.on('close', (code) => resolve({ code: code ?? 1, output }));
  });
}

const lint = await run('npm', ['run', '--silent', 'lint']);
if (lint.code !== 0) process.exit(lint.code);

const [typecheck, tests] = await Promise.all([
  run('npm', ['run', '--silent', 'typecheck'], { hold: true }),
  run(vitest, ['run', ...process.argv.slice(2)]),
]);
if (typecheck.code === 0) process.stdout.write('npm run typecheck: no errors\n');
else process.stderr.write(`\nnpm run typecheck failed (exit ${typecheck.code}):\n${typecheck.output}`);
process.exit(typecheck.code || tests.code);
