import { v1 } from '@nimbus/sdk/contract';
import { type AuditLogRow, auditLogs } from '../../../core/activity';
import { defineHandlers, paginate } from '../../../core/handler';
import { memberships } from '../../../core/tables';

/**
 * Which audit rows a project sees. Project events (keys, roles, members) carry its id. Account
 * events (login, failed login, MFA, logout) carry none: the project sees those of users who are
 * its members now, except rows that name another project (a workload token issued for it).
 */
function visibleTo(projectId: string, members: ReadonlySet<string>) {
  return (row: AuditLogRow): boolean => {
    if (row.project_id !== undefined && row.project_id !== null) return row.project_id === projectId;
    if (row.user_id === null || !members.has(row.user_id)) return false;
    const named = row.details.project_id;
    return named === undefined || named === projectId;
  };
}

export const auditLogHandlers = defineHandlers(v1.auditLogs, {
  list(ctx) {
    const store = ctx.runtime.store;
    const members = new Set(
      store
        .table(memberships)
        .list(ctx.projectId)
        .map((m) => m.user_id),
    );
    const { event, outcome, user_id } = ctx.query;
    const from = ctx.query.from ? new Date(ctx.query.from).toISOString() : undefined;
    const to = ctx.query.to ? new Date(ctx.query.to).toISOString() : undefined;
    const rows = store
      .table(auditLogs)
      .list()
      .filter(visibleTo(ctx.projectId, members))
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
});
