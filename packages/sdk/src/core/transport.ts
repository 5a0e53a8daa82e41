import { APIConnectionError, APITimeoutError, APIUserAbortError, NimbusError } from './errors';

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
 * Bodies a transport read in full itself (the Node transport), by the body-less `Response` it
 * answered: a Response built around the bytes would only stream them back, which costs more
 * than the rest of a call on loopback. `send` reads every body anyway, so callers never could.
 */
const readBodies = new WeakMap<Response, Uint8Array>();
const decoder = new TextDecoder();

export function withReadBody(response: Response, body: Uint8Array): Response {
  readBodies.set(response, body);
  return response;
}

/** A response whose body has been read in full, within the same time budget as the headers. */
export interface ReceivedResponse {
  response: Response;
  body: string | Uint8Array;
}

export interface SendOptions {
  timeoutMs: number;
  signal?: AbortSignal | undefined;
  /** Read the body as bytes instead of text. */
  binary: boolean;
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
  if (signal?.aborted) throw new APIUserAbortError({ cause: signal.reason });

  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, options.timeoutMs);
  const forwardAbort = () => controller.abort(signal?.reason);
  signal?.addEventListener('abort', forwardAbort, { once: true });

  try {
    const response = await fetch(url, { ...init, signal: controller.signal });
    const read = readBodies.get(response);
    const body = read
      ? options.binary
        ? read
        : decoder.decode(read)
      : options.binary
        ? new Uint8Array(await response.arrayBuffer())
        : await response.text();
    return { response, body };
  } catch (error) {
    if (signal?.aborted) throw new APIUserAbortError({ cause: error });
    if (timedOut) throw new APITimeoutError({ cause: error });
    throw new APIConnectionError({ cause: error });
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', forwardAbort);
  }
}
