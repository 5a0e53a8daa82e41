import type { APIPromise } from '../../core/api-promise';
import { APIResource } from '../../core/api-resource';
import type { PagePromise } from '../../core/pagination';
import type { RequestOptions } from '../../core/request';
import { v1 } from '../../generated/routes';
import type { Backup, BackupCreateParams, BackupListParams } from '../../generated/types';

/** Backups of instances, databases and buckets (`/api/v1/backups`). */
export class Backups extends APIResource {
  /**
   * Backups of the project, oldest first, filtered by `vault_id`, `resource_type`,
   * `resource_id` or `status` (an extension of the API document).
   */
  list(query?: BackupListParams, options?: RequestOptions): PagePromise<Backup> {
    return this._client.list(v1.backups.list, { query }, options);
  }

  /**
   * Backs up a resource of the project into a vault; the backup is `running`, then `completed`.
   *
   * @example
   * const backup = await client.backups.create({ vault_id: vault.id, resource_type: 'database', resource_id: db.id });
   */
  create(body: BackupCreateParams, options?: RequestOptions): APIPromise<Backup> {
    return this._client.call(v1.backups.create, { body }, options);
  }
}
