import { APIResource } from '../../core/api-resource';
import type { PagePromise } from '../../core/pagination';
import type { RequestOptions } from '../../core/request';
import { v1 } from '../../generated/routes';
import type { AuditLog, AuditLogListParams } from '../../generated/types';

/** Security events of the client's project (`/api/v1/audit/logs`). */
export class AuditLogs extends APIResource {
  /**
   * Logins, failed logins, MFA, key creation, role and member changes, oldest first. Account
   * events (logins, MFA) show for users who are members of the project.
   *
   * @example
   * const failures = await client.auditLogs.list({ event: 'login', outcome: 'failure' });
   */
  list(query?: AuditLogListParams, options?: RequestOptions): PagePromise<AuditLog> {
    return this._client.list(v1.auditLogs.list, { query }, options);
  }
}
