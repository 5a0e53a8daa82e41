/**
 * Node entry of `@nimbus/sdk`. Bundlers targeting browsers pick `index.browser.ts` instead.
 */
import { type NimbusOptions, Nimbus as PortableNimbus } from './client';
import type { Fetch } from './core/transport';
import { nodeWebSocket } from './core/websocket-node';

export * from './exports';

/**
 * The undici transport, loaded with the first request: loading undici was a fifth of the time to
 * import the SDK (and so of the CLI's start, and of the reference server's, which imports it).
 */
let transport: Promise<Fetch> | undefined;

/**
 * The default Node transport, for a `fetch` option that wraps it (logging, tracing) and keeps
 * its connection pool and proxy handling.
 *
 * @example
 * const client = new Nimbus({
 *   baseUrl,
 *   fetch: (url, init) => {
 *     console.error(init.method, url);
 *     return nodeFetch(url, init);
 *   },
 * });
 */
export const nodeFetch: Fetch = async (url, init) => {
  transport ??= import('./core/transport-node').then((loaded) => loaded.nodeFetch);
  return (await transport)(url, init);
};

/**
 * Typed client for the Nimbus platform (/api/v1), video management (/v2) and the reference
 * server's control routes (/__mock). In Node it sends through undici, with a keep-alive
 * connection pool shared by every client in the process, and honours `HTTP_PROXY`,
 * `HTTPS_PROXY` and `NO_PROXY`; a `fetch` option replaces all of that.
 *
 * @example
 * import { Nimbus } from '@nimbus/sdk';
 *
 * const client = new Nimbus({ baseUrl: 'http://127.0.0.1:4010' });
 * await client.auth.login({ email: 'ada@example.com', password: 'correct horse' });
 * const project = await client.projects.create({ name: 'demo' });
 * const vm = await client.withProject(project.id).instances.create({ name: 'web-1', flavor: 'small', region: 'hn' });
 */
export class Nimbus extends PortableNimbus {
  constructor(options: NimbusOptions) {
    super({ ...options, fetch: options.fetch ?? nodeFetch, webSocket: options.webSocket ?? nodeWebSocket });
  }
}
