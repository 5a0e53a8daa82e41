import type { IncomingMessage } from 'node:http';
import {
  type Answer,
  type Exchange,
  exchangeFetch,
  fetchExchange,
  headerRecord,
  NULL_BODY_STATUSES,
  withReadBody,
} from './transport';
import { interceptedFetch } from './transport-intercept';

const REDIRECT = new Set([301, 302, 303, 307, 308]);

/** Node's own fetch, called when it is needed (redirects, streamed bodies) and not before. */
const runtimeFetch = (url: string, init: RequestInit) => globalThis.fetch(url, init);

/** Loaded with the first request of each kind: `node:https` brings TLS with it, `node:http` the net stack. */
const loaders = {
  'http:': () => import('node:http'),
  'https:': () => import('node:https'),
};

/**
 * One attempt over `node:http` or `node:https` (Node's global agents, which keep connections
 * alive). What only fetch does goes through Node's own fetch: bodies other than text and bytes,
 * and redirects, which are sent again by fetch. A patched global fetch (msw's `setupServer`,
 * nock, a test's stub) sees the call, as with the default transport.
 */
function exchange(url: string, init: RequestInit): Exchange {
  const intercepted = interceptedFetch();
  if (intercepted) return fetchExchange(intercepted, url, init);
  const { body } = init;
  const target = new URL(url);
  const load = loaders[target.protocol as keyof typeof loaders];
  if (
    !load ||
    (body !== undefined && body !== null && typeof body !== 'string' && !(body instanceof Uint8Array))
  ) {
    return fetchExchange(runtimeFetch, url, init);
  }
  let stopped: Error | undefined;
  let stop = (reason?: unknown) => {
    stopped ??= reason instanceof Error ? reason : new Error('The request was stopped');
  };
  const received = load().then(
    ({ request }) =>
      new Promise<Answer>((resolve, reject) => {
        if (stopped) throw stopped;
        const outgoing = request(target, {
          method: init.method ?? 'GET',
          headers: headerRecord(init.headers),
        });
        stop = (reason) =>
          outgoing.destroy(reason instanceof Error ? reason : new Error('The request was stopped'));
        outgoing.on('error', reject);
        outgoing.on('response', (incoming) => {
          const chunks: Buffer[] = [];
          incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
          incoming.on('error', reject);
          incoming.on('end', () => resolve(new HttpAnswer(incoming, Buffer.concat(chunks))));
        });
        outgoing.end(body ?? undefined);
      }),
  );
  const response = received.then((answer) => {
    if (!REDIRECT.has(answer.status) || init.redirect === 'manual') return answer;
    const followed = fetchExchange(runtimeFetch, url, init);
    stop = followed.stop;
    return followed.response;
  });
  return { response, stop: (reason) => stop(reason) };
}

/** What `node:http` answered, turned into a `Response` only when someone asks for one. */
class HttpAnswer implements Answer {
  readonly status: number;
  readonly bytes: Uint8Array<ArrayBuffer>;
  readonly #incoming: IncomingMessage;

  constructor(incoming: IncomingMessage, body: Buffer) {
    this.status = incoming.statusCode ?? 0;
    this.bytes = new Uint8Array(body);
    this.#incoming = incoming;
  }

  header(name: string): string | null {
    const value = this.#incoming.headers[name];
    if (value === undefined) return null;
    return Array.isArray(value) ? value.join(', ') : value;
  }

  toResponse(): Response {
    const headers = new Headers();
    const raw = this.#incoming.rawHeaders;
    for (let i = 0; i < raw.length; i += 2) headers.append(raw[i] as string, raw[i + 1] as string);
    const response = new Response(null, { status: this.status, headers });
    return NULL_BODY_STATUSES.has(this.status) ? response : withReadBody(response, this.bytes);
  }
}

/**
 * A transport on Node's own `node:http` and `node:https`, for programs that make a call or two
 * and exit (a CLI run): they load in a few milliseconds, where undici (the default transport's,
 * or the one behind Node's `fetch`) takes twenty or more. It has no proxy support and no pool
 * of its own; for a long-lived program the default transport is faster per call.
 *
 * @example
 * const client = new Nimbus({ baseUrl, fetch: nodeHttpFetch });
 */
export const nodeHttpFetch = exchangeFetch(exchange);
