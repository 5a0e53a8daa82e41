/**
 * Node entry of `@nimbus/sdk`. Bundlers targeting browsers pick `index.browser.ts` instead.
 */

import type { NimbusOptions } from './base-client';
import { Nimbus as PortableNimbus } from './client';
import { withNodeDefaults } from './node-defaults';

export { BaseNimbus } from './base';
export { nodeHttpFetch } from './core/transport-http';
export * from './exports';
export { nodeFetch } from './node-defaults';

/**
 * Typed client for the Nimbus platform (/api/v1), video management (/v2) and the reference
 * server's control routes (/__mock). In Node it sends through undici, with a keep-alive
 * connection pool shared by every client in the process, and honours `HTTP_PROXY`,
 * `HTTPS_PROXY` and `NO_PROXY`; a `fetch` option replaces all of that. When something has
 * replaced `globalThis.fetch` (msw's `setupServer`, nock), calls go through it instead.
 * `baseUrl`, `logLevel`, `apiKey` (without an `accessToken`) and `webhookSecret` default to
 * `NIMBUS_BASE_URL`, `NIMBUS_LOG`, `NIMBUS_API_KEY` and `NIMBUS_WEBHOOK_SECRET`.
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
  constructor(options: NimbusOptions = {}) {
    super(withNodeDefaults(options));
  }
}
