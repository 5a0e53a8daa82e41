// Generated from the contract by scripts/generate-sdk-resources.mjs. Do not edit: extend the class in src/resources/.

import type { APIPromise } from '../../../core/api-promise';
import { APIResource } from '../../../core/api-resource';
import type { PagePromise } from '../../../core/pagination';
import type { RequestOptions } from '../../../core/request';
import { v1 } from '../../routes';
import type { VpcPeering, VpcPeeringCreateParams, VpcPeeringListParams } from '../../types';

/** Peerings between two VPCs. */
export class VpcPeerings extends APIResource {
  /** List VPC peerings. */
  list(query?: VpcPeeringListParams, options?: RequestOptions): PagePromise<VpcPeering> {
    return this._client.list(v1.vpcPeerings.list, { query }, options);
  }

  /** Peer two VPCs of the project (overlapping ranges or an existing peering: 409). */
  create(body: VpcPeeringCreateParams, options?: RequestOptions): APIPromise<VpcPeering> {
    return this._client.call(v1.vpcPeerings.create, { body }, options);
  }
}
