// Runs after a package's declarations are built (`npm run build` of sdk, mock-server and cli).
// The exports map's `require` conditions name CommonJS files (`dist/*.cjs`), whose types must be
// CommonJS declarations (`.d.cts`) for TypeScript to type a `require()` of them: this writes
// beside each `.d.ts` the same text as a `.d.cts`, its relative imports pointed at the `.cjs`
// side, so a CommonJS consumer's types never cross into the ES module declarations.
//
//   node scripts/commonjs-declarations.mjs <dist folder>...
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

/** `from './x.js'`, `import('../y.js')`, `import './z.js'`: a relative specifier of a `.js` file. */
const RELATIVE_JS = /(\bfrom\s+|\bimport\s*\(\s*|\bimport\s+)(['"])(\.{1,2}\/[^'"]*?)\.js\2/g;

/** The `.d.cts` text of a `.d.ts` file. */
export function commonJsDeclaration(text) {
  return text.replace(RELATIVE_JS, (_, keyword, quote, path) => `${keyword}${quote}${path}.cjs${quote}`);
}

/** Writes a `.d.cts` beside every `.d.ts` under `dir`. */
export async function writeCommonJsDeclarations(dir) {
  const files = (await readdir(dir, { recursive: true })).filter((file) => file.endsWith('.d.ts'));
  await Promise.all(
    files.map(async (file) => {
      const text = await readFile(join(dir, file), 'utf8');
      await writeFile(join(dir, `${file.slice(0, -'.d.ts'.length)}.d.cts`), commonJsDeclaration(text));
    }),
  );
}

if (import.meta.url === pathToFileURL(resolve(process.argv[1] ?? '')).href) {
  for (const dir of process.argv.slice(2)) await writeCommonJsDeclarations(dir);
}
