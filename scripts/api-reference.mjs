// Writes packages/sdk/api.md, the API reference, from the contract and the SDK's resource classes.
// `--check` writes nothing and exits 1 when api.md is stale.
import { readFile, writeFile } from 'node:fs/promises';
import ts from 'typescript';
import { importSource, root } from './import-source.mjs';

const sdkDir = `${root}packages/sdk`;
const { generateApiReference } = await importSource('packages/sdk/src/codegen/api-reference.ts');

const text = generateApiReference(ts, sdkDir);
if (process.argv.includes('--check')) {
  if ((await readFile(`${sdkDir}/api.md`, 'utf8').catch(() => '')) !== text) {
    console.error('packages/sdk/api.md is stale. Run npm run generate.');
    process.exit(1);
  }
} else {
  await writeFile(`${sdkDir}/api.md`, text);
  console.log(`packages/sdk/api.md: ${Math.round(text.length / 1024)} KB`);
}
