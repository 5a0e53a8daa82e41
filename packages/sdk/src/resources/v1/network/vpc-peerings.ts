import { v1 } from '../../../contract';
import type { BodyOf, QueryOf } from '../../../contract/define';
import { APIResource } from '../../../core/api-resource';
import type { RequestOptions } from '../../../core/request';

/** Peerings between VPCs of the client's project (`/api/v1/vpc-peerings`). */
export class VpcPeerings extends APIResource {
  list(query?: QueryOf<typeof v1.vpcPeerings.list>, options?: RequestOptions) {
    return this._client.list(v1.vpcPeerings.list, { query }, options);
  }

  /** Peers two VPCs; overlapping ranges or an existing peering of the pair answer 409. */
  create(body: BodyOf<typeof v1.vpcPeerings.create>, options?: RequestOptions) {
    return this._client.call(v1.vpcPeerings.create, { body }, options);
  }
}
