// Generated from the contract by scripts/generate-sdk-resources.mjs. Do not edit: extend the class in src/resources/.

import type { APIPromise } from '../../../core/api-promise';
import type { RequestOptions } from '../../../core/request';
import { VideoResource } from '../../../resources/v2/credentials';
import { v2 } from '../../routes';
import type { EventPlayback, PlaybackTimeline, PlaybackTimelineParams } from '../../types';

/** Recordings: timelines, event playback and HLS playlists. */
export class PlaybackBase extends VideoResource {
  /** Hours of a day that have recordings for a camera. */
  timeline(query: PlaybackTimelineParams, options?: RequestOptions): APIPromise<PlaybackTimeline> {
    return this._client.call(v2.playback.timeline, { query }, this._credentials.options(options));
  }

  /**
   * The playlist and offset to watch an event.
   *
   * @example
   * const at = await video.playback.forEvent(event.id);
   * hls.loadSource(video.playback.playlistUrl(at));
   * media.currentTime = at.offset_sec;
   */
  forEvent(eventId: string, options?: RequestOptions): APIPromise<EventPlayback> {
    return this._client.call(v2.playback.forEvent, { params: { id: eventId } }, this._credentials.options(options));
  }
}
