// packages/sdk/api.md, the API reference, from the contract and the SDK's resource classes (a
// generator of scripts/generate.mjs).
import ts from 'typescript';
import { importSource, root } from './import-source.mjs';

/** @type {import('./generators.mjs').Generator} */
export const apiReference = {
  name: 'API reference',
  async outputs() {
    const { generateApiReference } = await importSource('packages/sdk/src/codegen/api-reference.ts');
    return { 'packages/sdk/api.md': generateApiReference(ts, `${root}packages/sdk`) };
  },
};
