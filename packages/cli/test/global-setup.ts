import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isStale } from '../../../test/support/stale-build';

// The CLI tests run the built `nimbus` as a subprocess. Its bundle holds the SDK; `mock start`
// loads the server from its dist, which loads the SDK's dist. Each is rebuilt when a source
// it is made from is newer than its output.
const root = fileURLToPath(new URL('../../..', import.meta.url));
const builds = [
  { name: 'sdk', output: 'packages/sdk/dist/index.js', from: ['sdk'] },
  { name: 'mock-server', output: 'packages/mock-server/dist/index.js', from: ['mock-server'] },
  { name: 'cli', output: 'packages/cli/dist/bin.cjs', from: ['cli', 'sdk'] },
];

export function setup(): void {
  for (const build of builds.filter((build) => isStale(root, build.output, build.from))) {
    // JavaScript only, over the previous output: declarations take most of a full build's
    // time and the tests need none, and keeping the folder means a `.d.ts` another build is
    // reading never disappears under it. `npm run build` makes the complete, clean dist.
    execFileSync('npm', ['run', 'build', '--silent', '--', '--no-dts', '--no-clean'], {
      cwd: join(root, 'packages', build.name),
      stdio: ['ignore', 'ignore', 'inherit'],
    });
  }
}
