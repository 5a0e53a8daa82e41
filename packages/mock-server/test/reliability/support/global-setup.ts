import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

// crash-safety.test.ts kills the server, so it runs it as a child process. Node 20 cannot run
// the TypeScript sources, so the child script is bundled here with esbuild (what tsup uses):
// workspace sources inlined, npm packages left as imports. The bundle lives in the package's
// node_modules/.cache, so it finds the package's media folder and the hoisted dependencies,
// and it never touches dist (the CLI's global setup rebuilds that).

const root = fileURLToPath(new URL('../../../../../', import.meta.url));
const pkg = join(root, 'packages/mock-server');
const entry = join(pkg, 'test/reliability/support/child-server.ts');

/** Where crash-safety.test.ts finds the bundled child script. */
export const CHILD_SERVER = join(pkg, 'node_modules/.cache/nimbus-reliability/child-server.mjs');

function newest(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(path).map((name) => newest(join(path, name))));
}

function fresh(): boolean {
  if (!existsSync(CHILD_SERVER)) return false;
  const sources = Math.max(newest(join(pkg, 'src')), newest(join(root, 'packages/sdk/src')), newest(entry));
  return statSync(CHILD_SERVER).mtimeMs >= sources;
}

export async function setup(): Promise<void> {
  if (fresh()) return;
  await build({
    entryPoints: [entry],
    outfile: CHILD_SERVER,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'error',
    plugins: [
      {
        name: 'workspace-sources',
        setup(b) {
          // The contract and each of its modules (`@nimbus/sdk/contract/v1/instances`).
          b.onResolve({ filter: /^@nimbus\/sdk\/contract(\/.+)?$/ }, (args) =>
            b.resolve(`.${args.path.slice('@nimbus/sdk/contract'.length) || '/index'}`, {
              kind: args.kind,
              resolveDir: join(root, 'packages/sdk/src/contract'),
            }),
          );
          b.onResolve({ filter: /^@nimbus\/sdk$/ }, () => ({
            path: join(root, 'packages/sdk/src/index.ts'),
          }));
          // Every other bare import is an npm package: resolved by Node at run time.
          b.onResolve({ filter: /^[^./]/ }, (args) =>
            args.path.startsWith('@nimbus/') ? undefined : { external: true },
          );
        },
      },
    ],
  });
}
