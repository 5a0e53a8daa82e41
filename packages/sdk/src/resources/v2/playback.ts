import { buildPath } from '../../contract/define';
import type { APIPromise } from '../../core/api-promise';
import type { RequestOptions } from '../../core/request';
import { PlaybackBase } from '../../generated/resources/v2/playback';
import { v2 } from '../../generated/routes';
import type { EventPlayback, VideoEvent } from '../../generated/types';

/** One recorded hour of a camera, as in the HLS path. */
export interface RecordedHour {
  camera_id: string;
  /** `YYYY-MM-DD`, UTC. */
  date: string;
  /** `00`..`23`, UTC. */
  hour: string;
}

/** An hour to play: the hour itself, or what `forEvent()` answers (its `playlist_url` names the hour). */
export type PlaylistTarget = RecordedHour | Pick<EventPlayback, 'playlist_url'>;

/** One segment of a recorded hour: `segment` is its number (`7`) or its name in the playlist (`'007.ts'`). */
export interface SegmentTarget extends RecordedHour {
  segment: number | string;
}

const PLAYLIST_PATH = /^\/v2\/hls\/([^/?#]+)\/([^/?#]+)\/([^/?#]+)\/index\.m3u8$/;

/** Recordings: which hours exist, where an event is, and URLs a player can load. Needs `playback:read`. */
export class Playback extends PlaybackBase {
  /**
   * The playlist of one recorded hour, as text. Sent with the token as a header, so its segment
   * URIs carry no token: fetch them with `segment()`. Players should load `playlistUrl()` instead.
   *
   * @example
   * const text = await video.playback.playlist({ camera_id, date: '2026-03-01', hour: '14' });
   * const same = await video.playback.playlist(await video.playback.forEvent(event.id));
   */
  playlist(target: PlaylistTarget, options?: RequestOptions): APIPromise<string> {
    const { camera_id, date, hour } = hourOf(target);
    const params = { cam: camera_id, date, hour };
    return this._client.call(v2.playback.playlist, { params }, this.#withTokenHeader(options));
  }

  /**
   * One MPEG-TS segment (H.264) of a recorded hour, as bytes.
   *
   * @example
   * const bytes = await video.playback.segment({ camera_id, date: '2026-03-01', hour: '14', segment: 0 });
   */
  segment(target: SegmentTarget, options?: RequestOptions): APIPromise<Uint8Array> {
    const { camera_id, date, hour, segment } = target;
    const name = typeof segment === 'number' ? `${String(segment).padStart(3, '0')}.ts` : segment;
    const params = { cam: camera_id, date, hour, segment: name };
    return this.#bytes(this._client.call(v2.playback.segment, { params }, this.#withTokenHeader(options)));
  }

  /**
   * The snapshot JPEG of an event, as bytes; the event's id, camera and time locate it. Needs `events:read`.
   *
   * @example
   * const jpeg = await video.playback.snapshot(event);
   */
  snapshot(
    event: Pick<VideoEvent, 'id' | 'camera_id' | 'ts'>,
    options?: RequestOptions,
  ): APIPromise<Uint8Array> {
    const { id, camera_id, ts } = event;
    const params = { cam: camera_id, date: ts.slice(0, 10), hour: ts.slice(11, 13), file: `${id}.jpg` };
    return this.#bytes(this._client.call(v2.playback.snapshot, { params }, this.#withTokenHeader(options)));
  }

  /**
   * The absolute URL of an hour playlist with the token in `?token=` (players such as hls.js cannot
   * send headers; the segment URIs inside carry the same token). Takes the hour or what `forEvent()` answers.
   *
   * @example
   * const url = video.playback.playlistUrl({ camera_id, date: '2026-03-01', hour: '14' });
   */
  playlistUrl(target: PlaylistTarget): string {
    const { camera_id, date, hour } = hourOf(target);
    return this.#tokenized(buildPath(v2.playback.playlist.path, { cam: camera_id, date, hour }));
  }

  /** The absolute URL of an event's snapshot JPEG, with the token (for an `<img src>`). Needs `events:read`. */
  snapshotUrl(event: Pick<VideoEvent, 'snapshot_url'>): string {
    return this.#tokenized(event.snapshot_url);
  }

  /** These routes take `?token=` or a bearer header; the SDK sends the header, keeping tokens out of URLs. */
  #withTokenHeader(options?: RequestOptions): RequestOptions | undefined {
    return this._credentials.options(options, true);
  }

  /** Binary endpoints declare a string body for OpenAPI; the SDK reads them as bytes. */
  #bytes(promise: APIPromise<string>): APIPromise<Uint8Array> {
    return promise as unknown as APIPromise<Uint8Array>;
  }

  #tokenized(path: string): string {
    if (!path.startsWith('/v2/hls/')) throw new TypeError(`Not an HLS path: ${path}`);
    const base = this._client.baseUrl.replace(/\/+$/, '');
    return `${base}${path}?token=${encodeURIComponent(this._credentials.token())}`;
  }
}

function hourOf(target: PlaylistTarget): RecordedHour {
  if (!('playlist_url' in target)) return target;
  const match = PLAYLIST_PATH.exec(target.playlist_url);
  if (!match) throw new TypeError(`Not an hour playlist path: ${target.playlist_url}`);
  const [, cam, date, hour] = match.map((part) => decodeURIComponent(part));
  return { camera_id: cam!, date: date!, hour: hour! };
}
