// Writes the OpenAPI 3.1 documents generated from the contract to openapi/ (`npm run openapi`).
import { mkdir, writeFile } from 'node:fs/promises';
import { importSource, root } from './import-source.mjs';

const OUTPUTS = { v1: 'openapi/cloud-platform.json', v2: 'openapi/video.json' };
const { openApiDocument } = await importSource('packages/mock-server/src/openapi/document.ts', {
  '@nimbus/sdk/contract': `${root}packages/sdk/src/contract`,
  '@nimbus/sdk': `${root}packages/sdk/src/index.browser.ts`,
});

await mkdir(`${root}openapi`, { recursive: true });
for (const [name, file] of Object.entries(OUTPUTS)) {
  const doc = openApiDocument(name);
  await writeFile(`${root}${file}`, `${JSON.stringify(doc, null, 2)}\n`);
  console.log(`${file}: ${Object.keys(doc.paths).length} paths`);
}
