import type { VideoEvent } from '@nimbus/sdk/contract';
import { VIDEO_EVENT_STREAM_PATH } from '@nimbus/sdk/contract/v2/events';
import type { WebSocketHandler, WebSocketHandlerConnection } from 'msw';
import { ws } from 'msw/core/ws';
import type { App } from '../core/pipeline/app';
import { HttpError } from '../core/pipeline/http-error';
import type { Runtime } from '../core/services/runtime';
import { publicEvent, Replay } from '../families/v2/events/log';
import { authorizeStream, subscribeLive } from '../families/v2/events/stream';
import { type StreamConnection, videoServices } from '../families/v2/services';

type MockedClient = WebSocketHandlerConnection['client'];

/** Stored events sent per replay step; the replay yields between steps. */
const REPLAY_CHUNK = 100;
/**
 * A browser cannot see the HTTP status of a refused WebSocket, so a refusal closes the socket
 * with 4000 + the status (4401, 4403, 4400, 4404) and `<error code>: <message>` as the reason.
 */
const REFUSAL_CLOSE_BASE = 4000;
/** Close reasons are limited to 123 bytes by the protocol. */
const MAX_REASON_BYTES = 123;

/**
 * `/v2/ws/events` through msw's WebSocket interception: the same checks and the same
 * `{ v: 2, data: Event }` messages as the Node server's stream, replay (`since`) included.
 * `origin` as in `createNimbusHandlers`: `''` for the page's own host, `'*'` for any host.
 */
export function videoEventStreamLink(app: App, origin: string): WebSocketHandler {
  const runtime = app.runtime;
  const open = new Set<StreamConnection>();
  runtime.onClose(() => {
    for (const connection of [...open]) connection.terminate();
  });
  return ws.link(streamUrl(origin)).addEventListener('connection', ({ client }) => {
    serve(runtime, client, open).catch((error) => refuse(runtime, client, error));
  });
}

function streamUrl(origin: string): string | RegExp {
  if (origin === '' || origin === '*') return /^wss?:\/\/[^/]+\/v2\/ws\/events(?:\?.*)?$/;
  return `${origin.replace(/^http/, 'ws')}${VIDEO_EVENT_STREAM_PATH}`;
}

async function serve(runtime: Runtime, client: MockedClient, open: Set<StreamConnection>): Promise<void> {
  const url = new URL(client.url);
  const { tenantId, filter } = await authorizeStream(
    runtime,
    { method: 'GET', url: url.href, headers: new Headers() },
    url,
  );
  const services = videoServices(runtime);
  const live = subscribeLive(runtime, { tenantId, filter });
  let closed = false;
  const connection: StreamConnection = { tenantId, terminate: () => client.close(1001, 'Server closing') };
  services.streams.add(connection);
  open.add(connection);
  client.addEventListener('close', () => {
    closed = true;
    live.unsubscribe();
    services.streams.delete(connection);
    open.delete(connection);
  });

  const send = (event: VideoEvent) => client.send(JSON.stringify({ v: 2, data: event }));
  const replay = new Replay(runtime.store, tenantId, filter);
  for (let rows = replay.next(REPLAY_CHUNK); rows.length > 0 && !closed; rows = replay.next(REPLAY_CHUNK)) {
    for (const row of rows) send(publicEvent(row));
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
  if (closed) return;
  live.goLive(send, replay.sent);
}

function refuse(runtime: Runtime, client: MockedClient, error: unknown): void {
  const failure = error instanceof HttpError ? error : undefined;
  if (!failure) runtime.config.logger.error('video stream failed', { error: String(error) });
  const status = failure?.status ?? 500;
  const message = failure ? `${failure.code}: ${failure.message}` : 'INTERNAL_ERROR: Internal server error';
  const reason = truncateUtf8(message, MAX_REASON_BYTES);
  client.close(REFUSAL_CLOSE_BASE + status, reason);
}

function truncateUtf8(text: string, maxBytes: number): string {
  const encoder = new TextEncoder();
  let out = text;
  while (encoder.encode(out).byteLength > maxBytes) out = out.slice(0, -1);
  return out;
}
