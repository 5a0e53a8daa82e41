import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { APIResource, Nimbus } from '@nimbus/sdk';
import { type Endpoint, operations } from '@nimbus/sdk/contract';
import { OPERATION_ROUTES } from '@nimbus/sdk/contract/generated/operation-routes';
import { describe, expect, it } from 'vitest';
import { createApp } from '../src/core/pipeline/app';
import { Router } from '../src/core/pipeline/router';
import { families } from '../src/families';
import { MemoryPersistence } from '../src/store/persistence';
import { emptyState } from '../src/store/state';
import { Store } from '../src/store/store';

/**
 * Walks the contract and fails for any operation without a server handler, without an SDK
 * method that sends it, or without a test that calls that method.
 */

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

/** Operations not built yet. Must shrink to empty. */
const KNOWN_GAPS: ReadonlySet<string> = new Set<string>([]);

/**
 * Routes the API documents twice for one operation: the SDK reaches them through the method of
 * their twin (one budget create: `budgets.create`), and the server's handler of the alias is
 * tested with `client.call()`.
 */
const ALIASES: ReadonlyMap<string, string> = new Map([['v1.billing.budgets.create', 'v1.budgets.create']]);

/**
 * Stands in for any argument: an id where a string is wanted (in a path), and an object with the
 * fields the playback methods read where one is (`{ camera_id, date, hour, segment }`).
 */
class AnyArgument {
  constructor(readonly id: string) {}
  readonly camera_id = crypto.randomUUID();
  readonly date = '2026-03-01';
  readonly hour = '01';
  readonly segment = 0;
  readonly ts = '2026-03-01T01:00:00.000Z';
  toString() {
    return this.id;
  }
}

/** SDK methods that are not one request (they poll, stream or build URLs from others). */
const NOT_A_REQUEST = new Set(['waitFor', 'stream', 'playlistUrl', 'constructor']);

interface SdkMethod {
  /** e.g. `functions.triggers.create` */
  path: string;
  operation: string;
}

/** Calls every method of every resource of a client whose fetch records which operation each one sends. */
async function sdkMethods(): Promise<SdkMethod[]> {
  const router = new Router(OPERATION_ROUTES);
  const endpoints = new Map(operations().map(({ id, endpoint }) => [id, endpoint]));
  let hit: string | undefined;
  const fakeFetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const match = router.match(request.method, url.pathname);
    if (match.kind !== 'found') return new Response('{}', { status: 404 });
    hit = match.id;
    return fakeResponse(endpoints.get(match.id)!);
  };
  const client = new Nimbus({
    baseUrl: 'http://coverage.local',
    fetch: fakeFetch,
    maxRetries: 0,
    accessToken: 't',
    projectId: crypto.randomUUID(),
  });
  const found: SdkMethod[] = [];
  for (const [path, resource] of resources(client, '')) {
    for (const name of methodNames(resource)) {
      hit = undefined;
      const arg = new AnyArgument(crypto.randomUUID());
      try {
        const result = (resource as unknown as Record<string, (...a: unknown[]) => unknown>)[name]!(
          arg,
          arg,
          arg,
        );
        await Promise.race([result, new Promise((resolve) => setTimeout(resolve, 200))]);
      } catch {
        // A method may reject the fake answer; what matters is the request it sent.
      }
      if (hit) found.push({ path: `${path}${name}`, operation: hit });
    }
  }
  return found;
}

function* resources(node: object, prefix: string): Generator<[string, APIResource]> {
  for (const [key, value] of Object.entries(node)) {
    if (value instanceof APIResource) {
      yield [`${prefix}${key}.`, value];
      yield* resources(value, `${prefix}${key}.`);
    }
  }
}

function methodNames(resource: APIResource): string[] {
  const names = new Set<string>();
  for (
    let proto = Object.getPrototypeOf(resource);
    proto && proto !== APIResource.prototype;
    proto = Object.getPrototypeOf(proto)
  ) {
    for (const name of Object.getOwnPropertyNames(proto)) {
      if (!NOT_A_REQUEST.has(name) && typeof proto[name] === 'function') names.add(name);
    }
  }
  return [...names];
}

function fakeResponse(endpoint: Endpoint): Response {
  if (endpoint.status === 204) return new Response(null, { status: 204 });
  if (endpoint.responseKind === 'text' || endpoint.responseKind === 'binary')
    return new Response('x', { status: 200 });
  const record = { id: crypto.randomUUID(), status: 'x' };
  const body =
    endpoint.api === 'v1'
      ? {
          success: true,
          data: endpoint.list ? [] : record,
          meta: { request_id: 'r', page: 1, per_page: 20, total: 0 },
        }
      : { ...record, items: [], next_cursor: null };
  return new Response(JSON.stringify(body), {
    status: endpoint.status,
    headers: { 'content-type': 'application/json' },
  });
}

async function testSources(): Promise<string> {
  const roots = ['packages/sdk/test', 'packages/mock-server/test', 'packages/cli/test', 'examples'];
  const texts: string[] = [];
  for (const root of roots) {
    for (const file of await walk(join(repoRoot, root))) {
      if (/\.test\.ts$/.test(file) && !file.endsWith('contract-coverage.test.ts'))
        texts.push(await readFile(file, 'utf8'));
    }
  }
  return texts.join('\n');
}

async function walk(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  const out: string[] = [];
  for (const entry of entries) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await walk(full)));
    else out.push(full);
  }
  return out;
}

describe('contract coverage', () => {
  const all = operations().map((op) => op.id);

  it('declares every operation once, with a unique method and path', () => {
    const keys = operations().map((op) => `${op.endpoint.method} ${op.endpoint.path}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(all.length).toBeGreaterThan(20);
  });

  it('has a server handler for every operation, in the family that claims it', async () => {
    const app = createApp({
      store: new Store(new MemoryPersistence(), emptyState('s'.repeat(32))),
      families,
    });
    // Throws when a family binds an operation another one claims, or one twice.
    await app.families.loadAll();
    const missing: string[] = [];
    for (const id of all.filter((id) => !KNOWN_GAPS.has(id))) {
      await Promise.resolve(app.families.operation(id)).catch(() => missing.push(id));
    }
    void app.close();
    expect(missing).toEqual([]);
  });

  it('has an SDK method that sends every operation, and a test that calls it', async () => {
    const methods = await sdkMethods();
    const byOperation = new Map<string, string[]>();
    for (const m of methods) byOperation.set(m.operation, [...(byOperation.get(m.operation) ?? []), m.path]);
    const methodsOf = (id: string) => byOperation.get(ALIASES.get(id) ?? id) ?? [];
    const withoutMethod = all.filter((id) => methodsOf(id).length === 0 && !KNOWN_GAPS.has(id));
    expect(withoutMethod).toEqual([]);

    const sources = await testSources();
    const untested = all.filter((id) => {
      if (KNOWN_GAPS.has(id)) return false;
      return !methodsOf(id).some((path) => sources.includes(`.${path}(`));
    });
    expect(untested).toEqual([]);
  });

  it('lists no gap that is already covered', () => {
    const app = createApp({
      store: new Store(new MemoryPersistence(), emptyState('s'.repeat(32))),
      families,
    });
    const stale = [...KNOWN_GAPS].filter((id) => app.handled.has(id));
    void app.close();
    expect(stale).toEqual([]);
  });
});
