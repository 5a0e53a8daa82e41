// The SDK's plain types and route tables, generated from the contract (a generator of
// scripts/generate.mjs): packages/sdk/src/generated/{types.d.ts,routes.ts,client-routes.ts,contract.d.ts}
// and the server's route table, packages/sdk/src/contract/generated/operation-routes.ts.
import { importSource } from './import-source.mjs';

const outDir = 'packages/sdk/src/generated';

/** @type {import('./generators.mjs').Generator} */
export const sdkTypes = {
  name: 'SDK types',
  async outputs() {
    const { generateSdkTypes } = await importSource('packages/sdk/src/codegen/sdk-types.ts');
    const files = {};
    for (const [name, text] of Object.entries(generateSdkTypes())) {
      if (name === '../contract/operation-routes.ts') {
        // An entry of the package among the contract's modules, in their generated/ folder.
        files['packages/sdk/src/contract/generated/operation-routes.ts'] = text.replaceAll(
          " from './",
          " from '../",
        );
      } else {
        files[`${outDir}/${name}`] = text;
      }
    }
    return files;
  },
};
