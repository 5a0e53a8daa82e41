import { APIConnectionError, NimbusError } from './errors';

/** What a socket reports; each callback runs at most as often as the protocol allows (one close). */
export interface SocketHandlers {
  open(): void;
  message(data: string): void;
  /** An error before `close`: an `APIError` when the server refused the upgrade with an HTTP status. */
  error(error: Error): void;
  close(code: number, reason: string): void;
}

export interface StreamSocket {
  close(code?: number, reason?: string): void;
}

/**
 * Opens a WebSocket. The SDK needs only this, so the same stream code runs over the browser's
 * `WebSocket` and over the `ws` package in Node (chosen by the package's entry point).
 */
export type WebSocketFactory = (url: string, handlers: SocketHandlers) => StreamSocket;

/** Browsers (and runtimes with a WHATWG WebSocket): `globalThis.WebSocket`. */
export const globalWebSocket: WebSocketFactory = (url, handlers) => {
  const Socket = globalThis.WebSocket;
  if (typeof Socket !== 'function') {
    throw new NimbusError('No global WebSocket in this runtime: pass `webSocket` in the Nimbus options.');
  }
  const socket = new Socket(url);
  socket.onopen = () => handlers.open();
  socket.onmessage = (event) => {
    if (typeof event.data === 'string') handlers.message(event.data);
  };
  // Browsers hide why a socket failed (a refused upgrade looks like a network error).
  socket.onerror = () =>
    handlers.error(new APIConnectionError({ message: `WebSocket error on ${withoutQuery(url)}` }));
  socket.onclose = (event) => handlers.close(event.code, event.reason);
  return { close: (code, reason) => socket.close(code, reason) };
};

/** A URL for messages: its query may hold a token. */
export function withoutQuery(url: string): string {
  const at = url.indexOf('?');
  return at === -1 ? url : url.slice(0, at);
}
