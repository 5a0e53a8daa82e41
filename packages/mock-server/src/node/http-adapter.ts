import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { Readable } from 'node:stream';
import type { App } from '../core/app';

export type UpgradeHandler = (request: IncomingMessage, socket: Duplex, head: Buffer) => boolean;

export interface NodeServerOptions {
  /** Tried in order on `Upgrade` requests; one that returns true took the socket. */
  upgradeHandlers?: UpgradeHandler[];
  /** Whole-request deadline, against slow clients. */
  requestTimeoutMs?: number;
  headersTimeoutMs?: number;
  maxHeaderSize?: number;
}

/** A node:http server that hands every request to the app's fetch handler. */
export function createNodeServer(app: App, options: NodeServerOptions = {}): Server {
  const server = createServer(
    {
      requestTimeout: options.requestTimeoutMs ?? 30_000,
      headersTimeout: options.headersTimeoutMs ?? 10_000,
      maxHeaderSize: options.maxHeaderSize ?? 16 * 1024,
      keepAliveTimeout: 5_000,
    },
    (req, res) => {
      serve(app, req, res).catch((error) => {
        if (!res.headersSent) {
          res.writeHead(500, { 'content-type': 'application/json' });
          res.end(
            JSON.stringify({
              success: false,
              error: { code: 'INTERNAL_ERROR', message: 'Internal server error' },
            }),
          );
        } else {
          res.destroy(error as Error);
        }
      });
    },
  );
  server.on('upgrade', (req, socket, head) => {
    for (const handler of options.upgradeHandlers ?? []) if (handler(req, socket, head)) return;
    socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
  });
  server.on('clientError', (_error, socket) => {
    if (socket.writable)
      socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
  });
  return server;
}

async function serve(app: App, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const request = toRequest(req);
  const response = await app.fetch(request);
  const headers: Record<string, string | string[]> = {};
  response.headers.forEach((value, key) => {
    if (key === 'set-cookie') return;
    headers[key] = value;
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) headers['set-cookie'] = cookies;
  // An answer given before the body was read (413, 401...) leaves bytes on the socket: close it.
  if (!req.complete) headers.connection = 'close';
  res.writeHead(response.status, headers);
  if (!response.body || req.method === 'HEAD') {
    res.end();
    return;
  }
  const body = Readable.fromWeb(response.body as import('node:stream/web').ReadableStream);
  body.on('error', (error) => res.destroy(error));
  body.pipe(res);
}

export function toRequest(req: IncomingMessage): Request {
  const host = req.headers.host ?? 'localhost';
  const url = new URL(req.url ?? '/', `http://${host}`);
  const headers = new Headers();
  const raw = req.rawHeaders;
  for (let i = 0; i < raw.length; i += 2) {
    try {
      headers.append(raw[i]!, raw[i + 1]!);
    } catch {
      // A header Fetch refuses is dropped rather than failing the request.
    }
  }
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
  return new Request(url, {
    method: req.method,
    headers,
    body: hasBody ? (Readable.toWeb(req) as unknown as ReadableStream) : undefined,
    // @ts-expect-error: `duplex` is required by Node's fetch for streamed bodies but missing from the DOM types
    duplex: 'half',
  });
}
