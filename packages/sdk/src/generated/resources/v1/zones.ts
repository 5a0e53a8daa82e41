// Generated from the contract by scripts/generate-sdk-resources.mjs. Do not edit: extend the class in src/resources/.

import type { APIPromise } from '../../../core/api-promise';
import { APIResource } from '../../../core/api-resource';
import type { PagePromise } from '../../../core/pagination';
import type { RequestOptions } from '../../../core/request';
import { v1 } from '../../routes';
import type { Zone, ZoneCreateParams, ZoneListParams } from '../../types';

/** DNS zones and their record sets. */
export class Zones extends APIResource {
  /** List DNS zones. */
  list(query?: ZoneListParams, options?: RequestOptions): PagePromise<Zone> {
    return this._client.list(v1.zones.list, { query }, options);
  }

  /**
   * Create a DNS zone (public, or private to VPCs) with optional record sets.
   *
   * @example
   * await client.zones.create({ name: 'example.com', record_sets: [{ name: 'www', type: 'A', values: ['203.0.113.10'] }] });
   */
  create(body: ZoneCreateParams, options?: RequestOptions): APIPromise<Zone> {
    return this._client.call(v1.zones.create, { body }, options);
  }
}
