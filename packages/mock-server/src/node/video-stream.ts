import type { IncomingMessage } from 'node:http';
import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { VideoEvent } from '@nimbus/sdk/contract';
import { ErrorCode } from '@nimbus/sdk/contract/common';
import { VIDEO_EVENT_STREAM_PATH } from '@nimbus/sdk/contract/v2/events';
import type { WebSocket, WebSocketServer } from 'ws';
import type { App } from '../core/pipeline/app';
import { HttpError } from '../core/pipeline/http-error';
import { refusalOf } from '../core/pipeline/stages/origin-policy';
import { onFirstUse } from '../core/services/on-first-use';
import type { Runtime } from '../core/services/runtime';
import { publicEvent, Replay } from '../families/v2/events/log';
import { authorizeStream, subscribeLive } from '../families/v2/events/stream';
import { type StreamConnection, videoServices } from '../families/v2/services';
import { type NodeExtension, requestOf } from './http-adapter';
import { LiveFanout } from './live-fanout';

/** Stored events sent per replay step. */
const REPLAY_CHUNK = 100;
/** How long a replay may wait for a client to read before it counts as too slow. */
const REPLAY_STALL_MS = 5_000;
/** Grace for the close handshake of a cut-off client before its socket is dropped. */
const CLOSE_GRACE_MS = 2_000;

/**
 * `GET /v2/ws/events?token=` (docs/decisions/0006-video-service.md): authenticated at the upgrade (401/403/400/404
 * answered as plain HTTP), then `{ v: 2, data: Event }` messages of the caller's tenant.
 */
export const videoEventStream: NodeExtension = {
  upgrade(app: App) {
    const runtime = app.runtime;
    const heartbeats = new Map<StreamConnection, () => void>();
    const timer = setInterval(() => {
      for (const beat of [...heartbeats.values()]) beat();
    }, runtime.config.streamPingIntervalMs);
    timer.unref();
    // Made at the first upgrade: many runs never open a stream, and loading ws adds to start-up.
    let wss: WebSocketServer | undefined;
    const webSocketServer = onFirstUse(async () => {
      const { WebSocketServer } = await import('ws');
      // No permessage-deflate: live events are written as ready-made frames (live-fanout.ts).
      wss = new WebSocketServer({ noServer: true, maxPayload: 4096, perMessageDeflate: false });
      return wss;
    });
    const fanout = new LiveFanout(videoServices(runtime).bus);
    runtime.onClose(() => {
      clearInterval(timer);
      fanout.close();
      for (const connection of [...videoServices(runtime).streams]) connection.terminate();
      wss?.close();
    });

    return (req, socket, head) => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      if (url.pathname !== VIDEO_EVENT_STREAM_PATH) return false;
      socket.on('error', () => socket.destroy());
      // Browsers let any page open a WebSocket anywhere: the Host and the page's Origin decide.
      const refusal = refusalOf(requestOf(req, null).headers, url.host, runtime.config);
      if (refusal) {
        refuse(runtime, socket, refusal);
        return true;
      }
      open(runtime, webSocketServer, fanout, heartbeats, req, socket, head, url).catch((error) =>
        refuse(runtime, socket, error),
      );
      return true;
    };
  },
};

