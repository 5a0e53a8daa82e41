import { auditLogs as auditLogsEndpoints } from '@nimbus/sdk/contract/v1/audit-logs';
import type { FamilyModule } from '../../core/pipeline/app';
import { defineHandlers, paginate } from '../../core/pipeline/handler';
import { type AuditLogRow, auditLogs } from '../../core/services/activity';

/**
 * Which audit rows a project shows its caller. Project events (keys, roles, members, workload
 * tokens) carry its id: those of this project. Account events (register, login, failed login,
 * MFA, logout) carry none: only the caller's own, never another member's: adding someone to a
 * project must not open their login history to its owner. Older rows of a workload token name
 * their project in details only: one naming another project is left out.
 */
function visibleTo(projectId: string, callerId: string | undefined) {
  return (row: AuditLogRow): boolean => {
    if (row.project_id !== undefined && row.project_id !== null) return row.project_id === projectId;
    if (callerId === undefined || row.user_id !== callerId) return false;
    const named = row.details.project_id;
    return named === undefined || named === projectId;
  };
}

export const auditLogsFamily: FamilyModule = {
  handlers: defineHandlers(auditLogsEndpoints, {
    list(ctx) {
      const store = ctx.runtime.store;
      // An API key is no account: it sees the project's events only.
      const callerId = ctx.principal?.kind === 'user' ? ctx.principal.userId : undefined;
      const { event, outcome, user_id } = ctx.query;
      const from = ctx.query.from ? new Date(ctx.query.from).toISOString() : undefined;
      const to = ctx.query.to ? new Date(ctx.query.to).toISOString() : undefined;
      const rows = store
        .table(auditLogs)
        .list()
        .filter(visibleTo(ctx.projectId, callerId))
        .filter(
          (row) =>
            (event === undefined || row.event === event) &&
            (outcome === undefined || row.outcome === outcome) &&
            (user_id === undefined || row.user_id === user_id) &&
            (from === undefined || row.created_at >= from) &&
            (to === undefined || row.created_at < to),
        )
        .map((row) => ({ ...row, project_id: row.project_id ?? null }));
      return paginate(ctx, rows);
    },
  }),
};
