// Generated from the contract by scripts/generate-sdk-resources.mjs. Do not edit: extend the class in src/resources/.

import type { APIPromise } from '../../../core/api-promise';
import { APIResource } from '../../../core/api-resource';
import type { PagePromise } from '../../../core/pagination';
import type { RequestOptions } from '../../../core/request';
import { v1 } from '../../routes';
import type { GlobalLoadBalancer, GlobalLoadBalancerCreateParams, GlobalLoadBalancerListParams } from '../../types';

/** Load balancers that route across regions. */
export class GlobalLoadBalancers extends APIResource {
  /** List global load balancers. */
  list(query?: GlobalLoadBalancerListParams, options?: RequestOptions): PagePromise<GlobalLoadBalancer> {
    return this._client.list(v1.globalLoadBalancers.list, { query }, options);
  }

  /**
   * Create a global load balancer over regional ones.
   *
   * @example
   * await client.globalLoadBalancers.create({
   *   name: 'edge',
   *   routing: 'weighted',
   *   backends: [{ load_balancer_id: hn.id, weight: 70 }, { load_balancer_id: hcm.id, weight: 30 }],
   * });
   */
  create(body: GlobalLoadBalancerCreateParams, options?: RequestOptions): APIPromise<GlobalLoadBalancer> {
    return this._client.call(v1.globalLoadBalancers.create, { body }, options);
  }
}
