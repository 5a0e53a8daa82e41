import type { LogEntry } from '@nimbus/sdk/contract';
import { logs as logsEndpoints } from '@nimbus/sdk/contract/v1/logs';
import type { FamilyModule } from '../../../core/pipeline/app';
import { defineHandlers, paginate } from '../../../core/pipeline/handler';
import { fieldError } from '../../../core/pipeline/http-error';
import { type ActivityLogRow, activityLogs } from '../../../core/services/activity';
import type { StoredRecord } from '../../../store/state';
import { foreignRows } from '../support/foreign-rows';
import { LogQuerySyntaxError } from './query-lexer';
import { compileLogQuery } from './query-parser';

const DAY_MS = 86_400_000;

function levelOfStatus(status: number): LogEntry['level'] {
  return status >= 500 ? 'error' : status >= 400 ? 'warn' : 'info';
}

function fromActivity(row: ActivityLogRow): LogEntry {
  return {
    id: row.id,
    timestamp: row.created_at,
    source: 'activity',
    level: levelOfStatus(row.status),
    message: `${row.method} ${row.path} ${row.status}`,
    operation: row.operation,
    method: row.method,
    path: row.path,
    status: row.status,
    actor: row.actor,
    resource_id: row.resource_id,
    function_id: null,
    request_id: row.request_id,
  };
}

const LEVEL_PREFIX = /^\s*(DEBUG|INFO|WARN|ERROR)\b/i;
const REQUEST_ID = /RequestId: (\S+)/;

/** Function invocations are the serverless family's table: one entry per line they logged. */
function fromInvocation(row: StoredRecord): LogEntry[] {
  const lines = Array.isArray(row.logs) ? row.logs : [];
  const functionId = typeof row.function_id === 'string' ? row.function_id : null;
  const messages = lines.map((line) => (typeof line === 'string' ? line : JSON.stringify(line)));
  // The runtime names the request on its START/END lines; every line of the run shares it.
  const requestId = messages.map((m) => REQUEST_ID.exec(m)?.[1]).find((id) => id !== undefined) ?? null;
  return messages.map((message, i) => {
    const level = LEVEL_PREFIX.exec(message)?.[1]?.toLowerCase() as LogEntry['level'] | undefined;
    return {
      id: `${row.id}:${i}`,
      timestamp: row.created_at,
      source: 'function',
      level: level ?? 'info',
      message,
      operation: null,
      method: null,
      path: null,
      status: null,
      actor: null,
      resource_id: functionId,
      function_id: functionId,
      request_id: requestId,
    };
  });
}

function byTime(a: LogEntry, b: LogEntry): number {
  if (a.timestamp !== b.timestamp) return a.timestamp < b.timestamp ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

export const logsFamily: FamilyModule = {
  handlers: defineHandlers(logsEndpoints, {
    query(ctx) {
      let matches: (entry: LogEntry) => boolean;
      try {
        matches = compileLogQuery(ctx.query.q);
      } catch (error) {
        if (error instanceof LogQuerySyntaxError) throw fieldError('query.q', error.message);
        throw error;
      }
      const to = ctx.query.to ? new Date(ctx.query.to).toISOString() : ctx.now();
      const from = ctx.query.from
        ? new Date(ctx.query.from).toISOString()
        : new Date(Date.parse(to) - DAY_MS).toISOString();
      if (from >= to) throw fieldError('query.from', 'must be before to');
      const store = ctx.runtime.store;
      const inRange = (row: StoredRecord) => row.created_at >= from && row.created_at < to;
      const entries = [
        ...store.table(activityLogs).list(ctx.projectId).filter(inRange).map(fromActivity),
        ...foreignRows(store, 'function_invocations')
          .filter((row) => row.project_id === ctx.projectId && inRange(row))
          .flatMap(fromInvocation),
      ]
        .filter(matches)
        .sort(byTime);
      return paginate(ctx, entries);
    },
  }),
};
