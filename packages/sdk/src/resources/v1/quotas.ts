import { APIResource } from '../../core/api-resource';
import type { PagePromise } from '../../core/pagination';
import type { RequestOptions } from '../../core/request';
import { v1 } from '../../generated/routes';
import type { PageParams, Quota } from '../../generated/types';

/** Quotas of the client's project (`/api/v1/quotas`). */
export class Quotas extends APIResource {
  /** Limit, use and what is left, per resource. */
  list(query?: PageParams, options?: RequestOptions): PagePromise<Quota> {
    return this._client.list(v1.quotas.list, { query }, options);
  }
}
