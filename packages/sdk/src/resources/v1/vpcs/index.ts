import type { APIPromise } from '../../../core/api-promise';
import { APIResource } from '../../../core/api-resource';
import type { PagePromise } from '../../../core/pagination';
import type { RequestOptions } from '../../../core/request';
import { v1 } from '../../../generated/routes';
import type { Vpc, VpcCreateParams, VpcListParams } from '../../../generated/types';
import { VpcRouteTables } from './route-tables';
import { VpcSubnets } from './subnets';

/** VPCs of the client's project (`/api/v1/vpcs`), with their subnets and route tables. */
export class Vpcs extends APIResource {
  readonly subnets = new VpcSubnets(this._client);
  readonly routeTables = new VpcRouteTables(this._client);

  /** VPCs of the project, oldest first, filtered by `name`, `region` or `status`. */
  list(query?: VpcListParams, options?: RequestOptions): PagePromise<Vpc> {
    return this._client.list(v1.vpcs.list, { query }, options);
  }

  /**
   * Creates a VPC (20 per project). `cidr` defaults to `10.0.0.0/16`; prefixes /16../28 only,
   * written as the network address.
   *
   * @example
   * const vpc = await client.vpcs.create({ name: 'prod', region: 'hn', cidr: '10.20.0.0/16' });
   */
  create(body: VpcCreateParams, options?: RequestOptions): APIPromise<Vpc> {
    return this._client.call(v1.vpcs.create, { body }, options);
  }
}
