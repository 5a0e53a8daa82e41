import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Instances, Nimbus, APIError as RootAPIError, BaseNimbus as RootBaseNimbus } from '@nimbus/sdk';
import { APIError, BaseNimbus, NimbusError, type Route } from '@nimbus/sdk/base';
import { v1 } from '@nimbus/sdk/contract';
import { build, type Metafile } from 'esbuild';
import { afterEach, describe, expect, it } from 'vitest';
import { instance, PROJECT_ID, uuid } from './helpers/fixtures';
import { fail, ok, type RecordedRequest, type StubServer, startStubServer } from './helpers/stub-server';

let server: StubServer;
afterEach(() => server?.close());

/** A route as a program that keeps its own would hold it (the CLI's operation specs do). */
const listInstances: Route<{ id: string }> = {
  id: 'v1.instances.list',
  api: 'v1',
  method: 'GET',
  path: '/api/v1/instances',
  status: 200,
  auth: 'bearer',
  project: true,
  list: true,
};

describe('BaseNimbus (@nimbus/sdk/base)', () => {
  it('calls and pages with a held route or a contract endpoint, with the project and token', async () => {
    const requests: RecordedRequest[] = [];
    server = await startStubServer((req) => {
      requests.push(req);
      if (req.method === 'POST') return ok(instance({ id: uuid(9) }), {}, 201);
      const page = Number(req.query.get('page') ?? 1);
      return ok(page === 1 ? [instance({ id: uuid(1) })] : [instance({ id: uuid(2) })], {
        page,
        per_page: 1,
        total: 2,
      });
    });
    const client = new BaseNimbus({ baseUrl: server.url, accessToken: 'at', projectId: PROJECT_ID });

    const ids: string[] = [];
    for await (const vm of client.list(listInstances, { query: { per_page: 1 } })) ids.push(vm.id);
    const created = await client.call(v1.instances.create, {
      body: { name: 'web-2', flavor: 'small', region: 'hn' },
    });

    expect(ids).toEqual([uuid(1), uuid(2)]);
    expect(created.id).toBe(uuid(9));
    expect(requests.map((r) => `${r.method} ${r.url}`)).toEqual([
      'GET /api/v1/instances?per_page=1',
      'GET /api/v1/instances?per_page=1&page=2',
      'POST /api/v1/instances',
    ]);
    for (const r of requests) {
      expect(r.headers.authorization).toBe('Bearer at');
      expect(r.headers['x-project-id']).toBe(PROJECT_ID);
    }
  });

  it('refreshes an expired token through the session, as Nimbus does', async () => {
    server = await startStubServer((req) => {
      if (req.path === '/api/v1/auth/refresh') {
        return ok({ access_token: 'at-2', refresh_token: 'rt-2', token_type: 'Bearer', expires_in: 900 });
      }
      return req.headers.authorization === 'Bearer at-2'
        ? ok([], { page: 1, per_page: 20, total: 0 })
        : fail(401, 'UNAUTHENTICATED', 'Token expired');
    });
    const client = new BaseNimbus({ baseUrl: server.url, accessToken: 'at-1', refreshToken: 'rt-1' });

    await expect(client.withProject(PROJECT_ID).list(listInstances, {})).resolves.toMatchObject({ data: [] });
    expect(client.session.accessToken).toBe('at-2');
  });

  it('throws the SDK error classes, the same ones @nimbus/sdk exports', async () => {
    server = await startStubServer(() => fail(404, 'NOT_FOUND', 'No such instance'));
    const client = new BaseNimbus({ baseUrl: server.url, accessToken: 'at', projectId: PROJECT_ID });

    const error = await client
      .call(v1.instances.retrieve, { params: { id: uuid(1) } })
      .catch((e: unknown) => e);

    expect(error).toBeInstanceOf(APIError);
    expect(APIError).toBe(RootAPIError);
    expect((error as APIError).status).toBe(404);
    expect(RootBaseNimbus).toBe(BaseNimbus);
    expect(new Nimbus({ baseUrl: server.url })).toBeInstanceOf(BaseNimbus);
  });

  it('takes a namespace class over it', async () => {
    server = await startStubServer(() => ok(instance({ id: uuid(3) })));
    const client = new BaseNimbus({ baseUrl: server.url, accessToken: 'at', projectId: PROJECT_ID });

    await expect(new Instances(client).retrieve(uuid(3))).resolves.toMatchObject({ id: uuid(3) });
  });

  it('keeps the Node defaults: NIMBUS_BASE_URL, or a clear error without a base URL', () => {
    const saved = process.env.NIMBUS_BASE_URL;
    try {
      process.env.NIMBUS_BASE_URL = 'http://127.0.0.1:9';
      expect(new BaseNimbus().baseUrl).toBe('http://127.0.0.1:9');
      delete process.env.NIMBUS_BASE_URL;
      expect(() => new BaseNimbus()).toThrow(NimbusError);
      expect(() => new BaseNimbus()).toThrow(/NIMBUS_BASE_URL/);
    } finally {
      if (saved === undefined) delete process.env.NIMBUS_BASE_URL;
      else process.env.NIMBUS_BASE_URL = saved;
    }
  });

  it('loads neither the route table, the namespaces nor zod, when bundled alone', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'nimbus-base-'));
    try {
      const entry = fileURLToPath(new URL('../src/base.ts', import.meta.url));
      writeFileSync(
        join(dir, 'main.ts'),
        `import { BaseNimbus } from ${JSON.stringify(entry)};\n` +
          `new BaseNimbus({ baseUrl: 'http://127.0.0.1:9' }).call({ id: 'x', api: 'v1', method: 'GET', path: '/', status: 200, auth: 'none' }, {});\n`,
      );
      const result = await build({
        entryPoints: [join(dir, 'main.ts')],
        absWorkingDir: dir,
        bundle: true,
        splitting: true,
        format: 'esm',
        platform: 'node',
        outdir: 'out',
        write: false,
        metafile: true,
        logLevel: 'error',
      });
      const outputs: Metafile['outputs'] = result.metafile.outputs;
      const loaded = new Set<string>();
      const visit = (path: string) => {
        if (loaded.has(path)) return;
        loaded.add(path);
        for (const link of outputs[path]?.imports ?? [])
          if (link.kind === 'import-statement') visit(link.path);
      };
      visit(Object.keys(outputs).find((path) => outputs[path]?.entryPoint)!);
      const sources = [...loaded].flatMap((path) => Object.keys(outputs[path]?.inputs ?? {}));

      expect(sources.some((source) => source.endsWith('src/base-client.ts'))).toBe(true);
      expect(
        sources.filter((source) => /src\/(resources\/|generated\/routes\.ts|client\.ts)/.test(source)),
      ).toEqual([]);
      expect(sources.filter((source) => source.includes('/zod/'))).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
