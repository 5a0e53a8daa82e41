// Records one request and 2xx answer per operation from a reference server run in this process
// (`npm run openapi:examples`), into packages/mock-server/src/openapi/examples.json; then run
// `npm run openapi` to write the documents with them. The recorder is TypeScript: esbuild bundles
// it next to its sources (it finds the published documents from there), runs it, and deletes it.
import { rm, writeFile } from 'node:fs/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
const support = `${root}packages/mock-server/test/support/`;
const bundled = `${support}.record-examples.bundle.mjs`;
const OUTPUT = 'packages/mock-server/src/openapi/examples.json';

await build({
  entryPoints: [`${support}record-examples.ts`],
  outfile: bundled,
  bundle: true,
  platform: 'node',
  format: 'esm',
  packages: 'external',
  logLevel: 'warning',
  alias: {
    '@nimbus/sdk/contract': `${root}packages/sdk/src/contract`,
    '@nimbus/sdk': `${root}packages/sdk/src/index.ts`,
  },
});
try {
  const { recordExamples } = await import(pathToFileURL(bundled).href);
  const examples = await recordExamples();
  await writeFile(`${root}${OUTPUT}`, `${JSON.stringify(examples, null, 2)}\n`);
  console.log(`${OUTPUT}: ${Object.keys(examples).length} operations`);
} finally {
  await rm(bundled, { force: true });
}
