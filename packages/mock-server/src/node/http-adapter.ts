import {
  createServer,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { Duplex } from 'node:stream';
import { bodyPieces, pieceInterval } from '../adapters/fault-delivery';
import type { App } from '../core/pipeline/app';
import {
  type BodyParts,
  type BufferedRequest,
  type HeaderReader,
  partsByteLength,
} from '../core/pipeline/request';

export type UpgradeHandler = (request: IncomingMessage, socket: Duplex, head: Buffer) => boolean;

/** Extra pieces (WebSocket upgrades) that Node-only families attach to the HTTP server. */
export interface NodeExtension {
  upgrade?(app: App): UpgradeHandler;
}

export interface NodeServerOptions {
  /** Tried in order on `Upgrade` requests; one that returns true took the socket. */
  upgradeHandlers?: UpgradeHandler[];
  /** Whole-request deadline, against slow clients (default 30 s). */
  requestTimeoutMs?: number;
  /** Deadline for the request headers, against clients that trickle them (slowloris; default 10 s). */
  headersTimeoutMs?: number;
  /** Largest request head in bytes (default 16 KiB); larger answers 431. */
  maxHeaderSize?: number;
}

/** Answers to requests Node could not parse: too-large headers, too slow, or malformed. */
const CLIENT_ERRORS: Record<string, string> = {
  HPE_HEADER_OVERFLOW: '431 Request Header Fields Too Large',
  ERR_HTTP_REQUEST_TIMEOUT: '408 Request Timeout',
};

/** A node:http server that hands every request to the app's fetch handler. */
export function createNodeServer(app: App, options: NodeServerOptions = {}): Server {
  const requestTimeout = options.requestTimeoutMs ?? 30_000;
  const requestDeadline = requestTimeout || Number.POSITIVE_INFINITY; // 0 switches it off
  // Node refuses a headers deadline later than the whole-request one.
  const headersTimeout = Math.min(options.headersTimeoutMs ?? 10_000, requestDeadline);
  const server = createServer(
    {
      requestTimeout,
      headersTimeout,
      // Node enforces both deadlines only when it checks its connections (every 30 s by default).
      connectionsCheckingInterval: Math.max(50, Math.min(1_000, headersTimeout / 4, requestDeadline / 4)),
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
  server.on('clientError', (error: NodeJS.ErrnoException, socket) => {
    const status = CLIENT_ERRORS[error.code ?? ''] ?? '400 Bad Request';
    if (socket.writable) socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
    else socket.destroy();
  });
  return server;
}

async function serve(app: App, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
  const body = hasBody ? await readBody(req, app.runtime.config.maxBodyBytes) : null;
  const request = requestOf(req, body);
  const reply = await app.handle(request);
  const delivery = app.faults.deliveryOf(request);
  if (delivery?.dropConnection) {
    req.socket.destroy();
    return;
  }
  // The headers are complete before anything is awaited: the request journal keeps them as they
  // are at the end of this turn.
  const headers: Record<string, string> = reply.headers;
  if (reply.body !== null) headers['content-length'] = String(bodyLength(reply.body, reply.parts));
  // An answer given before the body was read whole (413): a socket closed with the client's bytes
  // unread is reset, and the client loses the answer with it. Read the rest first, then close;
  // past the drain's bounds, answer and close lingering.
  if (!req.complete) {
    headers.connection = 'close';
    if (!(await drained(req))) closeLingering(req);
  }
  if (reply.body === null) {
    res.writeHead(reply.status, headers);
    res.end();
    return;
  }
  res.writeHead(reply.status, headers);
  if (delivery?.slowBodyMs && req.method !== 'HEAD') await writeSlowly(res, reply.body, delivery.slowBodyMs);
  else res.end(req.method === 'HEAD' ? undefined : reply.body);
}

/** The body's length in bytes: of a body of kept texts, from their lengths counted before. */
function bodyLength(body: string | Uint8Array, parts: BodyParts | undefined): number {
  if (typeof body !== 'string') return body.byteLength;
  return (parts && partsByteLength(parts)) ?? Buffer.byteLength(body);
}

/** A fault's slow body: the pieces over `totalMs`, stopping when the client leaves. */
async function writeSlowly(res: ServerResponse, body: string | Uint8Array, totalMs: number): Promise<void> {
  const pieces = bodyPieces(body);
  const interval = pieceInterval(pieces.length, totalMs);
  for (const piece of pieces) {
    await new Promise((resolve) => setTimeout(resolve, interval));
    if (res.destroyed) return;
    res.write(piece);
  }
  res.end();
}

/**
 * The request as the core reads it, without a Fetch `Request`: the URL, the headers, the body
 * already in memory and the client's address. Node's own header object serves lookups unless a
 * name repeats (Node keeps only the first of some repeated headers, Fetch joins them all: then a
 * `Headers` is built).
 */
export function requestOf(req: IncomingMessage, body: Uint8Array | null): BufferedRequest {
  const authority = absoluteFormAuthority(req.url);
  return {
    method: req.method ?? 'GET',
    url: urlOf(req, authority),
    headers: authority === undefined ? headersOf(req) : headersWithHost(req, authority),
    bufferedBody: body,
    // The connection's peer, never X-Forwarded-For: a client can write any address there.
    clientAddress: req.socket.remoteAddress,
  };
}

/**
 * The absolute URL of a request, always one the core can parse: the Host header and the target
 * are the client's word (`Host: bad host`, `OPTIONS *`, an absolute-form target), so what does
 * not parse falls back to `localhost` and `/` rather than failing the request with a 500.
 */
function urlOf(req: IncomingMessage, authority: string | undefined): string {
  let target = req.url ?? '/';
  const host = authority ?? req.headers.host ?? 'localhost';
  // The usual case needs no parsing (three URL parses were a tenth of a small request's cost):
  // a plain name or IPv4 address with a valid port cannot change the path or fail to parse.
  if (target.startsWith('/') && isPlainHost(host)) return `http://${host}${target}`;
  if (!target.startsWith('/')) target = URL.canParse(target) ? pathAndQuery(new URL(target)) : '/';
  const url = `http://${host}${target}`;
  return URL.canParse(url) && new URL(url).pathname === pathOnly(target) ? url : `http://localhost${target}`;
}

/** Host headers that always parse and cannot change the path: a dotted-quad IPv4 or a DNS name. */
const IPV4_HOST =
  /^(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(?::(\d{1,5}))?$/;
const NAME_HOST = /^(?:[A-Za-z0-9-]+\.)*[A-Za-z][A-Za-z0-9-]*(?::(\d{1,5}))?$/;
function isPlainHost(host: string): boolean {
  // Punycode labels may not decode; a last label of digits would be read as an IPv4 address.
  const match = IPV4_HOST.exec(host) ?? (/xn--/i.test(host) ? null : NAME_HOST.exec(host));
  return match !== null && (match[1] === undefined || Number(match[1]) <= 65_535);
}

const pathAndQuery = (url: URL) => `${url.pathname}${url.search}`;
/** The target as the URL parser reads its path, to spot a Host header that changed it. */
const pathOnly = (target: string) => new URL(`http://localhost${target}`).pathname;

/**
 * The host of an absolute-form target (`GET http://name/path`), which a proxy sends: RFC 9112
 * (section 3.2.2) has the server take it over the Host header, so the Host checks read this one.
 */
function absoluteFormAuthority(target: string | undefined): string | undefined {
  if (target === undefined || target.startsWith('/') || target === '*') return undefined;
  if (!URL.canParse(target)) return undefined;
  const url = new URL(target);
  return url.protocol === 'http:' || url.protocol === 'https:' ? url.host : undefined;
}

function headersWithHost(req: IncomingMessage, authority: string): Headers {
  const headers = new Headers();
  headersOf(req).forEach((value, name) => {
    if (name.toLowerCase() !== 'host') headers.append(name, value);
  });
  headers.set('host', authority);
  return headers;
}

function headersOf(req: IncomingMessage): HeaderReader {
  const names = req.headers;
  if (Object.keys(names).length * 2 === req.rawHeaders.length)
    return new IncomingHeaders(names, req.rawHeaders);
  const headers = new Headers();
  const raw = req.rawHeaders;
  for (let i = 0; i < raw.length; i += 2) {
    try {
      headers.append(raw[i]!, raw[i + 1]!);
    } catch {
      // A header Fetch refuses is dropped rather than failing the request.
    }
  }
  return headers;
}

/** Node's header object read as Fetch reads headers, for a request that repeats no header name. */
class IncomingHeaders implements HeaderReader {
  constructor(
    readonly names: IncomingHttpHeaders,
    readonly raw: readonly string[],
  ) {}

  get(name: string): string | null {
    const value = this.names[name.toLowerCase()];
    return value === undefined ? null : Array.isArray(value) ? value.join(', ') : value;
  }

  has(name: string): boolean {
    return this.names[name.toLowerCase()] !== undefined;
  }

  forEach(callback: (value: string, name: string) => void): void {
    for (const [name, value] of Object.entries(this.names)) {
      if (value !== undefined) callback(Array.isArray(value) ? value.join(', ') : value, name);
    }
  }
}

/** How much of a refused body is read and dropped so that its answer arrives, and for how long. */
const DRAIN_MAX_BYTES = 32 * 1024 * 1024;
const DRAIN_MAX_MS = 5_000;

/**
 * Reads the rest of a body the server will not use, dropping it: true once it ended, false
 * past the bounds (the caller then answers and cuts the connection) or when the client left.
 */
function drained(req: IncomingMessage): Promise<boolean> {
  if (req.complete) return Promise.resolve(true);
  // A length announced past the bound is not waited for: the answer goes now, then the close.
  if (Number(req.headers['content-length'] ?? '0') > DRAIN_MAX_BYTES) return Promise.resolve(false);
  return new Promise((resolve) => {
    let size = 0;
    const finish = (ended: boolean) => {
      clearTimeout(timer);
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('close', onClose);
      req.pause();
      resolve(ended);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.byteLength;
      if (size > DRAIN_MAX_BYTES) finish(false);
    };
    const onEnd = () => finish(true);
    const onClose = () => finish(req.complete);
    const timer = setTimeout(() => finish(false), DRAIN_MAX_MS);
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('close', onClose);
    req.resume();
  });
}

/** How long a connection stays open for reading after its answer to a body it refused. */
const LINGER_MS = 2_000;

/**
 * A lingering close (nginx's `lingering_close`), for a body too large to drain: once the answer
 * is written, send FIN and keep reading and dropping what the client still sends, then destroy.
 * The client, busy writing, reads the answer meanwhile; a socket destroyed with unread bytes
 * would send a reset, which discards the answer in the client's receive buffer.
 */
function closeLingering(req: IncomingMessage): void {
  const socket = req.socket;
  // Node ends a `Connection: close` socket with `destroySoon` once the answer is written.
  socket.destroySoon = () => {
    socket.end();
    const timer = setTimeout(() => socket.destroy(), LINGER_MS);
    socket.once('close', () => clearTimeout(timer));
    req.resume();
  };
}

/**
 * Reads the body into memory, up to one chunk past `maxBytes`: enough for the core to answer 413,
 * without keeping the rest (`drained` reads it away before the answer). A declared length past the
 * limit is refused by the core before any body is needed.
 */
function readBody(req: IncomingMessage, maxBytes: number): Promise<Uint8Array | null> {
  if (Number(req.headers['content-length'] ?? '0') > maxBytes) return Promise.resolve(null);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const stop = () => {
      req.off('data', onData);
      req.off('end', done);
      req.off('error', fail);
      req.off('close', cut);
    };
    const done = () => {
      stop();
      resolve(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size));
    };
    const fail = (error: Error) => {
      stop();
      reject(error);
    };
    // A client gone before the end of its body (or cut off by the request deadline).
    const cut = () => fail(new Error('The request was closed before its body ended'));
    const onData = (chunk: Buffer) => {
      chunks.push(chunk);
      size += chunk.byteLength;
      if (size > maxBytes) {
        req.pause();
        done();
      }
    };
    req.on('data', onData);
    req.on('end', done);
    req.on('error', fail);
    req.on('close', cut);
  });
}
