import { v1 } from '../../../contract';
import type { BodyOf, QueryOf } from '../../../contract/define';
import { APIResource } from '../../../core/api-resource';
import type { RequestOptions } from '../../../core/request';

/** Global load balancers over regional ones (`/api/v1/global-load-balancers`). */
export class GlobalLoadBalancers extends APIResource {
  list(query?: QueryOf<typeof v1.globalLoadBalancers.list>, options?: RequestOptions) {
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
  create(body: BodyOf<typeof v1.globalLoadBalancers.create>, options?: RequestOptions) {
    return this._client.call(v1.globalLoadBalancers.create, { body }, options);
  }
}
