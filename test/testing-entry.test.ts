import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createPackedApp, type PackedApp } from './support/packed-app';

// `@nimbus/mock-server/testing` loads the server when startMockServer() is called, not when it
// is imported: a test file that shares a server another setup started (connectMockServer) pays
// for the SDK's client only. Checked on the packed package, whose chunks load the server late.

// Records every module the process resolves, for the script below to list.
const hooks = `
let port;
export function initialize(data) {
  port = data.port;
}
export async function resolve(specifier, context, next) {
  const resolved = await next(specifier, context);
  port.postMessage(resolved.url);
  return resolved;
}`;

const script = `
import { register } from 'node:module';
import { MessageChannel } from 'node:worker_threads';
const resolved = [];
const { port1, port2 } = new MessageChannel();
port1.on('message', (url) => resolved.push(url));
port1.unref();
register('./hooks.mjs', { parentURL: import.meta.url, data: { port: port2 }, transferList: [port2] });
const testing = await import('@nimbus/mock-server/testing');
await new Promise((resolve) => setTimeout(resolve, 50));
const loadedByImport = [...resolved];
const mock = await testing.startMockServer();
const alice = await testing.seedTenant(testing.connectMockServer(mock.url));
const bob = await testing.seedTenant(testing.connectMockServer(mock.url));
const made = await alice.client.instances.create({ name: 'web', flavor: 'small', region: 'hn' });
const seenByBob = await bob.client.instances.retrieve(made.id).then(() => 'found', (error) => error.status);
const own = (await alice.client.instances.list()).data.length;
const clock = await testing.connectMockServer(mock.url).client.mock.clock.retrieve();
await mock.close();
console.log(JSON.stringify({ loadedByImport, seenByBob, own, clock: typeof clock.now }));
`;

let app: PackedApp;

beforeAll(async () => {
  app = await createPackedApp(inject('tarballs'));
  await app.write('hooks.mjs', hooks);
  await app.write('shared.mjs', script);
});
afterAll(() => app?.remove());

describe('@nimbus/mock-server/testing', () => {
  it('loads the server on startMockServer(), and connectMockServer() seeds tenants of their own on a running one', async () => {
    const { stdout } = await app.node(['shared.mjs']);
    const result = JSON.parse(stdout.trim().split('\n').at(-1)!);
    const loaded: string[] = result.loadedByImport;
    expect(loaded.some((url) => url.includes('/@nimbus/sdk/'))).toBe(true);
    // Neither zod (the contract's schemas) nor the server's HTTP stack comes with the import.
    expect(loaded.filter((url) => url.includes('/zod/') || url.includes('/sdk/dist/contract/'))).toEqual([]);
    expect(loaded).not.toContain('node:http');
    expect(result).toMatchObject({ seenByBob: 404, own: 1, clock: 'string' });
  });
});
