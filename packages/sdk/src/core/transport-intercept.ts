import type { Fetch } from './transport';

/**
 * `globalThis.fetch` as the process started with it, before any test library patched it.
 * Read when the SDK is loaded: a patch installed earlier is caught by the marker below.
 */
const startupFetch = globalThis.fetch;

/** Where `@mswjs/interceptors` (msw, nock 14) registers its fetch interceptor while it is applied. */
const FETCH_INTERCEPTOR = Symbol.for('fetch-interceptor');

/**
 * `globalThis.fetch` when something has replaced it (msw's `setupServer`, nock, a test's own
 * stub), so SDK calls reach it with no option; `undefined` when it is Node's own and the SDK
 * may go straight to undici. Checked on every call: `server.listen()` usually runs after the
 * SDK is imported, and `server.close()` puts the original back.
 */
export function interceptedFetch(): Fetch | undefined {
  const current = globalThis.fetch;
  if (current === startupFetch && !(FETCH_INTERCEPTOR in globalThis)) return undefined;
  return (url, init) => current(url, init);
}
