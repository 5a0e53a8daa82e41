import { clearDeadline, type Deadline, watchDeadline } from './deadlines';
import { APIConnectionError, APITimeoutError, abortError, NimbusError } from './errors';

/**
 * The one thing the SDK needs from the platform. `globalThis.fetch`, undici's `fetch` and
 * an in-process server adapter (`(url, init) => app.fetch(new Request(url, init))`) all fit.
 */
export type Fetch = (url: string, init: RequestInit) => Promise<Response>;

/** The browser (and any runtime with a WHATWG fetch) transport. */
export function globalFetch(): Fetch {
  if (typeof globalThis.fetch !== 'function') {
    throw new NimbusError('No global fetch in this runtime: pass `fetch` in the Nimbus options.');
  }
  // Called unbound, some browsers throw "Illegal invocation".
  return (url, init) => globalThis.fetch(url, init);
}

/**
 * The bytes of a body `send` read, on the `Response` they came with. The Node transport reads
 * bodies itself and answers a body-less `Response` (a Response built around the bytes would
 * only stream them back, which costs more than the rest of a call on loopback); `send` keeps
 * the bytes of other transports here too, so `unreadCopy` can give any of them out again.
 * A registered symbol, not a module-level map: two copies of this module (a bundle and its
 * lazily loaded chunk, a test that reloads modules) must see each other's bodies.
 */
const READ_BODY = Symbol.for('nimbus.sdk.readBody');
type WithBytes = Response & { [READ_BODY]?: Uint8Array<ArrayBuffer> };
const decoder = new TextDecoder();

export function withReadBody(response: Response, body: Uint8Array<ArrayBuffer>): Response {
  (response as WithBytes)[READ_BODY] = body;
  return response;
}

/**
 * A `Response` like `response` (status, headers) whose body, the bytes `send` read, is unread.
 * Its `url` is empty: a constructed Response cannot carry one.
 */
export function unreadCopy(response: Response): Response {
  const { status, statusText, headers } = response;
  const body = NULL_BODY_STATUSES.has(status) ? null : ((response as WithBytes)[READ_BODY] ?? null);
  return new Response(body, { status, statusText, headers });
}

/** Statuses whose Response cannot carry a body. */
export const NULL_BODY_STATUSES: ReadonlySet<number> = new Set([101, 204, 205, 304]);

/**
 * An answer read in full by a transport that builds a `Response` only when asked (the Node
 * one): building its `Headers` cost as much as the rest of the SDK's own work per call, and a
 * successful call needs only the status and the request id.
 */
export interface Answer {
  status: number;
  /** The header's value (several joined with `, `), or null; `name` in lower case. */
  header(name: string): string | null;
  bytes: Uint8Array<ArrayBuffer>;
  toResponse(): Response;
}

/** A response whose body has been read in full, within the same time budget as the headers. */
export interface ReceivedResponse {
  readonly status: number;
  /** The header's value, or null; `name` in lower case. */
  header(name: string): string | null;
  /** The HTTP response; built on first read when the transport answered an `Answer`. */
  readonly response: Response;
  body: string | Uint8Array;
}

/**
 * Told apart by shape, not `instanceof Response`: undici's own `fetch` answers Responses of
 * another class than the global one.
 */
export function isAnswer(value: Response | Answer): value is Answer {
  return typeof (value as Partial<Answer>).toResponse === 'function';
}

function receivedFrom(answer: Response | Answer, body: string | Uint8Array): ReceivedResponse {
  return isAnswer(answer) ? new ReceivedAnswer(answer, body) : new ReceivedFetchResponse(answer, body);
}

/** Classes rather than object literals with a getter: V8 builds those slowly, and this is per call. */
class ReceivedFetchResponse implements ReceivedResponse {
  constructor(
    readonly response: Response,
    public body: string | Uint8Array,
  ) {}

  get status(): number {
    return this.response.status;
  }

  header(name: string): string | null {
    return this.response.headers.get(name);
  }
}

class ReceivedAnswer implements ReceivedResponse {
  readonly #answer: Answer;
  #response: Response | undefined;

  constructor(
    answer: Answer,
    public body: string | Uint8Array,
  ) {
    this.#answer = answer;
  }

  get status(): number {
    return this.#answer.status;
  }

  header(name: string): string | null {
    return this.#answer.header(name);
  }

  get response(): Response {
    this.#response ??= this.#answer.toResponse();
    return this.#response;
  }
}

export interface SendOptions {
  timeoutMs: number;
  signal?: AbortSignal | undefined;
  /** Read the body as bytes instead of text. */
  binary: boolean;
}

/**
 * One attempt as a transport starts it: the response to come, and how to stop it early.
 * `send` drives it within the time budget and the caller's signal.
 */
export interface Exchange {
  response: Promise<Response | Answer>;
  stop(reason?: unknown): void;
}

