// Generated from the contract by scripts/generate-sdk-resources.mjs. Do not edit: extend the class in src/resources/.

import type { APIPromise } from '../../../core/api-promise';
import { APIResource } from '../../../core/api-resource';
import type { PagePromise } from '../../../core/pagination';
import type { RequestOptions } from '../../../core/request';
import { v1 } from '../../routes';
import type { DdosPlan, DdosPlanCreateParams, DdosPlanListParams } from '../../types';

/** DDoS protection plans. */
export class DdosPlans extends APIResource {
  /** List DDoS protection plans. */
  list(query?: DdosPlanListParams, options?: RequestOptions): PagePromise<DdosPlan> {
    return this._client.list(v1.ddosPlans.list, { query }, options);
  }

  /** Create a DDoS protection plan over VPCs, load balancers and VPN gateways. */
  create(body: DdosPlanCreateParams, options?: RequestOptions): APIPromise<DdosPlan> {
    return this._client.call(v1.ddosPlans.create, { body }, options);
  }
}
