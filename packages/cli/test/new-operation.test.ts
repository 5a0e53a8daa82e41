import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// What CONTRIBUTING.md's "add an endpoint" promises for the CLI: an operation added to the
// contract is a command, with its flags, with nothing written by hand. In a copy of the SDK's and
// the CLI's sources (packages/sdk/test/generated-resources.test.ts does the same for the SDK).
const root = fileURLToPath(new URL('../../..', import.meta.url));

interface Spec {
  names: string[];
  summary: string;
  params: { name: string }[];
  body: { flag: string }[];
}

let dir: string;

beforeAll(async () => {
  const cache = join(root, 'node_modules/.cache');
  await mkdir(cache, { recursive: true });
  dir = await mkdtemp(join(cache, 'nimbus-cli-operation-'));
  for (const pkg of ['sdk', 'cli']) {
    await cp(join(root, `packages/${pkg}/src`), join(dir, `packages/${pkg}/src`), { recursive: true });
  }
  const contract = join(dir, 'packages/sdk/src/contract/v1/instances.ts');
  const text = await readFile(contract, 'utf8');
  expect(text).toContain('};\n\nexport type Instance =');
  const resize = `  resize: endpoint({
    ...base,
    method: 'POST',
    path: '/api/v1/instances/{id}/resize',
    summary: 'Resize the disk of an instance',
    params: IdParams,
    body: z.object({ disk_gb: z.number().int().min(10).max(2048) }),
    response: Instance,
    status: 200,
  }),
};

export type Instance =`;
  await writeFile(contract, text.replace('};\n\nexport type Instance =', resize));
}, 60_000);

afterAll(() => (dir ? rm(dir, { recursive: true, force: true }) : undefined));

describe('a new operation in the contract', () => {
  it('is a command of the CLI, its path parameter an argument and its body field a flag', async () => {
    // The CLI's command tree as its build makes it, from the copy's contract.
    const out = join(dir, 'operations.mjs');
    await build({
      entryPoints: [join(dir, 'packages/cli/src/commands/operations.ts')],
      bundle: true,
      format: 'esm',
      platform: 'node',
      outfile: out,
      // The CLI's own commander, as the workspace resolves it; its CommonJS requires Node's modules.
      alias: {
        '@nimbus/sdk': join(dir, 'packages/sdk/src'),
        commander: join(root, 'packages/cli/node_modules/commander'),
      },
      banner: {
        js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);",
      },
      logLevel: 'error',
    });
    const { describeOperations } = (await import(pathToFileURL(out).href)) as {
      describeOperations(): { group: string; operations: Spec[] }[];
    };
    const instances = describeOperations().find((group) => group.group === 'instances');
    const resize = instances?.operations.find((op) => op.names.join(' ') === 'instances resize');
    expect(resize?.summary).toBe('Resize the disk of an instance');
    expect(resize?.params.map((param) => param.name)).toEqual(['instance-id']);
    expect(resize?.body.map((field) => field.flag)).toEqual(['disk-gb']);
  }, 60_000);
});
