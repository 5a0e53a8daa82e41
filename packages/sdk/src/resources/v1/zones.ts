import type { APIPromise } from '../../core/api-promise';
import { APIResource } from '../../core/api-resource';
import type { PagePromise } from '../../core/pagination';
import type { RequestOptions } from '../../core/request';
import { v1 } from '../../generated/routes';
import type { Zone, ZoneCreateParams, ZoneListParams } from '../../generated/types';

/** DNS zones of the client's project (`/api/v1/zones`). */
export class Zones extends APIResource {
  /** Zones of the project, oldest first, filtered by `type` or `name`. */
  list(query?: ZoneListParams, options?: RequestOptions): PagePromise<Zone> {
    return this._client.list(v1.zones.list, { query }, options);
  }

  /**
   * Creates a zone; record sets are checked against their type (A: IPv4, CNAME: one host name...).
   *
   * @example
   * await client.zones.create({ name: 'example.com', record_sets: [{ name: 'www', type: 'A', values: ['203.0.113.10'] }] });
   */
  create(body: ZoneCreateParams, options?: RequestOptions): APIPromise<Zone> {
    return this._client.call(v1.zones.create, { body }, options);
  }
}
