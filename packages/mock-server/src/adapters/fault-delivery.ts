import { type Reply, toResponse } from '../core/pipeline/request';
import type { FaultDelivery } from '../core/services/faults';

/** Pieces a slow body is sent in: enough to see progress, few enough to stay cheap. */
const SLOW_BODY_PIECES = 10;

/** The body of a reply cut into pieces, for a fault's `slow_body_ms`. */
export function bodyPieces(body: string | Uint8Array): Uint8Array[] {
  const bytes = typeof body === 'string' ? new TextEncoder().encode(body) : body;
  const size = Math.max(1, Math.ceil(bytes.byteLength / SLOW_BODY_PIECES));
  const pieces: Uint8Array[] = [];
  for (let offset = 0; offset < bytes.byteLength; offset += size)
    pieces.push(bytes.subarray(offset, offset + size));
  return pieces;
}

/** How long to wait before each piece, so the last arrives `totalMs` after the head. */
export function pieceInterval(pieces: number, totalMs: number): number {
  return totalMs / Math.max(1, pieces);
}

/**
 * A reply as a Fetch `Response`, delivered as a fault says: a dropped connection becomes
 * `Response.error()` (msw reports a network error; `inProcessFetch` rejects with a TypeError),
 * a slow body a stream whose pieces arrive over `slowBodyMs`.
 */
export function faultedResponse(reply: Reply, delivery: FaultDelivery | undefined): Response {
  if (delivery?.dropConnection) return Response.error();
  if (!delivery?.slowBodyMs || reply.body === null) return toResponse(reply);
  const pieces = bodyPieces(reply.body);
  const interval = pieceInterval(pieces.length, delivery.slowBodyMs);
  let next = 0;
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      await new Promise((resolve) => setTimeout(resolve, interval));
      controller.enqueue(pieces[next++]!);
      if (next === pieces.length) controller.close();
    },
  });
  return new Response(stream, { status: reply.status, headers: reply.headers });
}