/** Starts exchanges with a cheaper way to stop them than an `AbortController` per attempt. */
export type StartExchange = (url: string, init: RequestInit) => Exchange;

const START_EXCHANGE = Symbol.for('nimbus.sdk.startExchange');
type WithExchange = Fetch & { [START_EXCHANGE]?: StartExchange };

/**
 * `fetch`, which `send` will drive through `start` instead of through `fetch` itself. The Node
 * transports do: creating an `AbortSignal` and listening to it was a fifth of the SDK's own time
 * per call, and their attempts can be stopped without one.
 */
export function withExchange(fetch: Fetch, start: StartExchange): Fetch {
  return Object.assign(fetch, { [START_EXCHANGE]: start });
}

/** An exchange over any `Fetch`, stopped through the `AbortSignal` it is given. */
export function fetchExchange(fetch: Fetch, url: string, init: RequestInit): Exchange {
  const controller = new AbortController();
  return {
    response: fetch(url, { ...init, signal: controller.signal }),
    stop: (reason) => controller.abort(reason),
  };
}

/** `start` as a plain `Fetch`: stopped through `init.signal`, answered as a `Response`. */
export function exchangeFetch(start: StartExchange): Fetch {
  const call: Fetch = async (url, init) => {
    const { signal } = init;
    const started = start(url, init);
    const stop = () => started.stop(signal?.reason);
    if (signal?.aborted) stop();
    signal?.addEventListener('abort', stop, { once: true });
    try {
      const answer = await started.response;
      return isAnswer(answer) ? answer.toResponse() : answer;
    } finally {
      signal?.removeEventListener('abort', stop);
    }
  };
  return withExchange(call, start);
}

/** Request headers as a record: the SDK's own calls pass one already; anything else is read through `Headers`. */
export function headerRecord(init: HeadersInit | undefined): Record<string, string> {
  if (init === undefined) return {};
  const prototype = Object.getPrototypeOf(init);
  if (prototype === Object.prototype || prototype === null) return init as Record<string, string>;
  const record: Record<string, string> = {};
  new Headers(init).forEach((value, name) => {
    record[name] = value;
  });
  return record;
}

/** Starts one attempt over `fetch`, the cheaper way when `fetch` has one (see `withExchange`). */
export function startExchange(fetch: Fetch, url: string, init: RequestInit): Exchange {
  const start = (fetch as WithExchange)[START_EXCHANGE];
  return start ? start(url, init) : fetchExchange(fetch, url, init);
}

/**
 * One HTTP attempt. The timeout covers headers and body, so a server that stalls mid-body
 * cannot hang the caller. Failures become `APIUserAbortError` (the caller's signal),
 * `APITimeoutError` or `APIConnectionError`, which is what the retry loop decides on.
 */
export async function send(
  fetch: Fetch,
  url: string,
  init: RequestInit,
  options: SendOptions,
): Promise<ReceivedResponse> {
  const { signal } = options;
  if (signal?.aborted) throw abortError(signal);

  let timedOut = false;
  let deadline: Deadline | undefined;
  let forwardAbort: (() => void) | undefined;
  try {
    const exchange = startExchange(fetch, url, init);
    deadline = watchDeadline(options.timeoutMs, () => {
      timedOut = true;
      exchange.stop();
    });
    if (signal) {
      forwardAbort = () => exchange.stop(signal.reason);
      signal.addEventListener('abort', forwardAbort, { once: true });
    }
    const answer = await exchange.response;
    let bytes = isAnswer(answer) ? answer.bytes : (answer as WithBytes)[READ_BODY];
    if (bytes === undefined) {
      bytes = new Uint8Array(await (answer as Response).arrayBuffer());
      withReadBody(answer as Response, bytes);
    }
    return receivedFrom(answer, options.binary ? bytes : decoder.decode(bytes));
  } catch (error) {
    if (signal?.aborted) throw abortError(signal, error);
    if (timedOut) {
      const message = `Request timed out: no answer from ${originOf(url)} within ${options.timeoutMs} ms (timeoutMs)`;
      throw new APITimeoutError({ message, cause: error });
    }
    const code = systemErrorCode(error);
    const message = `Connection error: no answer from ${originOf(url)}${code ? ` (${code})` : ''}`;
    throw new APIConnectionError({ message, cause: error });
  } finally {
    if (deadline) clearDeadline(deadline);
    if (forwardAbort) signal?.removeEventListener('abort', forwardAbort);
  }
}

/** The scheme, host and port of `url`: what a failure names (a path or query may hold credentials). */
function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return 'the server';
  }
}

/** The system error code (`ECONNREFUSED`, `ENOTFOUND`, ...) in the first causes of `error`, if any. */
function systemErrorCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; current instanceof Error && depth < 4; depth++) {
    const { code } = current as { code?: unknown };
    if (typeof code === 'string') return code;
    current = current.cause;
  }
  return undefined;
}
