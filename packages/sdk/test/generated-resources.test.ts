import { execFile } from 'node:child_process';
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import * as sdk from '@nimbus/sdk';
import { APIResource, Nimbus } from '@nimbus/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateSdkResources } from '../src/codegen/sdk-resources';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const run = promisify(execFile);

/** Runs a script with node in `cwd`; its exit code and output, failing or not. */
async function node(cwd: string, args: string[]): Promise<{ code: number; output: string }> {
  return run(process.execPath, args, { cwd }).then(
    ({ stdout, stderr }) => ({ code: 0, output: stdout + stderr }),
    (error: { code: number; stdout: string; stderr: string }) => ({
      code: error.code,
      output: error.stdout + error.stderr,
    }),
  );
}

describe('generated resource classes', () => {
  it('match the contract (npm run generate writes them)', async () => {
    const files = generateSdkResources();
    for (const [name, text] of Object.entries(files)) {
      const onDisk = await readFile(join(root, 'packages/sdk/src/generated/resources', name), 'utf8');
      expect(onDisk === text, `src/generated/resources/${name} is stale: run npm run generate`).toBe(true);
    }
  });

  it('include the control routes, whose `{ items }` lists are one cursor page', () => {
    const files = generateSdkResources();
    expect(files['mock.ts']).toContain('export class MockClock extends APIResource {');
    expect(files['mock.ts']).toContain(
      'list(options?: RequestOptions): CursorPagePromise<Fault> {\n    return requestCursorPage(() => this._client.call(mock.faults.list, {}, options));',
    );
    expect(files['index.ts']).toContain('readonly mock = new Mock(this);');
  });

  it('are all exported from @nimbus/sdk, as the client holds them', () => {
    const classes = new Set<Function>();
    const visit = (owner: object) => {
      for (const value of Object.values(owner)) {
        if (!(value instanceof APIResource) || classes.has(value.constructor)) continue;
        classes.add(value.constructor);
        visit(value);
      }
    };
    visit(new Nimbus({ baseUrl: 'http://127.0.0.1:4010' }));
    const exported = sdk as unknown as Record<string, unknown>;
    const missing = [...classes].filter((type) => exported[type.name] !== type).map((type) => type.name);
    expect(classes.size).toBeGreaterThan(70);
    expect(missing).toEqual([]);
  });
});

