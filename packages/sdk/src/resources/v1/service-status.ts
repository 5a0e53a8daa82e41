import type { APIPromise } from '../../core/api-promise';
import { APIResource } from '../../core/api-resource';
import type { RequestOptions } from '../../core/request';
import { v1 } from '../../generated/routes';
import type { ServiceStatus } from '../../generated/types';

/** Status of the platform's services (`/api/v1/service-status`); needs no project. */
export class ServiceStatusResource extends APIResource {
  /** Every service: operational, degraded or outage, and the worst of them. */
  retrieve(options?: RequestOptions): APIPromise<ServiceStatus> {
    return this._client.call(v1.serviceStatus.retrieve, {}, options);
  }
}
