import type { App } from '../core/pipeline/app';
import { bufferedRequest } from '../core/pipeline/request';
import { faultedResponse } from './fault-delivery';

/**
 * A `fetch` that answers from the app in the same process: no port, no sockets.
 * Relative URLs resolve against `baseUrl`. A fault that drops the connection rejects the call
 * with a `TypeError`, as a network failure does in `fetch`.
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
    // Read first, as the core would: a fault's delivery is found by the request the core saw.
    const received = await bufferedRequest(request, app.runtime.config.maxBodyBytes);
    const response = faultedResponse(await app.handle(received), app.faults.deliveryOf(received));
    if (response.type === 'error') {
      throw new TypeError('fetch failed', {
        cause: new Error('The connection was dropped by an injected fault'),
      });
    }
    return response;
  };
}
