import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createPackedApp, type PackedApp, root } from './support/packed-app';

// A small TypeScript app against the published declarations, checked with the library files
// included (`skipLibCheck: false`, strict) under the resolutions consumers use, by the
// repository's TypeScript 5 and by TypeScript 7 (the test/typescript-7 workspace's). Under Node16 and
// NodeNext a CommonJS file's require() gets the CommonJS declarations (`.d.cts`).
const esm = `
import { APIError, Nimbus, NotFoundError, type Instance, Instance as RootInstance } from '@nimbus/sdk';
import { BaseNimbus, NotFoundError as BaseNotFoundError, type Route } from '@nimbus/sdk/base';
import { contract, Instance as InstanceSchema, InstanceListQuery, v1 } from '@nimbus/sdk/contract';
import { createServer } from '@nimbus/mock-server';
import { createNimbusHandlers } from '@nimbus/mock-server/msw';
import { seedTenant, startMockServer } from '@nimbus/mock-server/testing';
import { run } from '@nimbus/cli';

export async function ids(baseUrl: string): Promise<string[]> {
  const client = new Nimbus({ baseUrl, maxRetries: 0 });
  const created: Instance = await client.withProject('p').instances.create({ name: 'web-1', flavor: 'small', region: 'hn' });
  const ids = [created.id];
  for await (const instance of client.withProject('p').instances.list()) ids.push(instance.id);
  try {
    await client.withProject('p').instances.retrieve(created.id);
  } catch (error) {
    if (error instanceof NotFoundError) ids.push(error.code ?? 'NOT_FOUND');
    else if (error instanceof APIError) ids.push(String(error.status));
  }
  return ids;
}

// The client without namespaces: a contract endpoint or a held route, and the same error classes.
export async function names(baseUrl: string, route: Route<Instance>): Promise<string[]> {
  const base = new BaseNimbus({ baseUrl, projectId: 'p' });
  const names: string[] = [(await base.call(v1.instances.retrieve, { params: { id: 'i' } })).name];
  for await (const instance of base.list(route, {})) names.push(instance.name);
  return names;
}
export const sameErrors: typeof NotFoundError = BaseNotFoundError;
export const aNimbusIsABase: BaseNimbus = new Nimbus({ baseUrl: 'http://127.0.0.1:4010' });
// @ts-expect-error the namespaces are not on the base client
export const noNamespaces = new BaseNimbus({ baseUrl: 'http://127.0.0.1:4010' }).instances;

export const path: string = v1.instances.list.path;
export const parsed: Instance = InstanceSchema.parse({});
// Endpoints declare only what differs from answering 200 to a bearer token.
export const statuses: [200, 201] = [v1.instances.list.status, v1.instances.create.status];
export const auths: ['bearer', 'none'] = [v1.instances.list.auth, v1.auth.login.auth];
export const sameTree: typeof v1 = contract.v1;
// A query's \`.shape\` follows its two interfaces: \`page\` has a default, \`status\` may be left out.
export const query: { page: number; per_page: number; status?: Instance['status'] } = InstanceListQuery.parse({});
export const page: number = InstanceListQuery.shape.page.parse(undefined);
export const status: Instance['status'] | undefined = InstanceListQuery.shape.status.parse(undefined);
// @ts-expect-error the shape has no field the interfaces do not declare
export const noSuchField = InstanceListQuery.shape.nope;
// @ts-expect-error \`@nimbus/sdk\` exports the contract's names as types only (the schema is in /contract)
export const notASchema = RootInstance;
export const starters = [createServer, createNimbusHandlers, seedTenant, startMockServer, run] as const;
`;

// CommonJS: the exports map's `require` condition, typed by the `.d.cts` declarations.
const cjs = `
import sdk = require('@nimbus/sdk');
const client = new sdk.Nimbus({ baseUrl: 'http://127.0.0.1:4010' });
export const isError = (error: unknown): error is sdk.APIError => error instanceof sdk.APIError;
export const users = client.users;
`;

const compilerOptions = {
  strict: true,
  skipLibCheck: false,
  noEmit: true,
  target: 'ES2022',
  // msw's declarations use the DOM's fetch and WebSocket types.
  lib: ['ES2023', 'DOM', 'DOM.Iterable'],
  types: ['node'],
};

const configs = {
  Node16: {
    compilerOptions: { ...compilerOptions, module: 'Node16', moduleResolution: 'Node16' },
    files: ['esm.ts', 'cjs.cts'],
  },
  NodeNext: {
    compilerOptions: { ...compilerOptions, module: 'NodeNext', moduleResolution: 'NodeNext' },
    files: ['esm.ts', 'cjs.cts'],
  },
  'Preserve/Bundler': {
    compilerOptions: { ...compilerOptions, module: 'Preserve', moduleResolution: 'Bundler' },
    files: ['esm.ts'],
  },
};

// What one `client.call()` through the contract's endpoints costs a consumer's own check: the
// consumer's file alone (`skipLibCheck: true`; zod's declarations, checked, cost a file that
// only uses zod some 150,000 instantiations whatever the SDK does). A count, not a timing.
const INSTANTIATION_BUDGET = 5_000;
const callConsumer = `
import { Nimbus, type Instance } from '@nimbus/sdk';
import { v1 } from '@nimbus/sdk/contract';

const client = new Nimbus({ baseUrl: 'http://127.0.0.1:4010', projectId: 'p' });
export const vm: Instance = await client.call(v1.instances.retrieve, { params: { id: 'i' } });
export const created: Instance = await client.call(v1.instances.create, {
  body: { name: 'web-1', flavor: 'small', region: 'hn' },
});
for await (const bucket of client.list(v1.buckets.list, { query: { region: 'hn' } })) console.log(bucket.name);
// @ts-expect-error the input is still checked: retrieve takes an id
await client.call(v1.instances.retrieve, { params: { nope: 'i' } });
`;

