import type { Fetch } from '@nimbus/sdk';

/** Query parameters that carry credentials (HLS playlist URLs): shown as `***`. */
const SECRET_PARAMS = ['token', 'access_token', 'api_key'];

type Contract = typeof import('@nimbus/sdk/contract');

/** The contract's secret marks by request, loaded with the first body shown. */
let secretsOfRequest:
  | Promise<{ contract: Contract; lookup: ReturnType<Contract['secretsLookup']> }>
  | undefined;

/**
 * A transport that writes one line per request and one per response on `stream`, with the
 * request id the server answered, and the JSON body sent with each field the contract marks
 * secret (passwords, tokens, env values) as `***`. Headers are not written: they hold tokens.
 * Only the idempotency key is, so a retried create can be told apart.
 */
export function debugFetch(inner: Fetch, stream: NodeJS.WritableStream = process.stderr): Fetch {
  return async (url, init) => {
    const method = init.method ?? 'GET';
    const shown = redactUrl(url);
    const key = new Headers(init.headers).get('idempotency-key');
    stream.write(`> ${method} ${shown}${key ? ` idempotency-key=${key}` : ''}\n`);
    if (typeof init.body === 'string') stream.write(`> body ${await shownBody(method, url, init.body)}\n`);
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

/** The body with the marked fields of the endpoint it is sent to masked; unknown endpoints show none. */
async function shownBody(method: string, url: string, body: string): Promise<string> {
  secretsOfRequest ??= import('@nimbus/sdk/contract').then((contract) => ({
    contract,
    lookup: contract.secretsLookup(contract.operations()),
  }));
  const { contract, lookup } = await secretsOfRequest;
  const secrets = lookup(method, new URL(url).pathname);
  if (!secrets) return '[not shown: no known endpoint]';
  try {
    return JSON.stringify(contract.redactSecrets(JSON.parse(body), secrets.body, '***'));
  } catch {
    return '[not shown: not JSON]';
  }
}

function redactUrl(url: string): string {
  const parsed = new URL(url);
  for (const name of SECRET_PARAMS) if (parsed.searchParams.has(name)) parsed.searchParams.set(name, '***');
  if (parsed.password) parsed.password = '***';
  return parsed.toString().replace(/%2A%2A%2A/g, '***');
}
