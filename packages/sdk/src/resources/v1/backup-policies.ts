import type { APIPromise } from '../../core/api-promise';
import { APIResource } from '../../core/api-resource';
import type { RequestOptions } from '../../core/request';
import { v1 } from '../../generated/routes';
import type { BackupPolicy, BackupPolicyCreateParams, BackupPolicyUpdateParams } from '../../generated/types';

/** Scheduled backup policies (`/api/v1/backups/policies`). */
export class BackupPolicies extends APIResource {
  /**
   * Creates a policy: a cron `schedule`, or `frequency` daily/weekly at `time` (default daily
   * at 02:00 UTC). `destination_zone` must be a zone of `destination_region` (e.g. `hn-1a`).
   *
   * @example
   * await client.backupPolicies.create({ name: 'nightly', vault_id: vault.id, schedule: '30 2 * * *' });
   */
  create(body: BackupPolicyCreateParams, options?: RequestOptions): APIPromise<BackupPolicy> {
    return this._client.call(v1.backupPolicies.create, { body }, options);
  }

  /**
   * Changes a policy; fields left out keep their value and the result is checked as a whole.
   *
   * @example
   * await client.backupPolicies.update(policy.id, { destination_region: 'hcm', destination_zone: 'hcm-2b' });
   */
  update(id: string, body: BackupPolicyUpdateParams, options?: RequestOptions): APIPromise<BackupPolicy> {
    return this._client.call(v1.backupPolicies.update, { params: { id }, body }, options);
  }
}
