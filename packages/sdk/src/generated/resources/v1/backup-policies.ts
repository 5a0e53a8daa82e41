// Generated from the contract by scripts/generate-sdk-resources.mjs. Do not edit: extend the class in src/resources/.

import type { APIPromise } from '../../../core/api-promise';
import { APIResource } from '../../../core/api-resource';
import type { RequestOptions } from '../../../core/request';
import { v1 } from '../../routes';
import type { BackupPolicy, BackupPolicyCreateParams, BackupPolicyUpdateParams } from '../../types';

/** Schedules that back resources up. */
export class BackupPolicies extends APIResource {
  /**
   * Create a backup policy.
   *
   * @example
   * await client.backupPolicies.create({ name: 'nightly', vault_id: vault.id, schedule: '30 2 * * *' });
   */
  create(body: BackupPolicyCreateParams, options?: RequestOptions): APIPromise<BackupPolicy> {
    return this._client.call(v1.backupPolicies.create, { body }, options);
  }

  /**
   * Update a backup policy, including its destination region and zone.
   *
   * Fields left out keep their value; the result is validated as a whole (the zone must belong to
   * the region). Sending schedule switches the policy to cron; sending frequency switches it back.
   *
   * @example
   * await client.backupPolicies.update(policy.id, { destination_region: 'hcm', destination_zone: 'hcm-2b' });
   */
  update(id: string, body: BackupPolicyUpdateParams, options?: RequestOptions): APIPromise<BackupPolicy> {
    return this._client.call(v1.backupPolicies.update, { params: { id }, body }, options);
  }
}
