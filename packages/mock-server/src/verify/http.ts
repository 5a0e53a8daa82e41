import { TargetUnreachableError } from './types';

/** One answer of the target, read whole. */
export interface Exchange {
  method: string;
  /** The path sent, without its query (which may hold a token). */
  path: string;
  status: number;
  headers: Headers;
  /** Parsed JSON when the answer says it is JSON, else the text (empty for 204). */
  body: unknown;
  text: string;
  requestId: string | null;
  /** What was sent, for the single-exchange check (which reads the request's query and body). */
  request: { url: string; headers: Record<string, string>; body: string | null };
}

/** How a request proves who sends it. */
export type Auth =
  | { kind: 'none' }
  | { kind: 'bearer'; token: string }
  | { kind: 'api-key'; key: string }
  | { kind: 'basic'; user: string; password: string }
  | { kind: 'query-token'; token: string };

export interface SendOptions {
  auth: Auth;
  /** `X-Project-ID`, for /api/v1 project routes. */
  project?: string;
  query?: Record<string, string>;
  /** Sent as JSON; `undefined` sends no body. */
  body?: unknown;
}

/** Sends requests to the target and reads their answers; stops when the run is cancelled. */
export class TargetClient {
  readonly #fetch: typeof fetch;
  /** Set once the run cleans up: its deletes go out even after the run was stopped. */
  closing = false;

  constructor(
    readonly baseUrl: string,
    readonly timeoutMs: number,
    fetchImpl: typeof fetch | undefined,
    readonly signal: AbortSignal | undefined,
  ) {
    this.#fetch = fetchImpl ?? fetch;
  }

  url(path: string, query: Record<string, string> = {}): URL {
    const url = new URL(
      path.replace(/^\//, ''),
      this.baseUrl.endsWith('/') ? this.baseUrl : `${this.baseUrl}/`,
    );
    for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
    return url;
  }

  async send(method: string, path: string, options: SendOptions): Promise<Exchange> {
    const query = { ...options.query };
    const headers: Record<string, string> = { accept: 'application/json, */*' };
    const { auth } = options;
    if (auth.kind === 'bearer') headers.authorization = `Bearer ${auth.token}`;
    if (auth.kind === 'api-key') headers['x-api-key'] = auth.key;
    if (auth.kind === 'basic')
      headers.authorization = `Basic ${Buffer.from(`${auth.user}:${auth.password}`).toString('base64')}`;
    if (auth.kind === 'query-token') query.token = auth.token;
    if (options.project) headers['x-project-id'] = options.project;
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    if (!this.closing) this.signal?.throwIfAborted();
    const url = this.url(path, query);
    const sent = options.body === undefined ? null : JSON.stringify(options.body);
    let response: Response;
    try {
      response = await this.#fetch(url, {
        method,
        headers,
        ...(sent !== null && { body: sent }),
        signal: AbortSignal.timeout(this.timeoutMs),
        redirect: 'manual',
      });
    } catch (error) {
      throw new TargetUnreachableError(this.baseUrl, causeOf(error));
    }
    const text = await response.text();
    let body: unknown = text;
    if ((response.headers.get('content-type') ?? '').includes('json') && text !== '') {
      try {
        body = JSON.parse(text);
      } catch {
        body = text;
      }
    }
    return {
      method,
      path,
      status: response.status,
      headers: response.headers,
      body,
      text,
      requestId: response.headers.get('x-request-id'),
      request: { url: url.href, headers, body: sent },
    };
  }
}

/** The system error code under a failed fetch (`ECONNREFUSED`), else its innermost message. */
export function causeOf(error: unknown): string {
  let at: unknown = error;
  let message = error instanceof Error ? error.message : String(error);
  for (let depth = 0; at instanceof Error && depth < 5; depth++) {
    const { code } = at as { code?: unknown };
    if (typeof code === 'string') return code;
    message = at.message;
    at = at.cause;
  }
  return message;
}

/** The record an answer holds: `data` of a v1 envelope, or the v2 body. */
export function recordOf(exchange: Exchange): Record<string, unknown> | undefined {
  const body = exchange.body as Record<string, unknown> | undefined;
  if (!body || typeof body !== 'object') return undefined;
  const record = exchange.path.startsWith('/api/v1/') ? body.data : body;
  return record && typeof record === 'object' && !Array.isArray(record)
    ? (record as Record<string, unknown>)
    : undefined;
}
