// The OpenAPI 3.1 documents generated from the contract, with the recorded examples, in openapi/
// (a generator of scripts/generate.mjs).
import { importSource, root } from './import-source.mjs';

const OUTPUTS = { v1: 'openapi/cloud-platform.json', v2: 'openapi/video.json' };

/** @type {import('./generators.mjs').Generator} */
export const openApiDocuments = {
  name: 'OpenAPI documents',
  async outputs() {
    const { openApiDocument } = await importSource('packages/mock-server/src/openapi/document.ts', {
      '@nimbus/sdk/contract': `${root}packages/sdk/src/contract`,
      '@nimbus/sdk': `${root}packages/sdk/src/index.browser.ts`,
    });
    return Object.fromEntries(
      Object.entries(OUTPUTS).map(([api, file]) => [
        file,
        `${JSON.stringify(openApiDocument(api), null, 2)}\n`,
      ]),
    );
  },
};
