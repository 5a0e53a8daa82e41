import type { APIPromise } from '../../core/api-promise';
import { APIResource } from '../../core/api-resource';
import type { PagePromise } from '../../core/pagination';
import type { RequestOptions } from '../../core/request';
import { v1 } from '../../generated/routes';
import type { TransitHub, TransitHubCreateParams, TransitHubListParams } from '../../generated/types';

/** Transit hubs of the client's project (`/api/v1/transit-hubs`). */
export class TransitHubs extends APIResource {
  list(query?: TransitHubListParams, options?: RequestOptions): PagePromise<TransitHub> {
    return this._client.list(v1.transitHubs.list, { query }, options);
  }

  /** Creates a hub; `asn` defaults to 64512 and must be private. */
  create(body: TransitHubCreateParams, options?: RequestOptions): APIPromise<TransitHub> {
    return this._client.call(v1.transitHubs.create, { body }, options);
  }
}
