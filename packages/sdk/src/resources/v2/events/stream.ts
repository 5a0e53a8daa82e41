import { APIConnectionError, APIError, NimbusError } from '../../../core/errors';
import type { StreamSocket, WebSocketFactory } from '../../../core/websocket';
import type { VideoEvent, VideoEventType } from '../../../generated/types';

export interface EventStreamOptions {
  /** Only events of this camera (the stream's `camera_id`, as in `events.list()`). */
  camera_id?: string;
  /** Only events of these types. */
  types?: VideoEventType[];
  /** Replay stored events from this time (inclusive) before the live ones. */
  since?: string | Date;
  /** Reconnect after the connection drops; default true. */
  reconnect?: boolean;
  /** First pause before reconnecting, doubled on every failed attempt; default 500 ms. */
  initialBackoffMs?: number;
  /** Longest pause between attempts; default 30 s. */
  maxBackoffMs?: number;
  /** Aborting it closes the stream. */
  signal?: AbortSignal;
}

/** What an `EventStream` emits, with the listener arguments. */
export interface EventStreamEvents {
  /** A detection, each one once, in the order the server sent them. */
  event: [event: VideoEvent];
  /** A connection (the first or a reconnection) is open. */
  open: [];
  /** The connection dropped; another attempt follows after `delayMs`. */
  reconnecting: [info: { attempt: number; delayMs: number; code: number; reason: string; error?: Error }];
  /** The stream gave up: refused (401, 403, ...), or dropped with `reconnect: false`. `close` follows. */
  error: [error: Error];
  /** The stream is over: `close()` was called, the signal aborted, or `error` was emitted. */
  close: [];
}

type Listener<K extends keyof EventStreamEvents> = (...args: EventStreamEvents[K]) => void;

/** Refusals that a retry cannot fix: bad filters, bad token, missing scope, unknown camera. */
const FINAL_STATUSES = new Set([400, 401, 403, 404]);
/**
 * Where a browser cannot see a refused upgrade's status, a server (the msw handlers) closes with
 * 4000 + the status and `<error code>: <message>` as the reason.
 */
const REFUSAL_CLOSE_BASE = 4000;

/** The APIError a refusal close stands for, or undefined for any other close. */
function refusalOf(code: number, reason: string): APIError | undefined {
  const status = code - REFUSAL_CLOSE_BASE;
  if (status < 400 || status > 599) return undefined;
  const [, errorCode = 'STREAM_REFUSED', message = reason] = /^([A-Z_]+): (.*)$/s.exec(reason) ?? [];
  return APIError.generate(status, { error: { code: errorCode, message } }, new Headers());
}

/** How many delivered ids are remembered to drop repeats after a resume. */
const REMEMBERED_IDS = 10_000;

/**
 * The realtime detection stream (`/v2/ws/events`), as an event emitter and as an async iterable.
 * When the connection drops it reconnects with exponential backoff and resumes from the `ts` of
 * the last event it delivered (the server replays from there, inclusive), dropping the events it
 * already delivered, so nothing is missed or repeated.
 *
 * @example
 * const stream = video.events.stream({ types: ['person'] });
 * stream.on('event', (event) => console.log(event.camera_id, event.confidence));
 * // later
 * stream.close();
 *
 * @example
 * for await (const event of video.events.stream({ cameraId })) {
 *   if (event.type === 'fire_smoke') break; // leaving the loop closes the stream
 * }
 */
export class EventStream implements AsyncIterable<VideoEvent> {
  readonly #open: WebSocketFactory;
  readonly #url: (since: string | undefined) => string;
  readonly #options: EventStreamOptions;
  readonly #listeners = new Map<keyof EventStreamEvents, Set<(...args: never[]) => void>>();
  readonly #seen = new Set<string>();
  #since: string | undefined;
  #socket: StreamSocket | undefined;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #attempt = 0;
  #lastError: Error | undefined;
  #closed = false;

