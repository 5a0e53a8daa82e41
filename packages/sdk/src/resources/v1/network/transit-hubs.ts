import { APIResource } from '../../../core/api-resource';
import type { RequestOptions } from '../../../core/request';
import { v1 } from '../../../generated/routes';
import type { TransitHubCreateParams, TransitHubListParams } from '../../../generated/types';

/** Transit hubs of the client's project (`/api/v1/transit-hubs`). */
export class TransitHubs extends APIResource {
  list(query?: TransitHubListParams, options?: RequestOptions) {
    return this._client.list(v1.transitHubs.list, { query }, options);
  }

  /** Creates a hub; `asn` defaults to 64512 and must be private. */
  create(body: TransitHubCreateParams, options?: RequestOptions) {
    return this._client.call(v1.transitHubs.create, { body }, options);
  }
}
