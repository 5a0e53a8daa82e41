import type { BaseNimbus } from '../../base-client';
import { APIResource } from '../../core/api-resource';
import { Cameras } from './cameras';
import { VideoCredentials } from './credentials';
import { VideoEvents } from './events';
import { VideoServiceHealth } from './health';
import { Playback } from './playback';

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
