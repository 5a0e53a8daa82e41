// The SDK's resource classes, the client's families and their exports, generated from the
// contract (packages/sdk/src/codegen/sdk-resources.ts) into packages/sdk/src/generated/resources/
// (a generator of scripts/generate.mjs).
import { importSource } from './import-source.mjs';

const outDir = 'packages/sdk/src/generated/resources';

/** @type {import('./generators.mjs').Generator} */
export const sdkResources = {
  name: 'SDK resources',
  directory: outDir,
  async outputs() {
    const { generateSdkResources } = await importSource('packages/sdk/src/codegen/sdk-resources.ts');
    return Object.fromEntries(
      Object.entries(generateSdkResources()).map(([name, text]) => [`${outDir}/${name}`, text]),
    );
  },
};
