// Writes packages/sdk/src/generated/{types.d.ts,routes.ts,client-routes.ts,contract.d.ts} and
// packages/sdk/src/contract/operation-routes.ts from the contract (run by the SDK's build).
import { mkdir, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { importSource, root } from './import-source.mjs';

const outDir = `${root}packages/sdk/src/generated`;
const { generateSdkTypes } = await importSource('packages/sdk/src/codegen/sdk-types.ts');

await mkdir(outDir, { recursive: true });
for (const [name, text] of Object.entries(generateSdkTypes())) {
  const path = join(outDir, name);
  await writeFile(path, text);
  console.log(`${relative(root, path)}: ${Math.round(text.length / 1024)} KB`);
}
