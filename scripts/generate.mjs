// `npm run generate` writes every file derived from the contract; `npm run generate -- --check`
// writes nothing and exits 1 naming each file that is not what it would write (CI runs it through
// test/repository/generated-files.test.ts). A generator is a module's export added to GENERATORS.
import { apiReference } from './api-reference.mjs';
import { bundledMedia } from './bundle-media.mjs';
import { sdkResources } from './generate-sdk-resources.mjs';
import { sdkTypes } from './generate-sdk-types.mjs';
import { REGENERATE, runGenerators } from './generators.mjs';
import { root } from './import-source.mjs';
import { openApiDocuments } from './openapi.mjs';
import { openApiExamples } from './openapi-examples.mjs';

/**
 * In order: the resource classes and the API reference read the SDK's types, the documents embed
 * the recorded examples.
 */
const GENERATORS = [sdkTypes, sdkResources, apiReference, bundledMedia, openApiExamples, openApiDocuments];

const check = process.argv.includes('--check');
// `--only=<name>,...`: those generators alone (by name, any case), for a copy of part of the tree.
const only = process.argv
  .filter((arg) => arg.startsWith('--only='))
  .flatMap((arg) => arg.slice('--only='.length).split(','))
  .map((name) => name.trim().toLowerCase());
const unknown = only.filter((name) => !GENERATORS.some((g) => g.name.toLowerCase() === name));
if (unknown.length > 0) {
  console.error(
    `--only: no generator named ${unknown.join(', ')} (${GENERATORS.map((g) => g.name).join(', ')})`,
  );
  process.exit(2);
}
const chosen = only.length > 0 ? GENERATORS.filter((g) => only.includes(g.name.toLowerCase())) : GENERATORS;
const differing = await runGenerators(chosen, { root, check });
if (check && differing.length > 0) {
  console.error(`${differing.length} generated file(s) are stale: ${REGENERATE}`);
  process.exitCode = 1;
} else if (differing.length === 0) {
  console.log('Every generated file is current.');
}
