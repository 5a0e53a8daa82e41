import type { APIPromise } from '../../core/api-promise';
import { APIResource } from '../../core/api-resource';
import type { PagePromise } from '../../core/pagination';
import type { RequestOptions } from '../../core/request';
import { v1 } from '../../generated/routes';
import type { DdosPlan, DdosPlanCreateParams, DdosPlanListParams } from '../../generated/types';

/** DDoS protection plans (`/api/v1/ddos/plans`). */
export class DdosPlans extends APIResource {
  list(query?: DdosPlanListParams, options?: RequestOptions): PagePromise<DdosPlan> {
    return this._client.list(v1.ddosPlans.list, { query }, options);
  }

  /** Creates a plan (tier `standard` by default) over VPC, load balancer and VPN gateway ids. */
  create(body: DdosPlanCreateParams, options?: RequestOptions): APIPromise<DdosPlan> {
    return this._client.call(v1.ddosPlans.create, { body }, options);
  }
}
