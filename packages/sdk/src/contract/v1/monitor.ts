import { z } from 'zod';
import { listQuery, RecordBase, Timestamp, Uuid } from '../common';
import { endpoint } from '../define';

// Monitor: security audit logs and the platform's service status. Metrics and the log query
// live in metrics.ts and log-query.ts.

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

export const ServiceHealth = z.enum(['operational', 'degraded', 'outage']);

export const ServiceState = z.object({
  name: z.string().describe('Service (permission family), e.g. compute, storage'),
  status: ServiceHealth,
  active_faults: z.number().int().nonnegative().describe('Injected faults touching the service'),
  message: z.string(),
});

export const ServiceStatus = z.object({
  status: ServiceHealth.describe('The worst status of any service'),
  checked_at: Timestamp,
  services: z.array(ServiceState),
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

export const serviceStatus = {
  retrieve: endpoint({
    method: 'GET',
    path: '/api/v1/service-status',
    description:
      'Services are the contract families. An injected fault (POST /__mock/faults) whose method and path can hit ' +
      'a route of a family affects it: a 5xx fault without a times limit is an outage, any other fault ' +
      '(delay, 4xx, limited times) degrades it. The overall status is the worst service status.',
    family: 'monitor',
    summary: 'Status of every service: operational, degraded or outage (no X-Project-ID needed)',
    response: ServiceStatus,
    status: 200,
    auth: 'bearer',
    project: false,
  }),
};

export type AuditLog = z.infer<typeof AuditLog>;
export type ServiceStatus = z.infer<typeof ServiceStatus>;
export type ServiceHealth = z.infer<typeof ServiceHealth>;