// What CONTRIBUTING.md's "add an endpoint" promises for the SDK: a new operation in the contract
// becomes a typed method once generated, with nothing written by hand. In a copy of the SDK's
// sources and generators under node_modules/.cache, so zod, esbuild and TypeScript resolve.
describe('a new operation in the contract', () => {
  // The copy holds the SDK alone: the generators of what the server makes are left out.
  const SDK_ONLY = '--only=SDK types,SDK resources';
  let dir: string;

  beforeAll(async () => {
    const cache = join(root, 'node_modules/.cache');
    await mkdir(cache, { recursive: true });
    dir = await mkdtemp(join(cache, 'nimbus-sdk-generate-'));
    await cp(join(root, 'packages/sdk/src'), join(dir, 'packages/sdk/src'), { recursive: true });
    for (const script of [
      'generate.mjs',
      'generators.mjs',
      'import-source.mjs',
      'generate-sdk-types.mjs',
      'generate-sdk-resources.mjs',
      'api-reference.mjs',
      'bundle-media.mjs',
      'openapi.mjs',
      'openapi-examples.mjs',
    ]) {
      await cp(join(root, 'scripts', script), join(dir, 'scripts', script));
    }
    const contract = join(dir, 'packages/sdk/src/contract/v1/instances.ts');
    const text = await readFile(contract, 'utf8');
    const resize = `  resize: endpoint({
    ...base,
    method: 'POST',
    path: '/api/v1/instances/{id}/resize',
    summary: 'Resize the disk of an instance',
    params: IdParams,
    body: z.object({ disk_gb: z.number().int() }),
    response: Instance,
    status: 200,
  }),
};

export type Instance =`;
    expect(text).toContain('};\n\nexport type Instance =');
    await writeFile(contract, text.replace('};\n\nexport type Instance =', resize));

    // A /v2 list: it sends the bound workload token and pages by cursor.
    const events = join(dir, 'packages/sdk/src/contract/v2/events.ts');
    const eventsText = await readFile(events, 'utf8');
    const archived = `  archived: endpoint({
    family: 'video',
    auth: 'bearer',
    method: 'GET',
    path: '/v2/api/events/archived',
    summary: 'List archived events, a page at a time',
    query: EventListQuery,
    response: VideoEventList,
    status: 200,
    scope: 'events:read',
  }),
};

export type DetectionBox =`;
    expect(eventsText).toContain('};\n\nexport type DetectionBox =');
    await writeFile(events, eventsText.replace('};\n\nexport type DetectionBox =', archived));
  }, 60_000);

  afterAll(() => (dir ? rm(dir, { recursive: true, force: true }) : undefined));

  it('makes --check fail, naming npm run generate, without writing', async () => {
    const check = await node(dir, ['scripts/generate.mjs', '--check', SDK_ONLY]);
    expect(check.code).toBe(1);
    expect(check.output).toContain('v1/instances.ts is stale');
    expect(check.output).toContain('npm run generate');
    const onDisk = await readFile(join(dir, 'packages/sdk/src/generated/resources/v1/instances.ts'), 'utf8');
    expect(onDisk).not.toContain('resize(');
  });

  it('is a typed SDK method once generated', async () => {
    expect((await node(dir, ['scripts/generate.mjs', SDK_ONLY])).code).toBe(0);
    expect((await node(dir, ['scripts/generate.mjs', '--check', SDK_ONLY])).code).toBe(0);
    const generated = await readFile(
      join(dir, 'packages/sdk/src/generated/resources/v1/instances.ts'),
      'utf8',
    );
    expect(generated).toContain('/** Resize the disk of an instance. */');
    expect(generated).toContain(
      'resize(id: string, body: InstanceResizeParams, options?: RequestOptions): APIPromise<Instance> {',
    );
    const video = await readFile(join(dir, 'packages/sdk/src/generated/resources/v2/events.ts'), 'utf8');
    expect(video).toContain('archived(query?: Omit<');
    expect(video).toContain('requestCursorPage((cursor) => this._client.call(v2.events.archived');
    expect(video).toContain('this._credentials.options(options)');
    const types = await readFile(join(dir, 'packages/sdk/src/generated/types.d.ts'), 'utf8');
    expect(types).toContain('export interface InstanceResizeParams {\n  disk_gb: number;\n}');

    // A consumer of the copy calls it, and its body's type is checked.
    await writeFile(
      join(dir, 'consumer.ts'),
      `import { type CursorPagePromise, Nimbus, type Instance, type VideoEvent } from './packages/sdk/src/index';

const client = new Nimbus({ baseUrl: 'http://127.0.0.1:4010', projectId: 'p' });
export const resized: Promise<Instance> = client.instances.resize('i', { disk_gb: 40 });
// @ts-expect-error disk_gb is a number
export const wrong = client.instances.resize('i', { disk_gb: '40' });
export const archived: CursorPagePromise<VideoEvent> = client.video.withToken('t').events.archived({ limit: 10 });
// @ts-expect-error the SDK passes the cursor
export const cursor = client.video.events.archived({ cursor: 'c' });
`,
    );
    const config = {
      compilerOptions: {
        strict: true,
        noEmit: true,
        skipLibCheck: true,
        target: 'ES2022',
        module: 'ESNext',
        moduleResolution: 'Bundler',
        lib: ['ES2023', 'DOM', 'DOM.Iterable'],
        types: ['node'],
      },
      files: ['consumer.ts'],
    };
    await writeFile(join(dir, 'tsconfig.json'), JSON.stringify(config));
    const tsc = await node(dir, [join(root, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.json']);
    expect(tsc.output).toBe('');
    expect(tsc.code).toBe(0);
  }, 120_000);
});
