// Generated from the contract by scripts/generate-sdk-resources.mjs. Do not edit: extend the class in src/resources/.

import type { APIPromise } from '../../../core/api-promise';
import { APIResource } from '../../../core/api-resource';
import type { PagePromise } from '../../../core/pagination';
import type { RequestOptions } from '../../../core/request';
import { v1 } from '../../routes';
import type { Snapshot, SnapshotCreateParams, SnapshotListParams } from '../../types';

/** Disk snapshots of instances. */
export class Snapshots extends APIResource {
  /**
   * List snapshots.
   *
   * Extension (not in the API document): lets callers follow a snapshot from pending to completed.
   */
  list(query?: SnapshotListParams, options?: RequestOptions): PagePromise<Snapshot> {
    return this._client.list(v1.snapshots.list, { query }, options);
  }

  /**
   * Snapshot an instance or a database (pending -> completed).
   *
   * @example
   * const snap = await client.snapshots.create({ resource_type: 'instance', resource_id: vm.id });
   */
  create(body: SnapshotCreateParams, options?: RequestOptions): APIPromise<Snapshot> {
    return this._client.call(v1.snapshots.create, { body }, options);
  }
}
