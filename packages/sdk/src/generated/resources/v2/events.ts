// Generated from the contract by scripts/generate-sdk-resources.mjs. Do not edit: extend the class in src/resources/.

import { type CursorPagePromise, requestCursorPage } from '../../../core/cursor-pagination';
import type { RequestOptions } from '../../../core/request';
import { VideoResource } from '../../../resources/v2/credentials';
import { v2 } from '../../routes';
import type { EventListParams, VideoEvent } from '../../types';

/** Detection events from the cameras. */
export class VideoEventsBase extends VideoResource {
  /**
   * List the tenant's detection events, newest first, a page at a time (next_cursor).
   *
   * @example
   * for await (const event of video.events.list({ type: 'person', since: '2026-03-01T00:00:00Z' })) {
   *   console.log(event.ts, event.confidence);
   * }
   */
  list(query?: Omit<EventListParams, 'cursor'>, options?: RequestOptions): CursorPagePromise<VideoEvent> {
    return requestCursorPage((cursor) => this._client.call(v2.events.list, { query: { ...query, cursor } }, this._credentials.options(options)));
  }
}
