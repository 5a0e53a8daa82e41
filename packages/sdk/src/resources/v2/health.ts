import type { APIPromise } from '../../core/api-promise';
import { APIResource } from '../../core/api-resource';
import type { RequestOptions } from '../../core/request';
import { v2 } from '../../generated/routes';
import type { VideoHealth, VideoReadiness } from '../../generated/types';

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
