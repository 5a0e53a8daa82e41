import { fileURLToPath } from 'node:url';
import { APIError, Nimbus } from '@nimbus/sdk';
import { build } from 'esbuild';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createNimbusHandlers, type NimbusHandlers, type StateExport } from '../src/entries/msw';
import { startMockServer } from '../src/entries/testing';
import type { KeyValueStorage } from '../src/store/local-storage-persistence';

const packages = fileURLToPath(new URL('../../', import.meta.url));
const MSW_ORIGIN = 'http://nimbus.test';

/** Every request the SDK sent and what came back, in order. */
interface Exchange {
  request: string;
  status: number;
  body: unknown;
}

function recordingFetch(transcript: Exchange[], send: typeof fetch = globalThis.fetch) {
  return async (url: string, init: RequestInit): Promise<Response> => {
    const response = await send(url, init);
    const text = await response.clone().text();
    transcript.push({
      request: `${init.method ?? 'GET'} ${new URL(url).pathname}${new URL(url).search}`,
      status: response.status,
      body: text === '' ? null : JSON.parse(text),
    });
    return response;
  };
}

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;
const ISO = /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?Z/g;

/** Ids, timestamps and tokens differ between two runs by nature; everything else must not. */
function normalise(value: unknown, key = ''): unknown {
  if (typeof value === 'string') {
    if (/token/i.test(key)) return '<token>';
    return value.replace(UUID, '<id>').replace(ISO, '<time>');
  }
  if (Array.isArray(value)) return value.map((item) => normalise(item));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, normalise(v, k)]));
  }
  return value;
}

/** The same story told to any server: sign-up, a project, a VM through its lifecycle, mistakes. */
async function scenario(anonymous: Nimbus): Promise<void> {
  const email = 'ada@example.com';
  await anonymous.auth.register({ email, password: 'correct-horse-battery', full_name: 'Ada' });
  await anonymous.auth.login({ email, password: 'correct-horse-battery' });
  const project = await anonymous.projects.create({ name: 'shop' });
  const shop = anonymous.withProject(project.id);
  const vm = await shop.instances.create({ name: 'web-1', flavor: 'small', region: 'hn' });
  await shop.instances.retrieve(vm.id);
  await shop.instances.list({ per_page: 5 });
  await shop.instances.stop(vm.id);
  await shop.instances.retrieve(vm.id);
  await shop.instances.start(vm.id);
  await shop.instances.retrieve(vm.id);
  const failures = [
    () => shop.instances.create({ name: 'bad', flavor: 'enormous' as 'small', region: 'hn' }),
    () => shop.instances.retrieve(crypto.randomUUID()),
    () => shop.instances.start(vm.id), // already running: 409
    () => anonymous.auth.login({ email, password: 'wrong-password-here' }),
  ];
  for (const failure of failures) await expect(failure()).rejects.toBeInstanceOf(APIError);
  await shop.instances.delete(vm.id);
  await shop.instances.list();
}

