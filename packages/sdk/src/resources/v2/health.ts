import type { APIPromise } from '../../core/api-promise';
import type { RequestOptions } from '../../core/request';
import { VideoServiceHealthBase } from '../../generated/resources/v2/health';
import { v2 } from '../../generated/routes';
import type { VideoReadiness } from '../../generated/types';

/** Health of the video service (`/v2/health`, `/v2/health/ready`, `/v2/metrics`). */
export class VideoServiceHealth extends VideoServiceHealthBase {
  /**
   * Readiness: `{ status: 'ready', checks }`. When a dependency fails the server answers 503 and this
   * throws an `APIError` whose `details.checks` names it; it is not retried by default.
   */
  override ready(options?: RequestOptions): APIPromise<VideoReadiness> {
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
