import { type Fetch, Nimbus, type NimbusOptions, nodeFetch, nodeHttpFetch } from '@nimbus/sdk';

/**
 * A client of a reference server at `url`, for this process (`createClient()` of a server, of
 * the test helpers). `options` come first, then the transport unless they name one: `node:http`,
 * loaded already (the server runs on it), where the SDK's default transport loads undici with
 * the first request, and whose answers become `Response`s only when asked (Node loads its fetch
 * classes on the first). Both send through a patched `fetch` (msw's `setupServer`, nock, a
 * test's stub); the default transport serves a proxy in the environment (it honours it).
 */
export function loopbackClient(url: string, options: Omit<NimbusOptions, 'baseUrl'>): Nimbus {
  return new Nimbus({ fetch: loopbackFetch(), ...options, baseUrl: url });
}

function loopbackFetch(): Fetch {
  return proxyConfigured() ? nodeFetch : nodeHttpFetch;
}

function proxyConfigured(): boolean {
  const { env } = process;
  return [env.HTTP_PROXY, env.HTTPS_PROXY, env.http_proxy, env.https_proxy].some(Boolean);
}
