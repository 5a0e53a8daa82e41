import { APIResource } from '../../core/api-resource';
import type { PagePromise } from '../../core/pagination';
import type { RequestOptions } from '../../core/request';
import { v1 } from '../../generated/routes';
import type { LogEntry, LogQueryParams } from '../../generated/types';

/** Search over activity logs and function logs (`/api/v1/logs/query`). */
export class Logs extends APIResource {
  /**
   * Entries matching `q`, oldest first. Grammar: `field:value`, `field:>=N`, `*` wildcards,
   * quoted strings, AND (implied), OR, NOT, parentheses.
   *
   * @example
   * const failed = await client.logs.query({ q: 'source:activity AND status:>=400 AND operation:instances.*' });
   */
  query(query?: LogQueryParams, options?: RequestOptions): PagePromise<LogEntry> {
    return this._client.list(v1.logs.query, { query }, options);
  }
}
