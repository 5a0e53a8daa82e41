import type { StoredRecord } from '../store/state';
import { defineTable } from '../store/store';
import type { Principal } from './auth';

/** One mutating call of a project: who did what to which resource, and how it ended. */
export interface ActivityLogRow extends StoredRecord {
  project_id: string;
  actor: string;
  actor_type: Principal['kind'];
  operation: string;
  method: string;
  path: string;
  resource_id: string | null;
  status: number;
  request_id: string;
}

export const activityLogs = defineTable<ActivityLogRow>('activity_logs');

/** Security events (logins, key creation, role changes, MFA), per user and project. */
export interface AuditLogRow extends StoredRecord {
  project_id?: string;
  user_id: string | null;
  event: string;
  outcome: 'success' | 'failure';
  details: Record<string, unknown>;
  request_id: string;
}

export const auditLogs = defineTable<AuditLogRow>('audit_logs');

export function actorOf(principal: Principal | undefined): string {
  if (!principal) return 'anonymous';
  return principal.kind === 'api_key' ? `api_key:${principal.keyId}` : `user:${principal.userId}`;
}
