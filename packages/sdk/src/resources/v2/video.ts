import type { BaseNimbus } from '../../base-client';
import type { APIPromise } from '../../core/api-promise';
import { APIResource } from '../../core/api-resource';
import type { RequestOptions } from '../../core/request';
import { v2 } from '../../generated/routes';
import type { VideoHealth, VideoReadiness } from '../../generated/types';
import { Cameras } from './cameras';
import { VideoCredentials } from './credentials';
import { VideoEvents } from './events';
import { Playback } from './playback';

/** Health of the video service (`/v2/health`, `/v2/health/ready`, `/v2/metrics`). */
export class VideoServiceHealth extends APIResource {
  /** Liveness: `{ status: 'ok' }`. No token needed. */
  live(options?: RequestOptions): APIPromise<VideoHealth> {
    return this._client.call(v2.health.live, {}, options);
  }

  /**
   * Readiness: `{ status: 'ready', checks }`. When a dependency fails the server answers 503 and this
   * throws an `APIError` whose `details.checks` names it; it is not retried by default.
   */
  ready(options?: RequestOptions): APIPromise<VideoReadiness> {
    return this._client.call(v2.health.ready, {}, { maxRetries: 0, ...options });
  }

  /** The Prometheus text exposition; the server's metrics credentials are HTTP basic auth. */
  metrics(credentials: { username: string; password: string }, options?: RequestOptions): APIPromise<string> {
    const basic = btoa(`${credentials.username}:${credentials.password}`);
    return this._client.call(
      v2.health.metrics,
      {},
      { ...options, headers: { authorization: `Basic ${basic}`, ...options?.headers } },
    );
  }
}

/**
 * The video management service (/v2). Its calls authenticate with a workload token (docs/decisions/0006-video-service.md):
 * bind one with `withToken()`, or make the client with `accessToken: workloadToken`. The token's
 * scopes decide what works: `cameras:read`, `cameras:write`, `events:read`, `playback:read`.
 *
 * @example
 * const { token } = await client.auth.workloadToken({
 *   project_id: projectId,
 *   scopes: ['cameras:read', 'cameras:write', 'events:read', 'playback:read'],
 * });
 * const video = client.video.withToken(token);
 * const camera = await video.cameras.create({ name: 'Gate', rtsp_url: 'rtsp://cam.local/live', features: ['person'] });
 *
 * @example
 * // A browser app handed a workload token by its backend:
 * const video = new Nimbus({ baseUrl: location.origin, accessToken: token }).video;
 */
export class Video extends APIResource {
  readonly health = new VideoServiceHealth(this._client);
  readonly cameras: Cameras;
  readonly events: VideoEvents;
  readonly playback: Playback;

  constructor(client: BaseNimbus, token?: string) {
    super(client);
    const credentials = new VideoCredentials(client, token);
    this.cameras = new Cameras(client, credentials);
    this.events = new VideoEvents(client, credentials);
    this.playback = new Playback(client, credentials);
  }

  /** The same service with `token` for every /v2 call, stream and playlist URL. */
  withToken(token: string): Video {
    return new Video(this._client, token);
  }
}
