import type { App } from '../core/app';

/**
 * A `fetch` that answers from the app in the same process: no port, no sockets.
 * Relative URLs resolve against `baseUrl`.
 *
 * @example
 * const client = new Nimbus({ baseUrl: 'http://nimbus.local', fetch: inProcessFetch(app) });
 */
export function inProcessFetch(app: App, baseUrl = 'http://nimbus.local'): typeof fetch {
  return async (input, init) => {
    const request =
      input instanceof Request && init === undefined
        ? input
        : new Request(new URL(String(input instanceof Request ? input.url : input), baseUrl), init);
    return app.fetch(request);
  };
}
