// Generated from the contract by scripts/generate-sdk-resources.mjs. Do not edit: extend the class in src/resources/.

import type { APIPromise } from '../../../core/api-promise';
import { APIResource } from '../../../core/api-resource';
import type { PagePromise } from '../../../core/pagination';
import type { RequestOptions } from '../../../core/request';
import { v1 } from '../../routes';
import type { Backup, BackupCreateParams, BackupListParams } from '../../types';

/** Backups of instances, databases and buckets. */
export class Backups extends APIResource {
  /**
   * List backups.
   *
   * Extension (not in the API document): lets callers follow a backup from running to completed.
   */
  list(query?: BackupListParams, options?: RequestOptions): PagePromise<Backup> {
    return this._client.list(v1.backups.list, { query }, options);
  }

  /**
   * Back up an instance, database or bucket (running -> completed).
   *
   * @example
   * const backup = await client.backups.create({ vault_id: vault.id, resource_type: 'database', resource_id: db.id });
   */
  create(body: BackupCreateParams, options?: RequestOptions): APIPromise<Backup> {
    return this._client.call(v1.backups.create, { body }, options);
  }
}
