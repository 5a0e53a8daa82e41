// The generators are TypeScript source: esbuild bundles one in memory and it is imported from
// there, so `npm run generate` needs no build first.
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

/** The repository root, with a trailing slash. */
export const root = fileURLToPath(new URL('..', import.meta.url));

/** Imports the TypeScript module at `entry` (a path under the root), its imports bundled in. */
export async function importSource(entry, alias) {
  const bundle = await build({
    entryPoints: [`${root}${entry}`],
    bundle: true,
    write: false,
    platform: 'neutral',
    format: 'esm',
    mainFields: ['module', 'main'],
    logLevel: 'warning',
    alias,
  });
  const source = Buffer.from(bundle.outputFiles[0].contents).toString('base64');
  return import(`data:text/javascript;base64,${source}`);
}
