// Generated from the contract by scripts/generate-sdk-resources.mjs. Do not edit: extend the class in src/resources/.

import type { APIPromise } from '../../../core/api-promise';
import type { RequestOptions } from '../../../core/request';
import { VideoResource } from '../../../resources/v2/credentials';
import { v2 } from '../../routes';
import type { VideoHealth, VideoReadiness } from '../../types';

/** Liveness, readiness and metrics of the video service. */
export class VideoServiceHealthBase extends VideoResource {
  /** Liveness: answers while the process runs. */
  live(options?: RequestOptions): APIPromise<VideoHealth> {
    return this._client.call(v2.health.live, {}, options);
  }

  /** Readiness: checks the state store and the cache; 503 naming the failing check. */
  ready(options?: RequestOptions): APIPromise<VideoReadiness> {
    return this._client.call(v2.health.ready, {}, options);
  }
}
