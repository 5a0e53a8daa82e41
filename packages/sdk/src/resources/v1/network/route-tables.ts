import { v1 } from '../../../contract';
import type { BodyOf, QueryOf } from '../../../contract/define';
import { APIResource } from '../../../core/api-resource';
import type { RequestOptions } from '../../../core/request';

/** Route tables of one VPC (`/api/v1/vpcs/{id}/route-tables`): `client.vpcs.routeTables`. */
export class VpcRouteTables extends APIResource {
  /** Route tables of VPC `vpcId`, oldest first. */
  list(vpcId: string, query?: QueryOf<typeof v1.routeTables.list>, options?: RequestOptions) {
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
  create(vpcId: string, body: BodyOf<typeof v1.routeTables.create>, options?: RequestOptions) {
    return this._client.call(v1.routeTables.create, { params: { id: vpcId }, body }, options);
  }
}
