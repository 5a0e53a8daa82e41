// Generated from the contract by scripts/generate-sdk-resources.mjs. Do not edit: extend the class in src/resources/.

import type { APIPromise } from '../../../core/api-promise';
import { APIResource } from '../../../core/api-resource';
import type { PagePromise } from '../../../core/pagination';
import type { RequestOptions } from '../../../core/request';
import { v1 } from '../../routes';
import type { PrivateEndpoint, PrivateEndpointCreateParams, PrivateEndpointListParams } from '../../types';

/** Private endpoints that reach a service from inside a VPC. */
export class PrivateEndpoints extends APIResource {
  /** List private endpoints. */
  list(query?: PrivateEndpointListParams, options?: RequestOptions): PagePromise<PrivateEndpoint> {
    return this._client.list(v1.privateEndpoints.list, { query }, options);
  }

  /** Create a private endpoint with an address from a subnet (a full subnet or taken address: 409). */
  create(body: PrivateEndpointCreateParams, options?: RequestOptions): APIPromise<PrivateEndpoint> {
    return this._client.call(v1.privateEndpoints.create, { body }, options);
  }
}
