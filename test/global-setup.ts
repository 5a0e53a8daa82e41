import { execFileSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { packWorkspaces, root, type Tarballs, tarballDir } from './support/packed-app';
import { isStale } from './support/stale-build';

// The packaging tests install what `npm pack` makes of each package's complete build (with its
// declarations). A package is rebuilt when a source it is made from is newer than its
// declarations (the CLI tests' quicker builds refresh the JavaScript only), then all are packed.
// One after the other: the server's declarations import the SDK's from its dist/, and the CLI's
// both. This project comes first in vitest.workspace.ts, so in a run of every project these
// builds are made before the CLI's and the examples' setups look for their JavaScript.
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
    /** Tracked files whose modification time the builds of this setup changed (none). */
    rewrittenByBuild: string[];
  }
}

export async function setup(project: TestProject): Promise<void> {
  const before = trackedFileTimes();
  for (const build of builds.filter((build) => isStale(root, build.declarations, build.from))) {
    execFileSync('npm', ['run', 'build', '--silent', '-w', build.name], {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
  }
  const after = trackedFileTimes();
  project.provide(
    'rewrittenByBuild',
    [...before].filter(([path, time]) => after.get(path) !== time).map(([path]) => path),
  );
  project.provide(
    'tarballs',
    await packWorkspaces(
      builds.map((build) => build.name),
      tarballDir,
    ),
  );
}

/** The modification time of every tracked file, by path: a build writes under dist/ only. */
function trackedFileTimes(): Map<string, number> {
  const paths = execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8' }).split('\0');
  return new Map(
    paths
      .filter((path) => path && existsSync(join(root, path)))
      .map((path) => [path, statSync(join(root, path)).mtimeMs]),
  );
}
