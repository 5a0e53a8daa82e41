import type { BaseNimbus } from '../../../base-client';
import { APIResource } from '../../../core/api-resource';
import { type CursorPagePromise, requestCursorPage } from '../../../core/cursor-pagination';
import { refuseUnknownOptions } from '../../../core/option-names';
import type { RequestOptions } from '../../../core/request';
import { VIDEO_EVENT_STREAM_PATH, v2 } from '../../../generated/routes';
import type { EventListParams, VideoEvent } from '../../../generated/types';
import type { VideoCredentials } from '../credentials';
import { EventStream, type EventStreamOptions } from './stream';

/** Every option of `stream()`: another name is refused (`cameraId` names `camera_id`). */
const STREAM_OPTIONS = Object.keys({
  camera_id: true,
  types: true,
  since: true,
  reconnect: true,
  initialBackoffMs: true,
  maxBackoffMs: true,
  signal: true,
} satisfies Record<keyof EventStreamOptions, true>);

/** Detection events of the tenant: stored (`list`) and live (`stream`). Needs `events:read`. */
export class VideoEvents extends APIResource {
  readonly #credentials: VideoCredentials;

  constructor(client: BaseNimbus, credentials: VideoCredentials) {
    super(client);
    this.#credentials = credentials;
  }

  /**
   * Stored events, newest first, filtered by `camera_id`, `type` and `since`; `limit` (1..100,
   * default 50) per page. Await it for one page, or `for await` it for every event across pages.
   *
   * @example
   * for await (const event of video.events.list({ type: 'person', since: '2026-03-01T00:00:00Z' })) {
   *   console.log(event.ts, event.confidence);
   * }
   */
  list(query: Omit<EventListParams, 'cursor'> = {}, options?: RequestOptions): CursorPagePromise<VideoEvent> {
    return requestCursorPage((cursor) =>
      this._client.call(v2.events.list, { query: { ...query, cursor } }, this.#credentials.options(options)),
    );
  }

  /**
   * Live events over a WebSocket, with automatic reconnection that misses and repeats nothing
   * (see `EventStream`). The connection opens at once.
   *
   * @example
   * const stream = video.events.stream({ camera_id: camera.id, types: ['person', 'vehicle'] });
   * stream.on('event', (event) => console.log(event.type)).on('error', console.error);
   */
  stream(options: EventStreamOptions = {}): EventStream {
    refuseUnknownOptions(options, STREAM_OPTIONS, 'events.stream() option');
    const base = this._client.baseUrl.replace(/\/+$/, '').replace(/^http/, 'ws');
    const url = (since: string | undefined) => {
      const search = new URLSearchParams({ token: this.#credentials.token() });
      if (options.camera_id !== undefined) search.set('camera_id', options.camera_id);
      if (options.types !== undefined && options.types.length > 0)
        search.set('type', options.types.join(','));
      if (since !== undefined) search.set('since', since);
      return `${base}${VIDEO_EVENT_STREAM_PATH}?${search}`;
    };
    return new EventStream(this._client.webSocket, url, options);
  }
}
