import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isStale } from '../../test/support/stale-build';

// The runner examples load the packages as an app does, from their builds (dist/): each is
// rebuilt, JavaScript only, when a source it is made from is newer (as the CLI tests do).
const root = fileURLToPath(new URL('../..', import.meta.url));
const builds = [
  { name: 'sdk', output: 'packages/sdk/dist/index.cjs', from: ['sdk'] },
  { name: 'mock-server', output: 'packages/mock-server/dist/index.cjs', from: ['mock-server'] },
];

export function setup(): void {
  for (const build of builds.filter((build) => isStale(root, build.output, build.from))) {
    execFileSync('npm', ['run', 'build', '--silent', '--', '--no-dts', '--no-clean'], {
      cwd: join(root, 'packages', build.name),
      stdio: ['ignore', 'ignore', 'inherit'],
    });
  }
}
