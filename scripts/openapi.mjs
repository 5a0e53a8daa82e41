// Writes the OpenAPI 3.1 documents generated from the contract to openapi/ (`npm run openapi`).
// The generator is TypeScript source: esbuild bundles it in memory, so no build is needed first.
import { mkdir, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
const OUTPUTS = { v1: 'openapi/cloud-platform.json', v2: 'openapi/video.json' };

const bundle = await build({
  entryPoints: [`${root}packages/mock-server/src/openapi/document.ts`],
  bundle: true,
  write: false,
  platform: 'neutral',
  format: 'esm',
  mainFields: ['module', 'main'],
  logLevel: 'warning',
  alias: {
    '@nimbus/sdk/contract': `${root}packages/sdk/src/contract/index.ts`,
    '@nimbus/sdk': `${root}packages/sdk/src/index.browser.ts`,
  },
});
const source = Buffer.from(bundle.outputFiles[0].contents).toString('base64');
const { openApiDocument } = await import(`data:text/javascript;base64,${source}`);

await mkdir(`${root}openapi`, { recursive: true });
for (const [name, file] of Object.entries(OUTPUTS)) {
  const doc = openApiDocument(name);
  await writeFile(`${root}${file}`, `${JSON.stringify(doc, null, 2)}\n`);
  console.log(`${file}: ${Object.keys(doc.paths).length} paths`);
}
