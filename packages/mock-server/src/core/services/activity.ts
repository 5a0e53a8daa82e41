import type { ActivityLog, AuditLog } from '@nimbus/sdk/contract';
import type { StoredRecord } from '../../store/state';
import { defineTable } from '../../store/store';
import type { Principal } from './principal';

/** One mutating call of a project: who did what to which resource, and how it ended. */
export type ActivityLogRow = ActivityLog & StoredRecord;

export const activityLogs = defineTable<ActivityLogRow>('activity_logs', {
  repeated: ['actor', 'actor_type', 'operation', 'method', 'path'],
});

/** Security events (logins, key creation, role changes, MFA), per user and project. */
export interface AuditLogRow extends Omit<AuditLog, 'project_id'>, StoredRecord {
  /** Left out for sign-in events, which belong to no project; the API shows it as null. */
  project_id?: string;
}

export const auditLogs = defineTable<AuditLogRow>('audit_logs', {
  repeated: ['user_id', 'event', 'outcome'],
});

export function actorOf(principal: Principal | undefined): string {
  if (!principal) return 'anonymous';
  return principal.kind === 'api_key' ? `api_key:${principal.keyId}` : `user:${principal.userId}`;
}
