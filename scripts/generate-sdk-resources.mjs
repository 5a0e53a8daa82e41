// Writes packages/sdk/src/generated/resources/ from the contract (packages/sdk/src/codegen/
// sdk-resources.ts): the SDK's resource classes, the client's families and their exports.
// `--check` writes nothing and exits 1 when a file is stale, missing or left over.
// `--include=mock` generates a namespace the generator leaves out by default.
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { importSource, root } from './import-source.mjs';

const outDir = `${root}packages/sdk/src/generated/resources`;
const check = process.argv.includes('--check');
const include = process.argv
  .filter((arg) => arg.startsWith('--include='))
  .flatMap((arg) => arg.slice('--include='.length).split(','));
const { generateSdkResources } = await importSource('packages/sdk/src/codegen/sdk-resources.ts');
const files = generateSdkResources({ include });

const onDisk = await readdir(outDir, { recursive: true }).catch(() => []);
const leftOver = onDisk.filter((file) => file.endsWith('.ts') && !(file in files));
const stale = [];
for (const [name, text] of Object.entries(files)) {
  const path = join(outDir, name);
  const current = await readFile(path, 'utf8').catch(() => undefined);
  if (current === text) continue;
  stale.push(name);
  if (check) continue;
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, text);
}
if (check) {
  const problems = [
    ...stale.map((name) => `${name} is stale`),
    ...leftOver.map((name) => `${name} is left over`),
  ];
  if (problems.length > 0) {
    console.error(`${relative(root, outDir)}: ${problems.join('; ')}. Run npm run generate.`);
    process.exit(1);
  }
} else {
  for (const file of leftOver) await rm(join(outDir, file));
  console.log(
    `${relative(root, outDir)}: ${Object.keys(files).length} files, ${stale.length} written, ${leftOver.length} removed`,
  );
}
