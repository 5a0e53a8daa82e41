import type { APIPromise } from '../../../core/api-promise';
import { APIResource } from '../../../core/api-resource';
import type { PagePromise } from '../../../core/pagination';
import type { RequestOptions } from '../../../core/request';
import { v1 } from '../../../generated/routes';
import type {
  RouteTable,
  VpcRouteTableCreateParams,
  VpcRouteTableListParams,
} from '../../../generated/types';

/** Route tables of one VPC (`/api/v1/vpcs/{id}/route-tables`): `client.vpcs.routeTables`. */
export class VpcRouteTables extends APIResource {
  /** Route tables of VPC `vpcId`, oldest first. */
  list(vpcId: string, query?: VpcRouteTableListParams, options?: RequestOptions): PagePromise<RouteTable> {
    return this._client.list(v1.vpcs.routeTables.list, { params: { id: vpcId }, query }, options);
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
  create(vpcId: string, body: VpcRouteTableCreateParams, options?: RequestOptions): APIPromise<RouteTable> {
    return this._client.call(v1.vpcs.routeTables.create, { params: { id: vpcId }, body }, options);
  }
}
