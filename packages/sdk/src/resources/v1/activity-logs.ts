import { APIResource } from '../../core/api-resource';
import type { PagePromise } from '../../core/pagination';
import type { RequestOptions } from '../../core/request';
import { v1 } from '../../generated/routes';
import type { ActivityLog, ActivityLogListParams } from '../../generated/types';

/** The project's activity log (`/api/v1/activity-logs`): every mutating call, who made it and how it ended. */
export class ActivityLogs extends APIResource {
  /**
   * Entries newest first (`order: 'asc'` for oldest first), filtered by `operation`, `status`,
   * `actor`, `resource_id` or `since`.
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
