import { EventEmitter } from 'node:events';
import {
  Agent,
  type Dispatcher,
  EnvHttpProxyAgent,
  type RequestInit as UndiciRequestInit,
  fetch as undiciFetch,
  request as undiciRequest,
} from 'undici';
import {
  type Answer,
  type Fetch,
  isAnswer,
  NULL_BODY_STATUSES,
  type StartExchange,
  withExchange,
  withReadBody,
} from './transport';

/** Idle sockets stay open this long, so a CLI run or a test suite reuses its connections. */
const agentOptions = { keepAliveTimeout: 10_000 };

type Env = Record<string, string | undefined>;

/**
 * The dispatcher for an environment: a keep-alive `Agent`, or, when `HTTP(S)_PROXY` is set,
 * an `EnvHttpProxyAgent` that also honours `NO_PROXY`. Lowercase variables win, as in curl.
 */
export function dispatcherFor(env: Env): Dispatcher {
  const httpProxy = env.http_proxy ?? env.HTTP_PROXY ?? '';
  const httpsProxy = env.https_proxy ?? env.HTTPS_PROXY ?? '';
  if (!httpProxy && !httpsProxy) return new Agent(agentOptions);
  // Explicit values (empty string = unset) so the agent reads `env`, not process.env behind our back.
  const noProxy = env.no_proxy ?? env.NO_PROXY ?? '';
  // Plain-HTTP targets go to the proxy as absolute URLs, as curl does: many proxies refuse
  // CONNECT to ports other than 443, which undici's default tunnelling would need.
  return new EnvHttpProxyAgent({ ...agentOptions, httpProxy, httpsProxy, noProxy, proxyTunnel: false });
}

/** undici's fetch over `dispatcher`. */
export function fetchVia(dispatcher: Dispatcher): Fetch {
  // undici declares its own RequestInit/Response types; at run time they are the WHATWG ones.
  return (url, init) =>
    undiciFetch(url, { ...(init as UndiciRequestInit), dispatcher }) as unknown as Promise<Response>;
}

const REDIRECT = new Set([301, 302, 303, 307, 308]);

/** What undici's `request` can be stopped through: an `AbortSignal` or an `EventEmitter`. */
type Stopper = AbortSignal | EventEmitter;

/**
 * undici's `request` over `dispatcher`, answered as a WHATWG `Response`. Per call it costs a
 * fraction of undici's `fetch` (on loopback, fetch's machinery took longer than the server did).
 * What only `fetch` does goes through `fetch`: bodies other than text and bytes (the SDK sends
 * neither), and redirects, which `request` does not follow (the request is sent again by fetch).
 * `send` stops it through an `EventEmitter` (see `withExchange`); called as a plain `Fetch`,
 * through `init.signal`.
 */
export function requestVia(dispatcher: Dispatcher): Fetch {
  const viaFetch = fetchVia(dispatcher);
  const exchange = async (
    url: string,
    init: RequestInit,
    stopper: Stopper | undefined,
  ): Promise<Response | Answer> => {
    const { body } = init;
    if (body !== undefined && body !== null && typeof body !== 'string' && !(body instanceof Uint8Array)) {
      return viaFetch(url, { ...init, signal: abortSignalOf(stopper) });
    }
    const headers = headerRecord(init.headers);
    const answer = await undiciRequest(url, {
      dispatcher,
      method: (init.method ?? 'GET') as Dispatcher.HttpMethod,
      headers,
      body: body ?? undefined,
      signal: stopper,
    });
    if (REDIRECT.has(answer.statusCode) && init.redirect !== 'manual') {
      await answer.body.dump();
      return viaFetch(url, { ...init, signal: abortSignalOf(stopper) });
    }
    const bytes = new Uint8Array(await answer.body.arrayBuffer());
    return new UndiciAnswer(answer.statusCode, answer.headers, bytes);
  };
  const start: StartExchange = (url, init) => {
    const stopper = new EventEmitter();
    return { response: exchange(url, init, stopper), stop: () => stopper.emit('abort') };
  };
  const call: Fetch = async (url, init) => {
    const answer = await exchange(url, init, init.signal ?? undefined);
    return isAnswer(answer) ? answer.toResponse() : answer;
  };
  return withExchange(call, start);
}

type RawHeaders = Dispatcher.ResponseData['headers'];

/** What undici's `request` answered, turned into a `Response` only when someone asks for one. */
class UndiciAnswer implements Answer {
  constructor(
    readonly status: number,
    readonly headers: RawHeaders,
    readonly bytes: Uint8Array<ArrayBuffer>,
  ) {}

  header(name: string): string | null {
    const value = this.headers[name];
    if (value === undefined) return null;
    return Array.isArray(value) ? value.join(', ') : value;
  }

  toResponse(): Response {
    const received = new Headers();
    for (const [name, value] of Object.entries(this.headers)) {
      if (Array.isArray(value)) for (const item of value) received.append(name, item);
      else if (value !== undefined) received.append(name, value);
    }
    const response = new Response(null, { status: this.status, headers: received });
    return NULL_BODY_STATUSES.has(this.status) ? response : withReadBody(response, this.bytes);
  }
}

/** The SDK's own calls pass a record already; anything else is read through `Headers`. */
function headerRecord(init: HeadersInit | undefined): Record<string, string> {
  if (init === undefined) return {};
  const prototype = Object.getPrototypeOf(init);
  if (prototype === Object.prototype || prototype === null) return init as Record<string, string>;
  const record: Record<string, string> = {};
  new Headers(init).forEach((value, name) => {
    record[name] = value;
  });
  return record;
}

/** An `AbortSignal` that follows `stopper`, for the calls that go through undici's `fetch`. */
function abortSignalOf(stopper: Stopper | undefined): AbortSignal | undefined {
  if (stopper === undefined || stopper instanceof AbortSignal) return stopper;
  const controller = new AbortController();
  stopper.once('abort', () => controller.abort());
  return controller.signal;
}

let shared: Fetch | undefined;

/**
 * The Node transport, shared by every client in the process so they share one connection pool.
 * Created on first use, so importing the SDK opens nothing and reads the environment late.
 */
export function sharedTransport(): Fetch {
  shared ??= requestVia(dispatcherFor(process.env));
  return shared;
}
