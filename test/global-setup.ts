import { execFileSync } from 'node:child_process';
import type { TestProject } from 'vitest/node';
import { packWorkspaces, root, type Tarballs, tarballDir } from './support/packed-app';
import { isStale } from './support/stale-build';

// The packaging tests install what `npm pack` makes of each package's complete build (with its
// declarations). A package is rebuilt when a source it is made from is newer than its
// declarations (the CLI tests' quicker builds refresh the JavaScript only), then all are packed.
const builds = [
  { name: '@nimbus/sdk', declarations: 'packages/sdk/dist/index.d.ts', from: ['sdk'] },
  {
    name: '@nimbus/mock-server',
    declarations: 'packages/mock-server/dist/index.d.ts',
    from: ['mock-server'],
  },
  { name: '@nimbus/cli', declarations: 'packages/cli/dist/index.d.ts', from: ['cli', 'sdk'] },
];

declare module 'vitest' {
  export interface ProvidedContext {
    tarballs: Tarballs;
  }
}

export async function setup(project: TestProject): Promise<void> {
  for (const build of builds.filter((build) => isStale(root, build.declarations, build.from))) {
    execFileSync('npm', ['run', 'build', '--silent', '-w', build.name], {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
  }
  project.provide(
    'tarballs',
    await packWorkspaces(
      builds.map((build) => build.name),
      tarballDir,
    ),
  );
}
