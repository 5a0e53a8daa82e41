import type { APIPromise } from '../../core/api-promise';
import { APIResource } from '../../core/api-resource';
import type { PagePromise } from '../../core/pagination';
import type { RequestOptions } from '../../core/request';
import { v1 } from '../../generated/routes';
import type { VpcPeering, VpcPeeringCreateParams, VpcPeeringListParams } from '../../generated/types';

/** Peerings between VPCs of the client's project (`/api/v1/vpc-peerings`). */
export class VpcPeerings extends APIResource {
  list(query?: VpcPeeringListParams, options?: RequestOptions): PagePromise<VpcPeering> {
    return this._client.list(v1.vpcPeerings.list, { query }, options);
  }

  /** Peers two VPCs; overlapping ranges or an existing peering of the pair answer 409. */
  create(body: VpcPeeringCreateParams, options?: RequestOptions): APIPromise<VpcPeering> {
    return this._client.call(v1.vpcPeerings.create, { body }, options);
  }
}
