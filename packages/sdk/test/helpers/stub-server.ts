import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request as the stub server saw it. */
export interface RecordedRequest {
  method: string;
  /** Path and query, e.g. `/api/v1/instances?page=2`. */
  url: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  body: string;
  /** Milliseconds since the server started, for "waited at least" checks. */
  receivedAt: number;
}

export interface Reply {
  status: number;
  /** A string is sent as is; anything else as JSON. */
  body?: unknown;
  headers?: Record<string, string>;
  /** Wait this long before answering (to provoke timeouts and aborts). */
  delayMs?: number;
}

export type Handler = (request: RecordedRequest) => Reply | Promise<Reply>;

export interface StubServer {
  url: string;
  requests: RecordedRequest[];
  close(): Promise<void>;
}

/** A real HTTP server on 127.0.0.1 and an ephemeral port that answers from `handler`. */
export async function startStubServer(handler: Handler): Promise<StubServer> {
  const requests: RecordedRequest[] = [];
  const started = performance.now();
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const url = new URL(req.url ?? '/', 'http://stub.invalid');
    const recorded: RecordedRequest = {
      method: req.method ?? 'GET',
      url: req.url ?? '/',
      path: url.pathname,
      query: url.searchParams,
      headers: req.headers,
      body: Buffer.concat(chunks).toString('utf8'),
      receivedAt: performance.now() - started,
    };
    requests.push(recorded);
    let reply: Reply;
    try {
      reply = await handler(recorded);
    } catch (error) {
      reply = { status: 599, body: `stub handler failed: ${String(error)}` };
    }
    if (reply.delayMs) await new Promise((resolve) => setTimeout(resolve, reply.delayMs));
    if (res.destroyed) return;
    const isText = typeof reply.body === 'string';
    const payload =
      reply.body === undefined ? '' : isText ? (reply.body as string) : JSON.stringify(reply.body);
    const headers: Record<string, string> = { ...reply.headers };
    if (payload !== '') headers['content-type'] ??= isText ? 'text/plain' : 'application/json';
    res.writeHead(reply.status, headers);
    res.end(payload);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise((resolve) => {
        // The SDK keeps connections alive; drop them so close() does not wait for their idle timeout.
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Answers the given replies in order, then 599 so an unexpected extra request fails the test loudly. */
export function sequence(...replies: Reply[]): Handler {
  let next = 0;
  return () => replies[next++] ?? { status: 599, body: `unexpected request #${next}` };
}

/** A v1 success envelope. */
export function ok(data: unknown, meta: Record<string, unknown> = {}, status = 200): Reply {
  return {
    status,
    body: { success: true, data, meta: { request_id: 'req_meta', ...meta } },
    headers: { 'x-request-id': 'req_header' },
  };
}

/** A v1 error envelope. */
export function fail(
  status: number,
  code: string,
  message: string,
  details?: unknown,
  headers: Record<string, string> = {},
): Reply {
  return {
    status,
    body: { success: false, error: { code, message, details } },
    headers: { 'x-request-id': `req_${status}`, ...headers },
  };
}

export interface StallingServer {
  /** A URL on the server; any path answers the same way. */
  url: string;
  close(): void;
}

/** A server that sends the headers and half a JSON body, then nothing (for time budgets). */
export async function startStallingServer(): Promise<StallingServer> {
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' });
    res.write('{"half":');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/slow`,
    close() {
      server.closeAllConnections();
      server.close();
    },
  };
}
