// Generated from the contract by scripts/generate-sdk-resources.mjs. Do not edit: extend the class in src/resources/.

import { APIResource } from '../../../core/api-resource';
import type { PagePromise } from '../../../core/pagination';
import type { RequestOptions } from '../../../core/request';
import { v1 } from '../../routes';
import type { LogEntry, LogQueryParams } from '../../types';

/** Search the logs of the project. */
export class Logs extends APIResource {
  /**
   * Search activity logs and function logs of the project with a small query language.
   *
   * Grammar: field:value, field:>N / >= / < / <=, * wildcards, "quoted strings", AND (implied), OR,
   * NOT, parentheses. Fields: source, level, message, timestamp, operation, method, path, status,
   * actor, resource_id, function_id, request_id. Entries are ordered by timestamp, oldest first.
   *
   * @example
   * const failed = await client.logs.query({ q: 'source:activity AND status:>=400 AND operation:instances.*' });
   */
  query(query?: LogQueryParams, options?: RequestOptions): PagePromise<LogEntry> {
    return this._client.list(v1.logs.query, { query }, options);
  }
}
