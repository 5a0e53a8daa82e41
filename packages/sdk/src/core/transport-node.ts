import {
  Agent,
  type Dispatcher,
  EnvHttpProxyAgent,
  errors,
  type RequestInit as UndiciRequestInit,
  fetch as undiciFetch,
  util,
} from 'undici';
import {
  type Answer,
  type Exchange,
  exchangeFetch,
  type Fetch,
  fetchExchange,
  headerRecord,
  NULL_BODY_STATUSES,
  withReadBody,
} from './transport';

const { parseHeaders } = util;

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

/**
 * undici's dispatcher driven directly, answered as a WHATWG `Response` when one is asked for.
 * Per call it costs less than undici's `request` (no Readable stream for the body, no async
 * resource, no URL parsed: the origin is looked up by its text) and a fraction of `fetch` (on
 * loopback, fetch's machinery took longer than the server did). What only `fetch` does goes
 * through `fetch`: bodies other than text and bytes (the SDK sends neither), and redirects,
 * which are sent again by fetch. `send` stops an attempt through its `stop` (see
 * `withExchange`); called as a plain `Fetch`, through `init.signal`.
 */
export function requestVia(dispatcher: Dispatcher): Fetch {
  const viaFetch = fetchVia(dispatcher);
  const exchange = (url: string, init: RequestInit): Exchange => {
    const { body } = init;
    if (body !== undefined && body !== null && typeof body !== 'string' && !(body instanceof Uint8Array)) {
      return fetchExchange(viaFetch, url, init);
    }
    const target = splitUrl(url);
    const collector = new AnswerCollector();
    dispatcher.dispatch(
      {
        origin: target.origin,
        path: target.path,
        method: (init.method ?? 'GET') as Dispatcher.HttpMethod,
        headers: headerRecord(init.headers),
        body: body ?? null,
      },
      collector,
    );
    const response = collector.answer.then((answer) => {
      if (!REDIRECT.has(answer.status) || init.redirect === 'manual') return answer;
      const followed = fetchExchange(viaFetch, url, init);
      collector.stop = followed.stop;
      return followed.response;
    });
    return { response, stop: (reason) => collector.stop(reason) };
  };
  return exchangeFetch(exchange);
}

/**
 * Collects one response as undici's dispatcher hands it over (its handler interface), into an
 * `Answer`. Errors (the connection, an abort) reject `answer`.
 */
class AnswerCollector implements Dispatcher.DispatchHandler {
  readonly answer: Promise<Answer>;
  #resolve!: (answer: Answer) => void;
  #reject!: (error: unknown) => void;
  #abort: ((error?: Error) => void) | undefined;
  /** Why the caller stopped the attempt before undici could be told. */
  #stopped: Error | undefined;
  #status = 0;
  #headers: Buffer[] = [];
  #chunks: Buffer[] = [];
  #length = 0;

  constructor() {
    this.answer = new Promise((resolve, reject) => {
      this.#resolve = resolve;
      this.#reject = reject;
    });
  }

  /** Replaced by the redirect's own once a redirect is followed. */
  stop = (reason?: unknown): void => {
    const error = reason instanceof Error ? reason : new errors.RequestAbortedError();
    if (this.#abort) this.#abort(error);
    else this.#stopped = error;
  };

  onConnect(abort: (error?: Error) => void): void {
    if (this.#stopped) abort(this.#stopped);
    else this.#abort = abort;
  }

  onHeaders(status: number, headers: Buffer[]): boolean {
    // 1xx (100 Continue) come before the real answer.
    if (status < 200) return true;
    this.#status = status;
    this.#headers = headers;
    return true;
  }

  onData(chunk: Buffer): boolean {
    this.#chunks.push(chunk);
    this.#length += chunk.length;
    return true;
  }

  onComplete(): void {
    // Copied: undici's chunks are views into buffers it does not promise to leave alone.
    const bytes = new Uint8Array(this.#length);
    let at = 0;
    for (const chunk of this.#chunks) {
      bytes.set(chunk, at);
      at += chunk.length;
    }
    this.#resolve(new UndiciAnswer(this.#status, this.#headers, bytes));
  }

  onError(error: Error): void {
    this.#reject(error);
  }
}

/** What undici answered, turned into a `Response` only when someone asks for one. */
class UndiciAnswer implements Answer {
  #parsed: Record<string, string | string[] | undefined> | undefined;

  constructor(
    readonly status: number,
    readonly rawHeaders: Buffer[],
    readonly bytes: Uint8Array<ArrayBuffer>,
  ) {}

  header(name: string): string | null {
    this.#parsed ??= parseHeaders(this.rawHeaders);
    const value = this.#parsed[name];
    if (value === undefined) return null;
    return Array.isArray(value) ? value.join(', ') : value;
  }

  toResponse(): Response {
    const received = new Headers();
    // Header bytes are Latin-1 to fetch's `Headers`, as to undici's own parser.
    for (let i = 0; i < this.rawHeaders.length; i += 2) {
      received.append(latin1(this.rawHeaders[i]), latin1(this.rawHeaders[i + 1]));
    }
    const response = new Response(null, { status: this.status, headers: received });
    return NULL_BODY_STATUSES.has(this.status) ? response : withReadBody(response, this.bytes);
  }
}

function latin1(bytes: Buffer | undefined): string {
  return bytes === undefined ? '' : bytes.toString('latin1');
}

/** Origins as the SDK writes them (`http://127.0.0.1:4010`), checked once by the URL parser. */
const checkedOrigins = new Map<string, string>();

/**
 * `{ origin, path }` of an absolute URL, without parsing it per call: the SDK's URLs are built
 * from a base URL and encoded paths. The origin is parsed once (it may be written with a default
 * port or capitals); a URL with credentials, or a path the parser would rewrite, is parsed whole.
 */
function splitUrl(url: string): { origin: string; path: string } {
  const slash = url.indexOf('/', url.indexOf('//') + 2);
  const origin = slash === -1 ? url : url.slice(0, slash);
  const path = slash === -1 ? '/' : url.slice(slash);
  let checked = checkedOrigins.get(origin);
  if (checked === undefined) {
    const parsed = new URL(origin);
    checked = parsed.username || parsed.password ? '' : parsed.origin;
    if (checkedOrigins.size < 100) checkedOrigins.set(origin, checked);
  }
  if (checked === '' || !PLAIN_PATH.test(path)) {
    const parsed = new URL(url);
    return { origin: parsed.origin, path: `${parsed.pathname}${parsed.search}` };
  }
  return { origin: checked, path };
}

/** Printable ASCII with no fragment and no dot segment for the parser to resolve. */
const PLAIN_PATH = /^\/(?!.*(?:^|\/)\.\.?(?:\/|$|\?))[!$-[\]-~]*$/;

let shared: Fetch | undefined;

/**
 * The Node transport, shared by every client in the process so they share one connection pool.
 * Created on first use, so importing the SDK opens nothing and reads the environment late.
 */
export function sharedTransport(): Fetch {
  shared ??= requestVia(dispatcherFor(process.env));
  return shared;
}
