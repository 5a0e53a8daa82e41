// Generated from the contract by scripts/generate-sdk-resources.mjs. Do not edit: extend the class in src/resources/.

import { APIResource } from '../../../core/api-resource';
import type { PagePromise } from '../../../core/pagination';
import type { RequestOptions } from '../../../core/request';
import { v1 } from '../../routes';
import type { ActivityLog, ActivityLogListParams } from '../../types';

/** What happened to the resources of the project. */
export class ActivityLogs extends APIResource {
  /**
   * Mutating calls of the project (who, what, outcome), newest first.
   *
   * @example
   * const { data: vm, requestId } = await client.instances.create({ name: 'web', flavor: 'small', region: 'hn' }).withResponse();
   * const [entry] = (await client.activityLogs.list({ operation: 'instances.create' })).data;
   * console.log(entry.request_id === requestId);
   */
  list(query?: ActivityLogListParams, options?: RequestOptions): PagePromise<ActivityLog> {
    return this._client.list(v1.activityLogs.list, { query }, options);
  }
}
