// Generated from the contract by scripts/generate-sdk-resources.mjs. Do not edit: extend the class in src/resources/.

import type { APIPromise } from '../../../core/api-promise';
import { APIResource } from '../../../core/api-resource';
import type { PagePromise } from '../../../core/pagination';
import type { RequestOptions } from '../../../core/request';
import { v1 } from '../../routes';
import type { BandwidthPolicy, BandwidthPolicyCreateParams, BandwidthPolicyListParams, BandwidthPolicyUpdateParams } from '../../types';

/** Bandwidth limits on network targets. */
export class BandwidthPolicies extends APIResource {
  /** List bandwidth policies. */
  list(query?: BandwidthPolicyListParams, options?: RequestOptions): PagePromise<BandwidthPolicy> {
    return this._client.list(v1.bandwidthPolicies.list, { query }, options);
  }

  /** Limit the bandwidth of a VPC, VPN gateway or load balancer. */
  create(body: BandwidthPolicyCreateParams, options?: RequestOptions): APIPromise<BandwidthPolicy> {
    return this._client.call(v1.bandwidthPolicies.create, { body }, options);
  }

  /**
   * Change some fields of a bandwidth policy (the result is validated again).
   *
   * @example
   * await client.bandwidthPolicies.update(policy.id, { max_mbps: 500, burst_mbps: 800 });
   */
  update(id: string, body: BandwidthPolicyUpdateParams, options?: RequestOptions): APIPromise<BandwidthPolicy> {
    return this._client.call(v1.bandwidthPolicies.update, { params: { id }, body }, options);
  }
}
