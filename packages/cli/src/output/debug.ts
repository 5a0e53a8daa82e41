import type { Fetch } from '@nimbus/sdk';

/** Query parameters that carry credentials (HLS playlist URLs): shown as `***`. */
const SECRET_PARAMS = ['token', 'access_token', 'api_key'];

/**
 * A transport that writes one line per request and one per response on `stream`, with the
 * request id the server answered. Headers and bodies are not written: they hold tokens and
 * passwords. Only the idempotency key is, so a retried create can be told apart.
 */
export function debugFetch(inner: Fetch, stream: NodeJS.WritableStream = process.stderr): Fetch {
  return async (url, init) => {
    const method = init.method ?? 'GET';
    const shown = redactUrl(url);
    const key = new Headers(init.headers).get('idempotency-key');
    stream.write(`> ${method} ${shown}${key ? ` idempotency-key=${key}` : ''}\n`);
    const started = performance.now();
    try {
      const response = await inner(url, init);
      const ms = Math.round(performance.now() - started);
      const id = response.headers.get('x-request-id') ?? '-';
      stream.write(`< ${response.status} ${method} ${shown} request-id=${id} ${ms}ms\n`);
      return response;
    } catch (error) {
      stream.write(`< failed ${method} ${shown}: ${(error as Error).message}\n`);
      throw error;
    }
  };
}

/** Whether `--debug` or `NIMBUS_DEBUG` (any value but empty, 0 or false) asks for the lines. */
export function debugWanted(flag: boolean | undefined, env: NodeJS.ProcessEnv = process.env): boolean {
  if (flag) return true;
  const value = env.NIMBUS_DEBUG?.trim().toLowerCase();
  return !!value && value !== '0' && value !== 'false';
}

function redactUrl(url: string): string {
  const parsed = new URL(url);
  for (const name of SECRET_PARAMS) if (parsed.searchParams.has(name)) parsed.searchParams.set(name, '***');
  if (parsed.password) parsed.password = '***';
  return parsed.toString().replace(/%2A%2A%2A/g, '***');
}