describe('msw handlers', () => {
  it('bundle for the browser with no Node module in reach', async () => {
    const result = await build({
      entryPoints: [`${packages}mock-server/src/entries/msw.ts`],
      bundle: true,
      write: false,
      platform: 'browser',
      format: 'esm',
      metafile: true,
      logLevel: 'silent',
      // Without comments, as a production bundle: the examples in graphql's (msw's) doc comments
      // import `node:assert`, and the check below is about code.
      minify: true,
      alias: {
        // What a bundler picks through the SDK's `browser` export condition.
        // The contract and each of its modules (`@nimbus/sdk/contract/v1/instances`).
        '@nimbus/sdk/contract': `${packages}sdk/src/contract`,
        '@nimbus/sdk': `${packages}sdk/src/index.browser.ts`,
      },
    });
    expect(result.errors).toEqual([]);
    const inputs = Object.keys(result.metafile.inputs);
    expect(inputs.some((path) => path.includes('src/families/v1/instances.ts'))).toBe(true);
    const nodeOnly = inputs.filter((path) =>
      /^node:|node_modules\/(undici|ws|chokidar|lowdb|prom-client)\/|src\/node\/|file-persistence/.test(path),
    );
    expect(nodeOnly).toEqual([]);
    expect(result.outputFiles[0]!.text).not.toMatch(/from\s*["']node:|require\(["']node:/);
  });

  it('answer like the HTTP server: same statuses and bodies, ids and times aside', async () => {
    const nimbus = createNimbusHandlers({ baseUrl: MSW_ORIGIN, validateResponses: true });
    const worker = setupServer(...nimbus.handlers);
    worker.listen({ onUnhandledRequest: 'error' });
    const viaMsw: Exchange[] = [];
    try {
      await scenario(new Nimbus({ baseUrl: MSW_ORIGIN, maxRetries: 0, fetch: recordingFetch(viaMsw) }));
    } finally {
      worker.close();
      await nimbus.close();
    }

    const mock = await startMockServer();
    const viaHttp: Exchange[] = [];
    try {
      await scenario(mock.createClient({ fetch: recordingFetch(viaHttp) }));
    } finally {
      await mock.close();
    }

    expect(normalise(viaMsw)).toEqual(normalise(viaHttp));
    expect(viaHttp.map((e) => e.status)).toEqual([
      201, 200, 201, 201, 200, 200, 200, 200, 200, 200, 400, 404, 409, 401, 204, 200,
    ]);
  });
});

describe('msw state', () => {
  let nimbus: NimbusHandlers;
  const worker = setupServer();
  const client = () => new Nimbus({ baseUrl: MSW_ORIGIN, maxRetries: 0, fetch: (u, i) => fetch(u, i) });

  beforeAll(() => worker.listen({ onUnhandledRequest: 'error' }));
  afterEach(async () => {
    worker.resetHandlers();
    await nimbus?.close();
  });
  afterAll(() => worker.close());

  function use(options: Parameters<typeof createNimbusHandlers>[0]) {
    nimbus = createNimbusHandlers({ baseUrl: MSW_ORIGIN, ...options });
    worker.use(...nimbus.handlers);
    return nimbus;
  }

  it('seed the demo tenant through the public API, and reset back to it', async () => {
    use({ seed: 'demo' });
    const demo = client();
    await demo.auth.login({ email: 'demo@nimbus.dev', password: 'nimbus-demo-123' });
    const [project] = (await demo.projects.list()).data;
    const shop = demo.withProject(project!.id);
    expect((await shop.instances.list()).data.map((vm) => vm.name).sort()).toEqual(['web-1', 'worker-1']);
    await shop.instances.create({ name: 'extra', flavor: 'small', region: 'hn' });
    expect((await shop.instances.list()).data).toHaveLength(3);

    await nimbus.reset();
    await demo.auth.login({ email: 'demo@nimbus.dev', password: 'nimbus-demo-123' });
    expect((await demo.withProject(project!.id).instances.list()).data).toHaveLength(2);
  });

  it('start from a state export, and reset to it rather than to empty', async () => {
    const first = use({});
    const owner = client();
    await owner.auth.register({
      email: 'kim@example.com',
      password: 'correct-horse-battery',
      full_name: 'Kim',
    });
    const exported: StateExport = first.exportState();
    expect(exported).not.toHaveProperty('secret');
    await first.close();
    worker.resetHandlers();

    use({ seed: exported });
    const again = client();
    await again.auth.login({ email: 'kim@example.com', password: 'correct-horse-battery' });
    await again.auth.register({
      email: 'lee@example.com',
      password: 'correct-horse-battery',
      full_name: 'Lee',
    });
    await nimbus.reset();
    await again.auth.login({ email: 'kim@example.com', password: 'correct-horse-battery' });
    await expect(
      again.auth.login({ email: 'lee@example.com', password: 'correct-horse-battery' }),
    ).rejects.toMatchObject({ status: 401 });
    // A partial document is refused rather than emptying the state.
    await expect(nimbus.importState({ version: 1 } as unknown as StateExport)).rejects.toThrow(
      /Not a Nimbus state/,
    );
    await expect(nimbus.importState({ tables: 'no' } as unknown as StateExport)).rejects.toThrow(
      /Not a Nimbus state/,
    );
  });

  it('persist to storage and load from it on the next start', async () => {
    const saved = new Map<string, string>();
    const storage: KeyValueStorage = {
      getItem: (key) => saved.get(key) ?? null,
      setItem: (key, value) => void saved.set(key, value),
    };
    const first = use({ persist: { key: 'app-state', storage } });
    await client().auth.register({
      email: 'sam@example.com',
      password: 'correct-horse-battery',
      full_name: 'Sam',
    });
    await first.close();
    expect(JSON.parse(saved.get('app-state')!).tables.users).toBeDefined();
    worker.resetHandlers();

    // A demo seed applies only to an empty state: the saved one wins.
    use({ persist: { key: 'app-state', storage }, seed: 'demo' });
    const back = client();
    await back.auth.login({ email: 'sam@example.com', password: 'correct-horse-battery' });
    await expect(
      back.auth.login({ email: 'demo@nimbus.dev', password: 'nimbus-demo-123' }),
    ).rejects.toMatchObject({ status: 401 });
  });

  it('refuse a storage entry that is not a state, and leave it as it is', async () => {
    const storage: KeyValueStorage = { getItem: () => '{"version":1}', setItem: () => {} };
    use({ persist: { storage } });
    await expect(nimbus.ready).rejects.toThrow(/does not hold a Nimbus state/);
    await expect(client().auth.login({ email: 'a@b.co', password: 'x'.repeat(12) })).rejects.toMatchObject({
      status: 500,
    });
  });
});

describe('createNimbusHandlers outside a browser', () => {
  it('refuses to go without a baseUrl, which no request could match', () => {
    expect(() => createNimbusHandlers()).toThrow(TypeError);
    expect(() => createNimbusHandlers()).toThrow(/needs a baseUrl outside a browser.*'\*' for any origin/);
  });
});
