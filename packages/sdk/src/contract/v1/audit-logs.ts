import * as z from 'zod';
import { listQuery, RecordBase, Uuid } from '../common';
import { endpoint } from '../define';

const QueryTime = z.iso.datetime({ offset: true, error: 'must be an ISO-8601 timestamp' });

export const AuditOutcome = z.enum(['success', 'failure']);

/**
 * A security event: logins (and failed logins), MFA, key creation, role and membership changes.
 * Account events (login, MFA) belong to a user, not a project: `project_id` is null for them.
 */
export const AuditLog = RecordBase.extend({
  project_id: Uuid.nullable(),
  user_id: Uuid.nullable().describe(
    'The user the event is about (null for a failed login of an unknown email)',
  ),
  event: z.string().describe('e.g. login, mfa.enabled, api_key.created, role.created, member.added'),
  outcome: AuditOutcome,
  details: z.record(z.string(), z.unknown()),
  request_id: z.string(),
});

export const AuditLogListQuery = listQuery({
  event: z.string().max(100).optional().describe('Only this event, e.g. login'),
  outcome: AuditOutcome.optional().describe('success or failure'),
  user_id: Uuid.optional().describe('Only events about this user'),
  from: QueryTime.optional().describe('Events at or after this time'),
  to: QueryTime.optional().describe('Events before this time'),
});

export const auditLogs = {
  list: endpoint({
    method: 'GET',
    path: '/api/v1/audit/logs',
    description:
      'Rows with this project_id (API keys, roles, members, bucket grants, workload tokens for it), plus the ' +
      "caller's own account rows without a project (register, login, failed login, logout, MFA). Another " +
      "member's account rows are never shown: adding a user to a project does not open their login history. " +
      'An API key sees project rows only. Oldest first.',
    example: `const failures = await client.auditLogs.list({ event: 'login', outcome: 'failure' });`,
    family: 'monitor',
    summary: "Security events of the project, plus the caller's own account events (logins, MFA)",
    query: AuditLogListQuery,
    response: AuditLog,
    list: true,
    status: 200,
    auth: 'bearer',
    project: true,
  }),
};

export type AuditLog = z.infer<typeof AuditLog>;
