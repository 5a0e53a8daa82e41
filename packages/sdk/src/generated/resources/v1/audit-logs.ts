// Generated from the contract by scripts/generate-sdk-resources.mjs. Do not edit: extend the class in src/resources/.

import { APIResource } from '../../../core/api-resource';
import type { PagePromise } from '../../../core/pagination';
import type { RequestOptions } from '../../../core/request';
import { v1 } from '../../routes';
import type { AuditLog, AuditLogListParams } from '../../types';

/** Security events of the project. */
export class AuditLogs extends APIResource {
  /**
   * Security events of the project, plus the caller's own account events (logins, MFA).
   *
   * Rows with this project_id (API keys, roles, members, bucket grants, workload tokens for it),
   * plus the caller's own account rows without a project (register, login, failed login, logout,
   * MFA). Another member's account rows are never shown: adding a user to a project does not open
   * their login history. An API key sees project rows only. Oldest first.
   *
   * @example
   * const failures = await client.auditLogs.list({ event: 'login', outcome: 'failure' });
   */
  list(query?: AuditLogListParams, options?: RequestOptions): PagePromise<AuditLog> {
    return this._client.list(v1.auditLogs.list, { query }, options);
  }
}
