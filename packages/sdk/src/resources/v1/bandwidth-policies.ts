import type { APIPromise } from '../../core/api-promise';
import { APIResource } from '../../core/api-resource';
import type { PagePromise } from '../../core/pagination';
import type { RequestOptions } from '../../core/request';
import { v1 } from '../../generated/routes';
import type {
  BandwidthPolicy,
  BandwidthPolicyCreateParams,
  BandwidthPolicyListParams,
  BandwidthPolicyUpdateParams,
} from '../../generated/types';

/** Bandwidth limits on VPCs, VPN gateways and load balancers (`/api/v1/bandwidth-policies`). */
export class BandwidthPolicies extends APIResource {
  list(query?: BandwidthPolicyListParams, options?: RequestOptions): PagePromise<BandwidthPolicy> {
    return this._client.list(v1.bandwidthPolicies.list, { query }, options);
  }

  /** Creates a policy; `burst_mbps` defaults to `max_mbps`. One policy per target (409). */
  create(body: BandwidthPolicyCreateParams, options?: RequestOptions): APIPromise<BandwidthPolicy> {
    return this._client.call(v1.bandwidthPolicies.create, { body }, options);
  }

  /**
   * Changes the fields given and keeps the others; the result is validated as a whole
   * (`burst_mbps >= max_mbps`).
   *
   * @example
   * await client.bandwidthPolicies.update(policy.id, { max_mbps: 500, burst_mbps: 800 });
   */
  update(
    id: string,
    body: BandwidthPolicyUpdateParams,
    options?: RequestOptions,
  ): APIPromise<BandwidthPolicy> {
    return this._client.call(v1.bandwidthPolicies.update, { params: { id }, body }, options);
  }
}
