// What every generator of scripts/generate.mjs is, and the loop that writes or checks their files.
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';

/**
 * @typedef {object} Generator
 * @property {string} name What it writes, for the log.
 * @property {() => Promise<Record<string, string>>} outputs The files' texts by path from the repository root.
 * @property {(onDisk: string, generated: string) => boolean} [same] Whether the file on disk is current
 *   (default: the same text). A recording that differs in ids and times only is current.
 * @property {string} [directory] A folder it owns whole: a file there that it no longer writes is
 *   stale, and removed when writing (a namespace taken out of the contract).
 */

/** The command that rewrites what `--check` finds stale; every staleness message names it. */
export const REGENERATE = 'run npm run generate';

/**
 * Runs each generator in order (a later one may read what an earlier one wrote) and writes the
 * files that differ from what is on disk; with `check`, writes nothing. Returns the paths that
 * differed: with `check`, those are stale.
 */
export async function runGenerators(generators, { root, check = false, log = console.log }) {
  const differing = [];
  for (const generator of generators) {
    const outputs = await generator.outputs();
    for (const [path, text] of Object.entries(outputs)) {
      const file = join(root, path);
      const onDisk = existsSync(file) ? await readFile(file, 'utf8') : undefined;
      const same = generator.same ?? ((a, b) => a === b);
      if (onDisk !== undefined && same(onDisk, text)) continue;
      differing.push(path);
      if (check) {
        log(`${path} is stale (${generator.name}): ${REGENERATE}`);
      } else {
        await mkdir(dirname(file), { recursive: true });
        await writeFile(file, text);
        log(`${path}: written (${generator.name})`);
      }
    }
    if (generator.directory) {
      const owned = await readdir(join(root, generator.directory), { recursive: true }).catch(() => []);
      for (const name of owned) {
        const path = `${generator.directory}/${name}`;
        if (!name.endsWith('.ts') || path in outputs) continue;
        differing.push(path);
        if (check) log(`${path} is left over (${generator.name}): ${REGENERATE}`);
        else {
          await rm(join(root, path));
          log(`${path}: removed (${generator.name})`);
        }
      }
    }
  }
  return differing;
}
