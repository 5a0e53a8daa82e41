import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

// The CLI tests run the built `nimbus` as a subprocess. Its bundle holds the SDK; `mock start`
// loads the server from its dist, which loads the SDK's dist. Each is rebuilt when a source
// it is made from is newer than its output.
const root = fileURLToPath(new URL('../../..', import.meta.url));
const builds = [
  { name: 'sdk', output: 'packages/sdk/dist/index.js', from: ['sdk'] },
  { name: 'mock-server', output: 'packages/mock-server/dist/index.js', from: ['mock-server'] },
  { name: 'cli', output: 'packages/cli/dist/bin.js', from: ['cli', 'sdk'] },
];

function newest(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(path).map((name) => newest(join(path, name))));
}

function stale(build: (typeof builds)[number]): boolean {
  const output = join(root, build.output);
  if (!existsSync(output)) return true;
  const sources = build.from.flatMap((pkg) =>
    ['src', 'tsup.config.ts', 'package.json'].map((entry) => newest(join(root, 'packages', pkg, entry))),
  );
  return Math.max(...sources) > statSync(output).mtimeMs;
}

export function setup(): void {
  for (const build of builds.filter(stale)) {
    // JavaScript only, over the previous output: declarations take most of a full build's
    // time and the tests need none, and keeping the folder means a `.d.ts` another build is
    // reading never disappears under it. `npm run build` makes the complete, clean dist.
    execFileSync('npm', ['run', 'build', '--silent', '--', '--no-dts', '--no-clean'], {
      cwd: join(root, 'packages', build.name),
      stdio: ['ignore', 'ignore', 'inherit'],
    });
  }
}
