// The OpenAPI documents' examples (a generator of scripts/generate.mjs): one request and 2xx
// answer per operation recorded from a reference server run in this process, in
// packages/mock-server/src/openapi/generated/examples.json. A recording that shows the same
// requests as the one on file, ids and times aside, leaves the file as it is. The recorder is
// TypeScript: esbuild bundles it next to its sources (it finds the published documents from
// there), it runs, and the bundle is deleted.
import { rm } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { root } from './import-source.mjs';

const support = `${root}packages/mock-server/test/support/`;
const bundled = `${support}.record-examples.bundle.mjs`;
const OUTPUT = 'packages/mock-server/src/openapi/generated/examples.json';

/** @type {import('./generators.mjs').Generator} */
export const openApiExamples = {
  name: 'OpenAPI examples',
  async outputs() {
    const { recordExamples } = await recorder();
    return { [OUTPUT]: `${JSON.stringify(await recordExamples(), null, 2)}\n` };
  },
  same(onDisk, generated) {
    return sameRecording(JSON.parse(onDisk), JSON.parse(generated));
  },
};

let loaded;
let sameRecording;

/** The recorder's module, bundled once. */
async function recorder() {
  loaded ??= bundle();
  const module = await loaded;
  sameRecording = module.sameRecording;
  return module;
}

async function bundle() {
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
    return await import(pathToFileURL(bundled).href);
  } finally {
    await rm(bundled, { force: true });
  }
}
