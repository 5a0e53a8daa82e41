// Generated from the contract by scripts/generate-sdk-resources.mjs. Do not edit: extend the class in src/resources/.

import { APIResource } from '../../../core/api-resource';
import type { PagePromise } from '../../../core/pagination';
import type { RequestOptions } from '../../../core/request';
import { v1 } from '../../routes';
import type { PageParams, Quota } from '../../types';

/** Limits of the project and how much of each is used. */
export class Quotas extends APIResource {
  /** Limit and current use of every quota of the project. */
  list(query?: PageParams, options?: RequestOptions): PagePromise<Quota> {
    return this._client.list(v1.quotas.list, { query }, options);
  }
}
