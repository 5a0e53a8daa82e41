import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** The latest modification time under `path` (0 when it does not exist). */
function newest(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(path).map((name) => newest(join(path, name))));
}

/**
 * Whether the build output at `output` (a path from the repository `root`) is missing or older
 * than a source of the packages it is made from (`from`: folder names under packages/): their
 * `src`, `scripts`, `tsup.config.ts` or `package.json`. Test setups rebuild only what is stale.
 */
export function isStale(root: string, output: string, from: readonly string[]): boolean {
  const built = join(root, output);
  if (!existsSync(built)) return true;
  const sources = from.flatMap((pkg) =>
    ['src', 'scripts', 'tsup.config.ts', 'package.json'].map((entry) =>
      newest(join(root, 'packages', pkg, entry)),
    ),
  );
  return Math.max(...sources) > statSync(built).mtimeMs;
}
