#!/usr/bin/env node
import { run } from './program';

/**
 * Exits as soon as the command is done (idle keep-alive connections would otherwise hold the
 * process for seconds), once stdout has taken everything written to it.
 */
function exit(code: number): void {
  process.stdout.write('', () => process.exit(code));
}

run(process.argv).then(exit, (error: unknown) => {
  console.error(error);
  exit(1);
});
