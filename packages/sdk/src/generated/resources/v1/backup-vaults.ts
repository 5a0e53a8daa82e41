// Generated from the contract by scripts/generate-sdk-resources.mjs. Do not edit: extend the class in src/resources/.

import type { APIPromise } from '../../../core/api-promise';
import { APIResource } from '../../../core/api-resource';
import type { PagePromise } from '../../../core/pagination';
import type { RequestOptions } from '../../../core/request';
import { v1 } from '../../routes';
import type { BackupVault, BackupVaultCreateParams, BackupVaultListParams } from '../../types';

/** Vaults that hold backups. */
export class BackupVaults extends APIResource {
  /** List backup vaults. */
  list(query?: BackupVaultListParams, options?: RequestOptions): PagePromise<BackupVault> {
    return this._client.list(v1.backupVaults.list, { query }, options);
  }

  /**
   * Create a backup vault.
   *
   * @example
   * const vault = await client.backupVaults.create({ name: 'main', region: 'hn', immutable: true });
   */
  create(body: BackupVaultCreateParams, options?: RequestOptions): APIPromise<BackupVault> {
    return this._client.call(v1.backupVaults.create, { body }, options);
  }
}
