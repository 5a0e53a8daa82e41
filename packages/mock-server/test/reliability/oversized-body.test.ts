import { mkdtemp, rm } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { APIConnectionError, Nimbus, PayloadTooLargeError } from '@nimbus/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHILD_SERVER } from './support/global-setup';
import { type ChildServer, startChild } from './support/http';

const MiB = 1024 * 1024;
const TRIES = 20;

// The server runs in a process of its own: in one process the client reads the 413 before the
// reset arrives, and the bug this covers (the answer lost to a reset connection) does not show.
let dir: string;
let server: ChildServer;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'nimbus-oversized-'));
  server = await startChild(CHILD_SERVER, [join(dir, 'state.json')]);
});
afterAll(async () => {
  server?.process.kill();
  await server?.exited;
  await rm(dir, { recursive: true, force: true });
});

/** A register body with a password of `bytes` characters: well-formed, only too large. */
function registration(bytes: number) {
  return { email: 'big@example.com', password: 'x'.repeat(bytes), full_name: 'Big' };
}

/** How many of `TRIES` sends got the 413 (the others lost the answer to a reset connection). */
async function count413(send: () => Promise<number | 'reset'>): Promise<number> {
  let answered = 0;
  for (let i = 0; i < TRIES; i++) if ((await send()) === 413) answered++;
  return answered;
}

describe.each([2, 10])('a %i MiB body', (mebibytes) => {
  it('gets its 413 through fetch', async () => {
    const body = JSON.stringify(registration(mebibytes * MiB));
    const answered = await count413(async () => {
      try {
        const res = await fetch(`${server.url}/api/v1/auth/register`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body,
        });
        const envelope = await res.json();
        expect(envelope.error.code).toBe('PAYLOAD_TOO_LARGE');
        return res.status;
      } catch {
        return 'reset';
      }
    });
    expect(answered).toBeGreaterThanOrEqual(TRIES - 1);
  });

  it('raises PayloadTooLargeError through the SDK, without a retry', async () => {
    let sent413 = 0;
    const client = new Nimbus({
      baseUrl: server.url,
      maxRetries: 2,
      fetch: async (input, init) => {
        const res = await fetch(input, init);
        if (res.status === 413) sent413++;
        return res;
      },
    });
    const input = registration(mebibytes * MiB);
    const answered = await count413(async () => {
      const error = await client.auth
        .register(input, { idempotencyKey: crypto.randomUUID() })
        .catch((e: unknown) => e);
      if (error instanceof APIConnectionError) return 'reset';
      expect(error).toBeInstanceOf(PayloadTooLargeError);
      return (error as PayloadTooLargeError).status;
    });
    expect(answered).toBeGreaterThanOrEqual(TRIES - 1);
    // A 413 is final, even for a call an idempotency key made safe to repeat.
    expect(sent413).toBe(answered);
  });
});

/**
 * Sends a body of `size` bytes on a raw socket, announced (Content-Length) or streamed (chunked),
 * and keeps sending until the server answers or cuts the connection, as a client uploading a large
 * file does; resolves with every byte it received.
 */
function sendLargeBody(url: string, size: number, framing: 'announced' | 'chunked'): Promise<string> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect({ host: hostname, port: Number(port) });
    const received: Buffer[] = [];
    const piece = Buffer.alloc(256 * 1024, 'x');
    const chunk =
      framing === 'chunked'
        ? Buffer.concat([Buffer.from(`${piece.byteLength.toString(16)}\r\n`), piece, Buffer.from('\r\n')])
        : piece;
    let sent = 0;
    const pump = () => {
      while (sent < size && !socket.destroyed && !socket.writableEnded) {
        sent += piece.byteLength;
        if (!socket.write(chunk)) return;
      }
    };
    const framingHeader = framing === 'chunked' ? 'Transfer-Encoding: chunked' : `Content-Length: ${size}`;
    socket.on('connect', () => {
      socket.write(
        `POST /api/v1/auth/register HTTP/1.1\r\nHost: ${hostname}:${port}\r\n` +
          `Content-Type: application/json\r\n${framingHeader}\r\n\r\n`,
      );
      pump();
    });
    socket.on('drain', pump);
    socket.on('data', (data: Buffer) => received.push(data));
    socket.on('error', () => {});
    socket.on('close', () => resolve(Buffer.concat(received).toString('latin1')));
  });
}

describe.each([
  ['announced', 64 * MiB],
  ['announced', 1024 * MiB],
  ['chunked', 64 * MiB],
] as const)('a body %s as %i bytes', (framing, size) => {
  it('gets its 413 in the error envelope before the connection closes', async () => {
    for (let i = 0; i < 5; i++) {
      const answer = await sendLargeBody(server.url, size, framing);
      expect(answer).toMatch(/^HTTP\/1\.1 413 /);
      const envelope = JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4));
      expect(envelope).toMatchObject({ success: false, error: { code: 'PAYLOAD_TOO_LARGE' } });
    }
  });
});
