import { OPERATION_ROUTES } from '@nimbus/sdk/contract/generated/operation-routes';
import { activityLogs as activityLogsEndpoints } from '@nimbus/sdk/contract/v1/activity-logs';
import type { FamilyModule } from '../../core/pipeline/app';
import { defineHandlers, filterRows, paginate } from '../../core/pipeline/handler';
import { fieldError } from '../../core/pipeline/http-error';
import { isWrite } from '../../core/pipeline/request';
import { activityLogs } from '../../core/services/activity';
import { closest } from '../../core/services/closest';

/** The `/api/v1` prefix of an operation id, which the log leaves out (`instances.create`). */
const V1 = 'v1.';

/**
 * The operation ids of `/api/v1` as the OpenAPI document and the SDK name them: the writes the
 * log records, and the reads it never does.
 */
const RECORDED = new Set<string>();
const READ = new Set<string>();
for (const [id, method] of OPERATION_ROUTES) {
  if (id.startsWith(V1)) (isWrite(method) ? RECORDED : READ).add(id);
}

/**
 * The `operation` filter as the log stores it. It takes the OpenAPI operation id
 * (`v1.instances.create`) or the short form the log shows (`instances.create`); any other
 * value is a 400 naming it, since a filter that can match nothing would answer an empty page
 * without a word.
 */
function recordedOperation(raw: string): string {
  const id = raw.startsWith(V1) ? raw : `${V1}${raw}`;
  if (RECORDED.has(id)) return id.slice(V1.length);
  if (READ.has(id))
    throw fieldError(
      'query.operation',
      `"${raw}" only reads: the activity log records the calls that change something (POST, PUT, PATCH, DELETE)`,
    );
  const meant = closest(id, RECORDED);
  throw fieldError(
    'query.operation',
    `unknown operation "${raw}": ${meant ? `did you mean "${meant}"?` : 'use an operation id of the OpenAPI document, e.g. v1.instances.create'}`,
  );
}

/** Serves what the core records for every mutating call of a project (core/services/activity.ts). */
export const activityLogsFamily: FamilyModule = {
  handlers: defineHandlers(activityLogsEndpoints, {
    list(ctx) {
      const { status, actor, resource_id, since, order } = ctx.query;
      const operation =
        ctx.query.operation === undefined ? undefined : recordedOperation(ctx.query.operation);
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
