import type { APIPromise } from '../../core/api-promise';
import { APIResource } from '../../core/api-resource';
import type { PagePromise } from '../../core/pagination';
import type { RequestOptions } from '../../core/request';
import { v1 } from '../../generated/routes';
import type { BackupVault, BackupVaultCreateParams, BackupVaultListParams } from '../../generated/types';

/** Backup vaults of the client's project (`/api/v1/backup-vaults`). */
export class BackupVaults extends APIResource {
  /** Vaults of the project, oldest first, filtered by `region`, `redundancy` or `name`. */
  list(query?: BackupVaultListParams, options?: RequestOptions): PagePromise<BackupVault> {
    return this._client.list(v1.backupVaults.list, { query }, options);
  }

  /**
   * Creates a vault; `redundancy` defaults to `geo`.
   *
   * @example
   * const vault = await client.backupVaults.create({ name: 'main', region: 'hn', immutable: true });
   */
  create(body: BackupVaultCreateParams, options?: RequestOptions): APIPromise<BackupVault> {
    return this._client.call(v1.backupVaults.create, { body }, options);
  }
}
