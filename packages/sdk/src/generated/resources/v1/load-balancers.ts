// Generated from the contract by scripts/generate-sdk-resources.mjs. Do not edit: extend the class in src/resources/.

import type { APIPromise } from '../../../core/api-promise';
import { APIResource } from '../../../core/api-resource';
import type { PagePromise } from '../../../core/pagination';
import type { RequestOptions } from '../../../core/request';
import { v1 } from '../../routes';
import type { HealthProbe, LoadBalancer, LoadBalancerCreateParams, LoadBalancerHealthProbeCreateParams, LoadBalancerListParams } from '../../types';

/** Health probes of a load balancer. */
export class LoadBalancerHealthProbes extends APIResource {
  /**
   * Add a health probe to a load balancer.
   *
   * @example
   * await client.loadBalancers.healthProbes.create(lb.id, { protocol: 'http', port: 8080, path: '/healthz' });
   */
  create(loadBalancerId: string, body: LoadBalancerHealthProbeCreateParams, options?: RequestOptions): APIPromise<HealthProbe> {
    return this._client.call(v1.loadBalancers.healthProbes.create, { params: { id: loadBalancerId }, body }, options);
  }
}

/** Regional load balancers with their health probes. */
export class LoadBalancersBase extends APIResource {
  readonly healthProbes = new LoadBalancerHealthProbes(this._client);

  /** List load balancers, each with its health probes. */
  list(query?: LoadBalancerListParams, options?: RequestOptions): PagePromise<LoadBalancer> {
    return this._client.list(v1.loadBalancers.list, { query }, options);
  }

  /** Create a load balancer (provisioning -> active). */
  create(body: LoadBalancerCreateParams, options?: RequestOptions): APIPromise<LoadBalancer> {
    return this._client.call(v1.loadBalancers.create, { body }, options);
  }
}
