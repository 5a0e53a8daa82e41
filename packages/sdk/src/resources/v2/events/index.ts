import { refuseUnknownOptions } from '../../../core/option-names';
import { VideoEventsBase } from '../../../generated/resources/v2/events';
import { VIDEO_EVENT_STREAM_PATH } from '../../../generated/routes';
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
export class VideoEvents extends VideoEventsBase {
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
      const search = new URLSearchParams({ token: this._credentials.token() });
      if (options.camera_id !== undefined) search.set('camera_id', options.camera_id);
      if (options.types !== undefined && options.types.length > 0)
        search.set('type', options.types.join(','));
      if (since !== undefined) search.set('since', since);
      return `${base}${VIDEO_EVENT_STREAM_PATH}?${search}`;
    };
    return new EventStream(this._client.webSocket, url, options);
  }
}
