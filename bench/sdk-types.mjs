// Type cost of the built SDK for a consumer, and the size of its published declarations.
// Needs `npm run build -w @nimbus/sdk` first. Prints one JSON line (run.mjs reads it).
// - cost: `tsc --extendedDiagnostics` (skipLibCheck: false, strict) on a consumer that creates an
//   instance and lists buckets (with the resource methods, and with `client.call()` and the
//   contract's endpoints), beside a small file that only uses zod; each in a temp project
//   whose node_modules links the built `@nimbus/sdk` and zod.
// - size: the .d.ts/.d.cts files `npm pack` would publish.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');

const CONSUMER = `import { type Instance, Nimbus } from '@nimbus/sdk';

const client = new Nimbus({ baseUrl: 'http://127.0.0.1:4010', projectId: 'p' });
const vm: Instance = await client.instances.create({ name: 'web-1', flavor: 'small', region: 'hn' });
for await (const bucket of client.buckets.list({ region: 'hn' })) console.log(bucket.name, vm.id);
`;

/** The same through `@nimbus/sdk/contract` and `client.call()`, for those who use the endpoints. */
const CONTRACT_CONSUMER = `import { type Instance, Nimbus } from '@nimbus/sdk';
import { v1 } from '@nimbus/sdk/contract';

const client = new Nimbus({ baseUrl: 'http://127.0.0.1:4010', projectId: 'p' });
const body = { name: 'web-1', flavor: 'small', region: 'hn' } as const;
const vm: Instance = await client.call(v1.instances.create, { body });
for await (const bucket of client.list(v1.buckets.list, { query: { region: 'hn' } })) console.log(bucket.name, vm.id);
`;

const ZOD_ONLY = `import { z } from 'zod';

const Instance = z.object({ id: z.uuid(), name: z.string(), flavor: z.enum(['small', 'large']), region: z.string() });
type Instance = z.infer<typeof Instance>;
const vm: Instance = Instance.parse(JSON.parse('{}'));
console.log(vm.id);
`;

/** One temp project per file, so neither pays for the other's imports. */
function diagnostics(name, source) {
  const dir = mkdtempSync(join(tmpdir(), `nimbus-types-${name}-`));
  try {
    mkdirSync(join(dir, 'node_modules/@nimbus'), { recursive: true });
    symlinkSync(join(root, 'packages/sdk'), join(dir, 'node_modules/@nimbus/sdk'));
    symlinkSync(join(root, 'node_modules/zod'), join(dir, 'node_modules/zod'));
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ type: 'module' }));
    writeFileSync(join(dir, 'main.ts'), source);
    const compilerOptions = {
      strict: true,
      skipLibCheck: false,
      noEmit: true,
      target: 'ES2022',
      module: 'NodeNext',
      moduleResolution: 'NodeNext',
      lib: ['ES2023', 'DOM'],
      types: [],
    };
    writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions, files: ['main.ts'] }));
    const out = execFileSync(process.execPath, [tsc, '-p', dir, '--extendedDiagnostics'], {
      encoding: 'utf8',
    });
    const figure = (label) => Number(out.match(new RegExp(`^${label}:\\s+([\\d.]+)`, 'm'))?.[1]);
    return {
      instantiations: figure('Instantiations'),
      types: figure('Types'),
      memoryKb: figure('Memory used'),
      checkS: figure('Check time'),
      totalS: figure('Total time'),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function publishedDeclarations() {
  const [pack] = JSON.parse(
    execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], {
      cwd: join(root, 'packages/sdk'),
      encoding: 'utf8',
    }),
  );
  const files = pack.files.filter((file) => /\.d\.c?ts$/.test(file.path));
  const bytes = (list) => list.reduce((sum, file) => sum + file.size, 0);
  // The contract's modules' files, each one re-export from dist/contract/index.d.ts, are loaded
  // only where a module is imported; the rest is what the root entries load (the budget's measure).
  const moduleFile = (file) =>
    file.path.startsWith('dist/contract/') && file.path !== 'dist/contract/index.d.ts';
  return {
    files: files.map((file) => ({ path: file.path, bytes: file.size })),
    totalBytes: bytes(files),
    rootBytes: bytes(files.filter((file) => !moduleFile(file))),
    contractModuleBytes: bytes(files.filter(moduleFile)),
    esmBytes: bytes(files.filter((file) => file.path.endsWith('.d.ts'))),
  };
}

console.log(
  JSON.stringify({
    consumer: diagnostics('consumer', CONSUMER),
    contractConsumer: diagnostics('contract', CONTRACT_CONSUMER),
    zodOnly: diagnostics('zod', ZOD_ONLY),
    declarations: publishedDeclarations(),
  }),
);
