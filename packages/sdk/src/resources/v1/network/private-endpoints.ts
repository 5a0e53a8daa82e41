import { v1 } from '../../../contract';
import type { BodyOf, QueryOf } from '../../../contract/define';
import { APIResource } from '../../../core/api-resource';
import type { RequestOptions } from '../../../core/request';

/** Private endpoints to platform services inside subnets (`/api/v1/private-endpoints`). */
export class PrivateEndpoints extends APIResource {
  list(query?: QueryOf<typeof v1.privateEndpoints.list>, options?: RequestOptions) {
    return this._client.list(v1.privateEndpoints.list, { query }, options);
  }

  /**
   * Creates an endpoint with an address from the subnet: the lowest free one, or `private_ip`.
   * A full subnet or a taken address answers 409.
   */
  create(body: BodyOf<typeof v1.privateEndpoints.create>, options?: RequestOptions) {
    return this._client.call(v1.privateEndpoints.create, { body }, options);
  }
}
