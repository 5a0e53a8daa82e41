import * as z from 'zod';
import { listQuery, Timestamp } from '../common';
import { endpoint } from '../define';

/**
 * The log query language of `GET /api/v1/logs/query?q=`:
 *
 * - `field:value` equality (case-insensitive), `*` in a value is a wildcard: `operation:instances.*`
 * - `field:>N`, `field:>=N`, `field:<N`, `field:<=N` on `status` (numbers) and `timestamp` (ISO)
 * - `"quoted strings"` for values with spaces or reserved characters: `message:"POST /api/v1/*"`
 * - a bare word or quoted string searches the message: `timeout`
 * - `AND` (also implied between terms), `OR`, `NOT`, parentheses; AND binds tighter than OR; the
 *   keywords are upper case (a lower-case `and` is a search word)
 *
 * Fields: the `LOG_FIELDS` below. Example: `source:activity AND status:>=400 AND operation:instances.*`.
 * A syntax error answers 400 with `query.q` and the 1-based position in the message.
 */
export const LOG_FIELDS = [
  'source',
  'level',
  'message',
  'timestamp',
  'operation',
  'method',
  'path',
  'status',
  'actor',
  'resource_id',
  'function_id',
  'request_id',
] as const;

export const LogSource = z.enum(['activity', 'function']);
export const LogLevel = z.enum(['debug', 'info', 'warn', 'error']);

/** One log line: an activity log entry or a line a function wrote during an invocation. */
export const LogEntry = z.object({
  id: z.string().describe('Activity log id, or "<invocation id>:<line>" for function logs'),
  timestamp: Timestamp,
  source: LogSource,
  level: LogLevel,
  message: z.string(),
  operation: z.string().nullable().describe('Activity: the operation, e.g. instances.create'),
  method: z.string().nullable(),
  path: z.string().nullable(),
  status: z.number().int().nonnegative().nullable().describe('Activity: the HTTP status answered'),
  actor: z.string().nullable(),
  resource_id: z.string().nullable(),
  function_id: z.string().nullable(),
  request_id: z.string().nullable(),
});

const QueryTime = z.iso.datetime({ offset: true, error: 'must be an ISO-8601 timestamp' });

export const LogQueryQuery = listQuery({
  q: z
    .string()
    .max(2000)
    .default('')
    .describe('Query, e.g. source:activity AND status:>=400 AND operation:instances.* (empty: everything)'),
  from: QueryTime.optional().describe('Entries at or after this time; default 24 hours before `to`'),
  to: QueryTime.optional().describe('Entries before this time; default now'),
});

export const logs = {
  query: endpoint({
    method: 'GET',
    path: '/api/v1/logs/query',
    example: `const failed = await client.logs.query({ q: 'source:activity AND status:>=400 AND operation:instances.*' });`,
    family: 'monitor',
    summary: 'Search activity logs and function logs of the project with a small query language',
    description:
      'Grammar: field:value, field:>N / >= / < / <=, * wildcards, "quoted strings", AND (implied), OR, NOT, ' +
      'parentheses. Fields: ' +
      LOG_FIELDS.join(', ') +
      '. Entries are ordered by timestamp, oldest first.',
    query: LogQueryQuery,
    response: LogEntry,
    list: true,
    status: 200,
    auth: 'bearer',
    project: true,
  }),
};

export type LogEntry = z.infer<typeof LogEntry>;
export type LogField = (typeof LOG_FIELDS)[number];
