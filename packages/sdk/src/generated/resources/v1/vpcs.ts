// Generated from the contract by scripts/generate-sdk-resources.mjs. Do not edit: extend the class in src/resources/.

import type { APIPromise } from '../../../core/api-promise';
import { APIResource } from '../../../core/api-resource';
import type { PagePromise } from '../../../core/pagination';
import type { RequestOptions } from '../../../core/request';
import { v1 } from '../../routes';
import type { RouteTable, Subnet, Vpc, VpcCreateParams, VpcListParams, VpcRouteTableCreateParams, VpcRouteTableListParams, VpcSubnetCreateParams, VpcSubnetListParams } from '../../types';

/** Subnets of a VPC. */
export class VpcSubnets extends APIResource {
  /** List the subnets of a VPC. */
  list(vpcId: string, query?: VpcSubnetListParams, options?: RequestOptions): PagePromise<Subnet> {
    return this._client.list(v1.vpcs.subnets.list, { params: { id: vpcId }, query }, options);
  }

  /**
   * Create a subnet inside a VPC (its range must not overlap a sibling: 409).
   *
   * @example
   * await client.vpcs.subnets.create(vpc.id, { name: 'web', cidr: '10.0.1.0/24', zone: 'hn-a' });
   */
  create(vpcId: string, body: VpcSubnetCreateParams, options?: RequestOptions): APIPromise<Subnet> {
    return this._client.call(v1.vpcs.subnets.create, { params: { id: vpcId }, body }, options);
  }
}

/** Route tables of a VPC. */
export class VpcRouteTables extends APIResource {
  /** List the route tables of a VPC. */
  list(vpcId: string, query?: VpcRouteTableListParams, options?: RequestOptions): PagePromise<RouteTable> {
    return this._client.list(v1.vpcs.routeTables.list, { params: { id: vpcId }, query }, options);
  }

  /**
   * Create a route table in a VPC.
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

/** Virtual private networks, with their subnets and route tables. */
export class Vpcs extends APIResource {
  readonly subnets = new VpcSubnets(this._client);
  readonly routeTables = new VpcRouteTables(this._client);

  /** List VPCs. */
  list(query?: VpcListParams, options?: RequestOptions): PagePromise<Vpc> {
    return this._client.list(v1.vpcs.list, { query }, options);
  }

  /**
   * Create a VPC (quota: 20 per project).
   *
   * @example
   * const vpc = await client.vpcs.create({ name: 'prod', region: 'hn', cidr: '10.20.0.0/16' });
   */
  create(body: VpcCreateParams, options?: RequestOptions): APIPromise<Vpc> {
    return this._client.call(v1.vpcs.create, { body }, options);
  }
}
