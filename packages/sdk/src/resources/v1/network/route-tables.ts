import { APIResource } from '../../../core/api-resource';
import type { RequestOptions } from '../../../core/request';
import { v1 } from '../../../generated/routes';
import type { RouteTableCreateParams, RouteTableListParams } from '../../../generated/types';

/** Route tables of one VPC (`/api/v1/vpcs/{id}/route-tables`): `client.vpcs.routeTables`. */
export class VpcRouteTables extends APIResource {
  /** Route tables of VPC `vpcId`, oldest first. */
  list(vpcId: string, query?: RouteTableListParams, options?: RequestOptions) {
    return this._client.list(v1.routeTables.list, { params: { id: vpcId }, query }, options);
  }

  /**
   * Creates a route table. Destinations are unique; `peering`, `vpn` and `transit_hub` targets
   * name a resource this VPC is wired to.
   *
   * @example
   * await client.vpcs.routeTables.create(vpc.id, {
   *   name: 'public',
   *   routes: [{ destination: '0.0.0.0/0', target: { type: 'internet' } }],
   * });
   */
  create(vpcId: string, body: RouteTableCreateParams, options?: RequestOptions) {
    return this._client.call(v1.routeTables.create, { params: { id: vpcId }, body }, options);
  }
}
