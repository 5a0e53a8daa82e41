// Writes packages/sdk/src/generated/{types.d.ts,routes.ts,contract.d.ts} from the contract (run by the SDK's build).
// The generator is TypeScript source: esbuild bundles it in memory, so no build is needed first.
import { mkdir, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
const outDir = `${root}packages/sdk/src/generated`;

const bundle = await build({
  entryPoints: [`${root}packages/sdk/src/codegen/sdk-types.ts`],
  bundle: true,
  write: false,
  platform: 'neutral',
  format: 'esm',
  mainFields: ['module', 'main'],
  logLevel: 'warning',
});
const source = Buffer.from(bundle.outputFiles[0].contents).toString('base64');
const { generateSdkTypes } = await import(`data:text/javascript;base64,${source}`);

await mkdir(outDir, { recursive: true });
for (const [name, text] of Object.entries(generateSdkTypes())) {
  await writeFile(`${outDir}/${name}`, text);
  console.log(`packages/sdk/src/generated/${name}: ${Math.round(text.length / 1024)} KB`);
}