  /** Made by `client.video.events.stream()`. */
  constructor(
    open: WebSocketFactory,
    url: (since: string | undefined) => string,
    options: EventStreamOptions = {},
  ) {
    this.#open = open;
    this.#url = url;
    this.#options = options;
    this.#since = options.since instanceof Date ? options.since.toISOString() : options.since;
    const { signal } = options;
    if (signal?.aborted) {
      this.#closed = true;
      return;
    }
    signal?.addEventListener('abort', () => this.close(), { once: true });
    // Next tick: listeners attached right after construction hear the first connection too.
    queueMicrotask(() => this.#connect());
  }

  /** Whether the stream is over (no more events will come). */
  get closed(): boolean {
    return this.#closed;
  }

  on<K extends keyof EventStreamEvents>(name: K, listener: Listener<K>): this {
    const set = this.#listeners.get(name) ?? new Set();
    this.#listeners.set(name, set);
    set.add(listener as (...args: never[]) => void);
    return this;
  }

  off<K extends keyof EventStreamEvents>(name: K, listener: Listener<K>): this {
    this.#listeners.get(name)?.delete(listener as (...args: never[]) => void);
    return this;
  }

  /** Stops the stream: no reconnection, `close` is emitted, iterators finish. */
  close(): void {
    if (this.#closed) return;
    this.#closed = true;
    clearTimeout(this.#timer);
    this.#socket?.close(1000, 'closed by client');
    this.#socket = undefined;
    this.#emit('close');
  }

  [Symbol.asyncIterator](): AsyncIterator<VideoEvent> {
    const queue: VideoEvent[] = [];
    let failure: Error | undefined;
    let wake: (() => void) | undefined;
    const onEvent = (event: VideoEvent) => {
      queue.push(event);
      wake?.();
    };
    const onError = (error: Error) => {
      failure = error;
    };
    const onClose = () => wake?.();
    this.on('event', onEvent).on('error', onError).on('close', onClose);
    const detach = () => this.off('event', onEvent).off('error', onError).off('close', onClose);
    return {
      next: async () => {
        while (queue.length === 0 && !this.#closed) {
          await new Promise<void>((resolve) => {
            wake = resolve;
          });
        }
        wake = undefined;
        if (queue.length > 0) return { done: false, value: queue.shift()! };
        detach();
        if (failure) throw failure;
        return { done: true, value: undefined };
      },
      return: async () => {
        detach();
        this.close();
        return { done: true, value: undefined };
      },
    };
  }

  #connect(): void {
    if (this.#closed) return;
    try {
      this.#socket = this.#open(this.#url(this.#since), {
        open: () => {
          this.#attempt = 0;
          this.#emit('open');
        },
        message: (data) => this.#receive(data),
        error: (error) => {
          this.#lastError = error;
        },
        close: (code, reason) => this.#dropped(code, reason),
      });
    } catch (error) {
      this.#fail(error instanceof Error ? error : new NimbusError(String(error)));
    }
  }

  #receive(data: string): void {
    if (this.#closed) return;
    let message: { v?: unknown; data?: VideoEvent };
    try {
      message = JSON.parse(data);
    } catch {
      return; // Not an envelope: nothing a listener could use.
    }
    const event = message.data;
    if (message.v !== 2 || !event || typeof event.id !== 'string' || typeof event.ts !== 'string') return;
    if (this.#seen.has(event.id)) return;
    this.#remember(event.id);
    // Resume point: the server replays from `since` inclusive, so same-millisecond events are not lost.
    if (this.#since === undefined || event.ts > this.#since) this.#since = event.ts;
    this.#emit('event', event);
  }

  #remember(id: string): void {
    this.#seen.add(id);
    if (this.#seen.size > REMEMBERED_IDS) this.#seen.delete(this.#seen.values().next().value!);
  }

  #dropped(code: number, reason: string): void {
    this.#socket = undefined;
    if (this.#closed) return;
    const error = this.#lastError ?? refusalOf(code, reason);
    this.#lastError = undefined;
    const final = error instanceof APIError && FINAL_STATUSES.has(error.status);
    if (final || this.#options.reconnect === false) {
      this.#fail(
        error ??
          new APIConnectionError({ message: `Event stream closed (${code}${reason ? ` ${reason}` : ''})` }),
      );
      return;
    }
    const delayMs = this.#backoff(this.#attempt++);
    this.#emit('reconnecting', { attempt: this.#attempt, delayMs, code, reason, ...(error && { error }) });
    this.#timer = setTimeout(() => this.#connect(), delayMs);
  }

  /** Exponential backoff with up to 25% jitter, so many clients dropped together do not return together. */
  #backoff(attempt: number): number {
    const initial = this.#options.initialBackoffMs ?? 500;
    const max = this.#options.maxBackoffMs ?? 30_000;
    return Math.min(initial * 2 ** attempt, max) * (1 - Math.random() * 0.25);
  }

  #fail(error: Error): void {
    if (this.#closed) return;
    this.#emit('error', error);
    this.close();
  }

  #emit<K extends keyof EventStreamEvents>(name: K, ...args: EventStreamEvents[K]): void {
    for (const listener of [...(this.#listeners.get(name) ?? [])]) (listener as Listener<K>)(...args);
  }
}
