import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'vitest';

/** One request the receiver got. */
export interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  /** Real time it arrived. */
  at: number;
}

/** A real HTTP webhook receiver on 127.0.0.1, with scripted failures per path. */
export interface Receiver {
  url: string;
  received: Received[];
  /** The next `count` requests to `path` answer `status` (default 500); later ones answer 200. */
  failNext(path: string, count: number, status?: number): void;
  /** Requests to `path`, in arrival order. */
  at(path: string): Received[];
  close(): Promise<void>;
}

export async function startReceiver(): Promise<Receiver> {
  const received: Received[] = [];
  const failures = new Map<string, { left: number; status: number }>();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const path = req.url ?? '/';
      received.push({
        path,
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        at: Date.now(),
      });
      const failure = failures.get(path);
      if (failure && failure.left > 0) {
        failure.left--;
        res.writeHead(failure.status).end('not now');
        return;
      }
      res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    failNext(path, count, status = 500) {
      failures.set(path, { left: count, status });
    },
    at: (path) => received.filter((r) => r.path === path),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * Checks `X-Nimbus-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">` the way a
 * receiver would, with node:crypto (not the server's own code). Answers the timestamp.
 */
export function verifySignature(header: string | string[] | undefined, body: string, secret: string): number {
  expect(typeof header).toBe('string');
  const match = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(header as string);
  expect(match, `malformed signature header ${String(header)}`).not.toBeNull();
  const [, t, v1] = match!;
  const expected = createHmac('sha256', secret).update(`${t}.${body}`).digest();
  expect(timingSafeEqual(expected, Buffer.from(v1!, 'hex')), 'signature does not match').toBe(true);
  return Number(t);
}

/** Polls `check` until it answers something truthy (5 s at most). */
export async function eventually<T>(
  check: () => T | Promise<T>,
  what: string,
  timeoutMs = 5000,
): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value as NonNullable<T>;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
