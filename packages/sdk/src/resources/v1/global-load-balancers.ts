import type { APIPromise } from '../../core/api-promise';
import { APIResource } from '../../core/api-resource';
import type { PagePromise } from '../../core/pagination';
import type { RequestOptions } from '../../core/request';
import { v1 } from '../../generated/routes';
import type {
  GlobalLoadBalancer,
  GlobalLoadBalancerCreateParams,
  GlobalLoadBalancerListParams,
} from '../../generated/types';

/** Global load balancers over regional ones (`/api/v1/global-load-balancers`). */
export class GlobalLoadBalancers extends APIResource {
  list(query?: GlobalLoadBalancerListParams, options?: RequestOptions): PagePromise<GlobalLoadBalancer> {
    return this._client.list(v1.globalLoadBalancers.list, { query }, options);
  }

  /**
   * Creates a global load balancer. `weighted` routing needs a `weight` on every backend,
   * `failover` a unique `priority`.
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
