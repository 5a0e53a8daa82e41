import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { packWorkspaces, root, type Tarballs, tarballDir } from './support/packed-app';

// The packaging tests install what `npm pack` makes of each package's complete build (with its
// declarations). A package is rebuilt when a source it is made from is newer than its
// declarations (the CLI tests' quicker builds refresh the JavaScript only), then all are packed.
const builds = [
  { name: '@nimbus/sdk', dir: 'sdk', declarations: 'dist/index.d.ts', from: ['sdk'] },
  { name: '@nimbus/mock-server', dir: 'mock-server', declarations: 'dist/index.d.ts', from: ['mock-server'] },
  { name: '@nimbus/cli', dir: 'cli', declarations: 'dist/index.d.ts', from: ['cli', 'sdk'] },
];

function newest(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(path).map((name) => newest(join(path, name))));
}

function stale(build: (typeof builds)[number]): boolean {
  const output = join(root, 'packages', build.dir, build.declarations);
  if (!existsSync(output)) return true;
  const sources = build.from.flatMap((pkg) =>
    ['src', 'scripts', 'tsup.config.ts', 'package.json'].map((entry) =>
      newest(join(root, 'packages', pkg, entry)),
    ),
  );
  return Math.max(...sources) > statSync(output).mtimeMs;
}

declare module 'vitest' {
  export interface ProvidedContext {
    tarballs: Tarballs;
  }
}

export async function setup(project: TestProject): Promise<void> {
  for (const build of builds.filter(stale)) {
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