async function open(
  runtime: Runtime,
  webSocketServer: () => Promise<WebSocketServer>,
  fanout: LiveFanout,
  heartbeats: Map<StreamConnection, () => void>,
  req: IncomingMessage,
  socket: Duplex,
  head: Buffer,
  url: URL,
): Promise<void> {
  const { tenantId, filter } = await authorizeStream(runtime, requestOf(req, null), url);
  const wss = await webSocketServer();
  if (socket.destroyed) return;

  const services = videoServices(runtime);
  const live = subscribeLive(runtime, { tenantId, filter });
  let leave = () => {};
  const unsubscribe = () => {
    live.unsubscribe();
    leave();
  };
  // A handshake that `ws` rejects never reaches the callback below; the socket still closes.
  socket.once('close', unsubscribe);

  wss.handleUpgrade(req, socket, head, (ws) => {
    const { streamMaxBufferedBytes: maxBuffered, logger } = runtime.config;
    const connection: StreamConnection = { tenantId, terminate: () => ws.terminate() };
    let alive = true;
    services.streams.add(connection);
    heartbeats.set(connection, () => {
      if (!alive) {
        logger.info('video stream dropped: no pong', { tenant_id: tenantId });
        ws.terminate();
        return;
      }
      alive = false;
      ws.ping();
    });
    ws.on('pong', () => {
      alive = true;
    });
    ws.on('error', () => ws.terminate());
    ws.on('close', () => {
      unsubscribe();
      services.streams.delete(connection);
      heartbeats.delete(connection);
    });
    logger.info('video stream opened', { tenant_id: tenantId, ...filter });

    const cutOff = () => {
      unsubscribe();
      logger.warn('video stream cut off: client too slow', {
        tenant_id: tenantId,
        buffered: ws.bufferedAmount,
      });
      ws.close(1013, 'Too slow: events were not read in time');
      setTimeout(() => ws.terminate(), CLOSE_GRACE_MS).unref();
    };
    const send = (event: VideoEvent) => ws.send(frameOf(event), { binary: false });
    // The fan-out's flushes are whole frames, written under ws (which has no frame half sent).
    const member = {
      write(bytes: Buffer) {
        if (ws.readyState !== ws.OPEN) return;
        if (ws.bufferedAmount > maxBuffered) cutOff();
        else socket.write(bytes);
      },
    };

    void (async () => {
      // The replay reads the store a chunk at a time and yields between chunks, so a long one
      // does not stall the server; events recorded meanwhile are both stored and pending, and
      // `replay.sent` keeps them from going out twice.
      const replay = new Replay(runtime.store, tenantId, filter);
      for (let rows = replay.next(REPLAY_CHUNK); rows.length > 0; rows = replay.next(REPLAY_CHUNK)) {
        for (const row of rows) send(publicEvent(row));
        if (ws.bufferedAmount > maxBuffered && !(await drained(ws, maxBuffered / 2))) return cutOff();
        await new Promise((resolve) => setImmediate(resolve));
        if (ws.readyState !== ws.OPEN) return;
      }
      // What was published during the replay goes out now; from here on, the shared flushes.
      live.goLive(send, replay.sent);
      live.unsubscribe();
      if (ws.readyState === ws.OPEN) leave = fanout.join(tenantId, filter, member);
    })();
  });
}

/** The message of a replayed event (live ones are framed by the fan-out). */
function frameOf(event: VideoEvent): Buffer {
  return Buffer.from(JSON.stringify({ v: 2, data: event }));
}

/**
 * Waits until the client has read enough of what is queued, or gives up after REPLAY_STALL_MS
 * of real time (a socket's pace, not the simulated clock's).
 */
async function drained(ws: WebSocket, below: number): Promise<boolean> {
  const deadline = Date.now() + REPLAY_STALL_MS;
  while (ws.bufferedAmount > below) {
    if (ws.readyState !== ws.OPEN || Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return true;
}

/** Answers a refused upgrade as plain HTTP (the v2 error body) and closes the socket. */
function refuse(runtime: Runtime, socket: Duplex, error: unknown): void {
  const failure =
    error instanceof HttpError ? error : HttpError.of(ErrorCode.INTERNAL_ERROR, 'Internal server error');
  if (!(error instanceof HttpError))
    runtime.config.logger.error('video stream failed', { error: String(error) });
  else runtime.config.logger.info('video stream refused', { status: failure.status, code: failure.code });
  if (socket.destroyed) return;
  const body = JSON.stringify({
    error: {
      code: failure.code,
      message: failure.message,
      ...(failure.details !== undefined && { details: failure.details }),
    },
  });
  const head = [
    `HTTP/1.1 ${failure.status} ${STATUS_CODES[failure.status] ?? ''}`,
    'Connection: close',
    'Content-Type: application/json; charset=utf-8',
    `Content-Length: ${Buffer.byteLength(body)}`,
    ...Object.entries(failure.headers).map(([name, value]) => `${name}: ${value}`),
  ];
  socket.end(`${head.join('\r\n')}\r\n\r\n${body}`);
}
