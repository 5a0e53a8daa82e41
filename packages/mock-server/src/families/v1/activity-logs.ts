import { activityLogs as activityLogsEndpoints } from '@nimbus/sdk/contract/v1/activity-logs';
import { activityLogs } from '../../core/activity';
import type { FamilyModule } from '../../core/app';
import { defineHandlers, filterRows, paginate } from '../../core/handler';

/** Serves what the core records for every mutating call of a project (core/activity.ts). */
export const activityLogsFamily: FamilyModule = {
  handlers: defineHandlers(activityLogsEndpoints, {
    list(ctx) {
      const { operation, status, actor, resource_id, since, order } = ctx.query;
      let rows = filterRows(ctx.runtime.store.table(activityLogs).list(ctx.projectId), {
        operation,
        status,
        actor,
        resource_id,
      });
      if (since !== undefined) {
        // Stored times are UTC with milliseconds; normalise an offset form before comparing strings.
        const from = new Date(since).toISOString();
        rows = rows.filter((row) => row.created_at >= from);
      }
      // Rows come oldest first; an audit trail is read newest first unless asked otherwise.
      return paginate(ctx, order === 'desc' ? [...rows].reverse() : rows);
    },
  }),
};
