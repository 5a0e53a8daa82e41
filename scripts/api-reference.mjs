// Writes packages/sdk/api.md, the API reference, from the contract and the SDK's resource classes.
import { writeFile } from 'node:fs/promises';
import ts from 'typescript';
import { importSource, root } from './import-source.mjs';

const sdkDir = `${root}packages/sdk`;
const { generateApiReference } = await importSource('packages/sdk/src/codegen/api-reference.ts');

const text = generateApiReference(ts, sdkDir);
await writeFile(`${sdkDir}/api.md`, text);
console.log(`packages/sdk/api.md: ${Math.round(text.length / 1024)} KB`);
