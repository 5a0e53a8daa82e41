// Runs after tsup (the SDK's `build`). Each module of the contract is an entry of its own
// (`@nimbus/sdk/contract/v1/instances`, see tsup.config.ts), and its declarations are those of
// `@nimbus/sdk/contract`: this writes beside each one a declaration file that re-exports, from
// the contract's, the names the module's JavaScript exports. A schema and its type share a name,
// so both come; nothing the module does not export is promised.
import { readdir, writeFile } from 'node:fs/promises';
import { relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const contractDir = fileURLToPath(new URL('../dist/contract/', import.meta.url));
/** The entry with declarations of its own (tsup's `dts.entry`). */
const DECLARED = new Set(['index.js']);

const files = (await readdir(contractDir, { recursive: true })).filter(
  (file) => file.endsWith('.js') && !DECLARED.has(file),
);
for (const file of files) {
  const names = Object.keys(await import(pathToFileURL(`${contractDir}${file}`).href)).sort();
  const declaration = `${contractDir}${file.slice(0, -'.js'.length)}.d.ts`;
  let index = relative(fileURLToPath(new URL('.', pathToFileURL(declaration))), `${contractDir}index.js`);
  if (!index.startsWith('.')) index = `./${index}`;
  const text = names.length ? `export { ${names.join(', ')} } from '${index}';\n` : 'export {};\n';
  await writeFile(declaration, text);
}
