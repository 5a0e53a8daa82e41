import type { APIPromise } from '../../../core/api-promise';
import { APIResource } from '../../../core/api-resource';
import type { PagePromise } from '../../../core/pagination';
import type { RequestOptions } from '../../../core/request';
import { v1 } from '../../../generated/routes';
import type { Subnet, VpcSubnetCreateParams, VpcSubnetListParams } from '../../../generated/types';

/** Subnets of one VPC (`/api/v1/vpcs/{id}/subnets`): `client.vpcs.subnets`. */
export class VpcSubnets extends APIResource {
  /** Subnets of VPC `vpcId`, oldest first, optionally of one `zone`. */
  list(vpcId: string, query?: VpcSubnetListParams, options?: RequestOptions): PagePromise<Subnet> {
    return this._client.list(v1.vpcs.subnets.list, { params: { id: vpcId }, query }, options);
  }

  /**
   * Creates a subnet. Its `cidr` must lie inside the VPC's range (400) and overlap no sibling
   * subnet (409 `CONFLICT` naming the sibling).
   *
   * @example
   * await client.vpcs.subnets.create(vpc.id, { name: 'web', cidr: '10.0.1.0/24', zone: 'hn-a' });
   */
  create(vpcId: string, body: VpcSubnetCreateParams, options?: RequestOptions): APIPromise<Subnet> {
    return this._client.call(v1.vpcs.subnets.create, { params: { id: vpcId }, body }, options);
  }
}
