import { v1 } from '../../../contract';
import type { BodyOf, QueryOf } from '../../../contract/define';
import { APIResource } from '../../../core/api-resource';
import type { RequestOptions } from '../../../core/request';

/** DDoS protection plans (`/api/v1/ddos/plans`). */
export class DdosPlans extends APIResource {
  list(query?: QueryOf<typeof v1.ddosPlans.list>, options?: RequestOptions) {
    return this._client.list(v1.ddosPlans.list, { query }, options);
  }

  /** Creates a plan (tier `standard` by default) over VPC, load balancer and VPN gateway ids. */
  create(body: BodyOf<typeof v1.ddosPlans.create>, options?: RequestOptions) {
    return this._client.call(v1.ddosPlans.create, { body }, options);
  }
}
