import type { WebSocket } from 'ws';
import { APIConnectionError, APIError } from './errors';
import { type SocketHandlers, type StreamSocket, type WebSocketFactory, withoutQuery } from './websocket';

/** `ws`, loaded with the first stream: most programs (and every CLI command but one) open none. */
let loadingWs: Promise<typeof import('ws')> | undefined;

/**
 * The Node WebSocket (the `ws` package). Unlike a browser's, it can tell a refused upgrade
 * (401, 403, ...) from a network failure: that becomes an `APIError` with the server's status and
 * error body, which the event stream treats as final instead of reconnecting.
 */
export const nodeWebSocket: WebSocketFactory = (url, handlers) => {
  let socket: StreamSocket | undefined;
  let closing: [code?: number, reason?: string] | undefined;
  loadingWs ??= import('ws');
  loadingWs.then(
    ({ WebSocket }) => {
      socket = open(WebSocket, url, handlers);
      if (closing) socket.close(...closing);
    },
    (error: unknown) => {
      handlers.error(new APIConnectionError({ message: 'Cannot load the `ws` package', cause: error }));
      handlers.close(1006, 'ws not loaded');
    },
  );
  return {
    close(code, reason) {
      if (socket) socket.close(code, reason);
      else closing = [code, reason];
    },
  };
};

function open(Socket: typeof WebSocket, url: string, handlers: SocketHandlers): StreamSocket {
  const socket = new Socket(url);
  let refused = false;
  socket.on('open', () => handlers.open());
  socket.on('message', (data, isBinary) => {
    if (!isBinary) handlers.message(data.toString());
  });
  socket.on('unexpected-response', (request, response) => {
    refused = true;
    const chunks: Buffer[] = [];
    response.on('data', (chunk: Buffer) => chunks.push(chunk));
    response.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        // Not JSON: the text itself is the message.
      }
      const headers = new Headers();
      for (const [name, value] of Object.entries(response.headers)) {
        if (typeof value === 'string') headers.set(name, value);
      }
      handlers.error(APIError.generate(response.statusCode ?? 0, body, headers));
      request.destroy();
      handlers.close(1006, `Upgrade refused with ${response.statusCode}`);
    });
  });
  socket.on('error', (error) => {
    if (!refused)
      handlers.error(
        new APIConnectionError({ message: `WebSocket error on ${withoutQuery(url)}`, cause: error }),
      );
  });
  socket.on('close', (code, reason) => {
    if (!refused) handlers.close(code, reason.toString());
  });
  return {
    close(code, reason) {
      if (socket.readyState === Socket.CONNECTING) socket.terminate();
      else socket.close(code, reason);
    },
  };
}