// What the SDK's declarations cost a strict consumer's whole check (`skipLibCheck: false`, so
// every declaration file it loads is checked), beyond a program that uses only Node's types:
// login, create, `waitFor`, a `for await` list and a `NotFoundError`. The root entries'
// declarations import no zod (the schemas are declared in `@nimbus/sdk/contract` only).
// TypeScript 5.9, NodeNext: 158,014 before zod left the root declarations (205,631 against
// 47,617), 751 after. A count, not a timing.
const SDK_INSTANTIATION_BUDGET = 1_000;
const strictConsumer = `
import { Nimbus, NotFoundError, type Instance } from '@nimbus/sdk';

const client = new Nimbus({ baseUrl: 'http://127.0.0.1:4010' });
await client.auth.login({ email: 'ada@example.com', password: 'correct horse' });
const project = client.withProject('p');
const created: Instance = await project.instances.create({ name: 'web-1', flavor: 'small', region: 'hn' });
const running: Instance = await project.instances.waitFor(created.id, 'running');
for await (const instance of project.instances.list({ status: 'running' })) console.log(instance.id, running.status);
try {
  await project.instances.retrieve('missing');
} catch (error) {
  if (error instanceof NotFoundError) console.log(error.status, error.code);
}
`;
const nodeOnlyConsumer = `
import { readFile } from 'node:fs/promises';

const text: string = await readFile('package.json', 'utf8');
console.log(text.length);
`;

let app: PackedApp;

beforeAll(async () => {
  app = await createPackedApp(inject('tarballs'));
  await app.write('esm.ts', esm);
  await app.write('cjs.cts', cjs);
});

afterAll(() => app?.remove());

/** The TypeScript compilers a consumer may run, by major version. */
const compilers = {
  'TypeScript 5': join(root, 'node_modules/.bin/tsc'),
  'TypeScript 7': join(root, 'test/typescript-7/node_modules/.bin/tsc'),
};
const matrix = Object.keys(compilers).flatMap((compiler) =>
  Object.keys(configs).map((config) => [compiler, config] as [keyof typeof compilers, keyof typeof configs]),
);

describe('a TypeScript consumer of the packed packages', () => {
  it.each(matrix)('type-checks with %s under %s, skipLibCheck false', async (compiler, name) => {
    const file = `tsconfig.${name.replace('/', '-')}.json`;
    await app.write(file, JSON.stringify(configs[name]));
    const result = await promisify(execFile)(compilers[compiler], ['-p', file], { cwd: app.dir }).then(
      () => '',
      (error: { stdout: string; stderr: string }) => error.stdout + error.stderr,
    );
    expect(result).toBe('');
  });
});

describe('the type cost of client.call() for a consumer', () => {
  it(`stays under ${INSTANTIATION_BUDGET} type instantiations`, async () => {
    await app.write('call.ts', callConsumer);
    const config = {
      compilerOptions: { ...configs.NodeNext.compilerOptions, skipLibCheck: true },
      files: ['call.ts'],
    };
    await app.write('tsconfig.call.json', JSON.stringify(config));
    const { stdout } = await app.bin('tsc', ['-p', 'tsconfig.call.json', '--extendedDiagnostics']);
    const instantiations = Number(stdout.match(/^Instantiations:\s+(\d+)/m)?.[1]);
    expect(instantiations).toBeGreaterThan(0);
    expect(instantiations).toBeLessThanOrEqual(INSTANTIATION_BUDGET);
  });
});

describe('the type cost of the SDK for a strict consumer', () => {
  /** Instantiations of checking `file` alone, every declaration file it loads included. */
  async function instantiations(file: string, source: string): Promise<number> {
    await app.write(`${file}.ts`, source);
    const config = { compilerOptions: configs.NodeNext.compilerOptions, files: [`${file}.ts`] };
    await app.write(`tsconfig.${file}.json`, JSON.stringify(config));
    const { stdout } = await app.bin('tsc', ['-p', `tsconfig.${file}.json`, '--extendedDiagnostics']);
    return Number(stdout.match(/^Instantiations:\s+(\d+)/m)?.[1]);
  }

  it(`adds at most ${SDK_INSTANTIATION_BUDGET} instantiations to a Node-only program, skipLibCheck false`, async () => {
    const nodeOnly = await instantiations('node-only', nodeOnlyConsumer);
    const withSdk = await instantiations('strict', strictConsumer);
    expect(nodeOnly).toBeGreaterThan(0);
    expect(withSdk - nodeOnly).toBeLessThanOrEqual(SDK_INSTANTIATION_BUDGET);
  });

  it('loads no zod declarations through the root entries', async () => {
    await app.write('strict.ts', strictConsumer);
    const config = { compilerOptions: configs.NodeNext.compilerOptions, files: ['strict.ts'] };
    await app.write('tsconfig.strict.json', JSON.stringify(config));
    const { stdout } = await app.bin('tsc', ['-p', 'tsconfig.strict.json', '--listFilesOnly']);
    expect(stdout).toContain('@nimbus/sdk/dist/index.d.ts');
    expect(stdout).not.toMatch(/node_modules\/zod\//);
  });
});
