import type { VideoEvent } from '@nimbus/sdk/contract';
import type { Runtime } from '../../core/services/runtime';
import { VideoCache } from './cache';

type EventListener = (event: VideoEvent) => void;

/** Where recorded detections go live: the WebSocket layer and the metrics listen here. */
export class VideoEventBus {
  readonly #listeners = new Set<EventListener>();
  readonly #onError: (error: unknown) => void;

  constructor(onError: (error: unknown) => void) {
    this.#onError = onError;
  }

  subscribe(listener: EventListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  publish(event: VideoEvent): void {
    // A listener that throws (a broken socket) must not keep the event from the others.
    for (const listener of this.#listeners) {
      try {
        listener(event);
      } catch (error) {
        this.#onError(error);
      }
    }
  }
}

/** One open realtime connection, as the rest of the server sees it. */
export interface StreamConnection {
  readonly tenantId: string;
  /** Drops the connection at once, as a network failure would. */
  terminate(): void;
}

/** The video family's in-process services, one set per server. */
export interface VideoServices {
  readonly bus: VideoEventBus;
  readonly cache: VideoCache;
  /** Open WebSocket connections (Node server only); the stream layer adds and removes itself. */
  readonly streams: Set<StreamConnection>;
}

const byRuntime = new WeakMap<Runtime, VideoServices>();

export function videoServices(runtime: Runtime): VideoServices {
  let services = byRuntime.get(runtime);
  if (!services) {
    services = {
      bus: new VideoEventBus((error) =>
        runtime.config.logger.error('video event listener failed', { error: String(error) }),
      ),
      cache: new VideoCache(() => runtime.clock.now()),
      streams: new Set(),
    };
    byRuntime.set(runtime, services);
  }
  return services;
}
