// Generated from the contract by scripts/generate-sdk-resources.mjs. Do not edit: extend the class in src/resources/.

import type { APIPromise } from '../../../core/api-promise';
import { APIResource } from '../../../core/api-resource';
import type { RequestOptions } from '../../../core/request';
import { v1 } from '../../routes';
import type { ServiceStatus } from '../../types';

/** Whether each service is operational. */
export class ServiceStatusResource extends APIResource {
  /**
   * Status of every service: operational, degraded or outage (no X-Project-ID needed).
   *
   * Services are the contract families. An injected fault (POST /__mock/faults) whose method and
   * path can hit a route of a family affects it: a 5xx fault without a times limit is an outage, any
   * other fault (delay, 4xx, limited times) degrades it. The overall status is the worst service
   * status.
   */
  retrieve(options?: RequestOptions): APIPromise<ServiceStatus> {
    return this._client.call(v1.serviceStatus.retrieve, {}, options);
  }
}
