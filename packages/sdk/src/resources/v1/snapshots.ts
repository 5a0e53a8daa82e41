import type { APIPromise } from '../../core/api-promise';
import { APIResource } from '../../core/api-resource';
import type { PagePromise } from '../../core/pagination';
import type { RequestOptions } from '../../core/request';
import { v1 } from '../../generated/routes';
import type { Snapshot, SnapshotCreateParams, SnapshotListParams } from '../../generated/types';

/** Snapshots of instances and databases (`/api/v1/snapshots`). */
export class Snapshots extends APIResource {
  /**
   * Snapshots of the project, oldest first, filtered by `resource_type`, `resource_id` or
   * `status` (an extension of the API document).
   */
  list(query?: SnapshotListParams, options?: RequestOptions): PagePromise<Snapshot> {
    return this._client.list(v1.snapshots.list, { query }, options);
  }

  /**
   * Snapshots an instance or a database; the snapshot is `pending`, then `completed`.
   *
   * @example
   * const snap = await client.snapshots.create({ resource_type: 'instance', resource_id: vm.id });
   */
  create(body: SnapshotCreateParams, options?: RequestOptions): APIPromise<Snapshot> {
    return this._client.call(v1.snapshots.create, { body }, options);
  }
}
