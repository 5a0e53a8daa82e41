import { v1 } from '../../../contract';
import type { BodyOf, QueryOf } from '../../../contract/define';
import { APIResource } from '../../../core/api-resource';
import type { RequestOptions } from '../../../core/request';

/** Transit hubs of the client's project (`/api/v1/transit-hubs`). */
export class TransitHubs extends APIResource {
  list(query?: QueryOf<typeof v1.transitHubs.list>, options?: RequestOptions) {
    return this._client.list(v1.transitHubs.list, { query }, options);
  }

  /** Creates a hub; `asn` defaults to 64512 and must be private. */
  create(body: BodyOf<typeof v1.transitHubs.create>, options?: RequestOptions) {
    return this._client.call(v1.transitHubs.create, { body }, options);
  }
}
