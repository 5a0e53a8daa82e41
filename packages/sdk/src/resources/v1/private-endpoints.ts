import type { APIPromise } from '../../core/api-promise';
import { APIResource } from '../../core/api-resource';
import type { PagePromise } from '../../core/pagination';
import type { RequestOptions } from '../../core/request';
import { v1 } from '../../generated/routes';
import type {
  PrivateEndpoint,
  PrivateEndpointCreateParams,
  PrivateEndpointListParams,
} from '../../generated/types';

/** Private endpoints to platform services inside subnets (`/api/v1/private-endpoints`). */
export class PrivateEndpoints extends APIResource {
  list(query?: PrivateEndpointListParams, options?: RequestOptions): PagePromise<PrivateEndpoint> {
    return this._client.list(v1.privateEndpoints.list, { query }, options);
  }

  /**
   * Creates an endpoint with an address from the subnet: the lowest free one, or `private_ip`.
   * A full subnet or a taken address answers 409.
   */
  create(body: PrivateEndpointCreateParams, options?: RequestOptions): APIPromise<PrivateEndpoint> {
    return this._client.call(v1.privateEndpoints.create, { body }, options);
  }
}
