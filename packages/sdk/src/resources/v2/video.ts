import { VideoBase } from '../../generated/resources/v2/video';

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
export class Video extends VideoBase {
  /** The same service with `token` for every /v2 call, stream and playlist URL. */
  withToken(token: string): Video {
    return new Video(this._client, token);
  }
}
