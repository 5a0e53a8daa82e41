// Generated from the contract by scripts/generate-sdk-resources.mjs. Do not edit: extend the class in src/resources/.

import type { APIPromise } from '../../../core/api-promise';
import { APIResource } from '../../../core/api-resource';
import type { PagePromise } from '../../../core/pagination';
import type { RequestOptions } from '../../../core/request';
import { v1 } from '../../routes';
import type { TransitHub, TransitHubCreateParams, TransitHubListParams } from '../../types';

/** Transit hubs that connect VPCs. */
export class TransitHubs extends APIResource {
  /** List transit hubs. */
  list(query?: TransitHubListParams, options?: RequestOptions): PagePromise<TransitHub> {
    return this._client.list(v1.transitHubs.list, { query }, options);
  }

  /** Create a transit hub that VPCs attach to. */
  create(body: TransitHubCreateParams, options?: RequestOptions): APIPromise<TransitHub> {
    return this._client.call(v1.transitHubs.create, { body }, options);
  }
}
