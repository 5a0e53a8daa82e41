import type { APIPromise } from '../../core/api-promise';
import { APIResource } from '../../core/api-resource';
import type { PagePromise } from '../../core/pagination';
import type { RequestOptions } from '../../core/request';
import { pollUntil, type WaitOptions } from '../../core/wait';
import { v1 } from '../../generated/routes';
import type { Report, ReportCreateParams, ReportListParams, ReportStatus } from '../../generated/types';

/** Cost reports of the client's project (`/api/v1/reports`). */
export class Reports extends APIResource {
  /** Reports, oldest first, filtered by `status` or `period`. */
  list(query?: ReportListParams, options?: RequestOptions): PagePromise<Report> {
    return this._client.list(v1.reports.list, { query }, options);
  }

  /**
   * Starts a report of the running day, week or month: `pending -> generating -> completed`,
   * then it holds the cost breakdown (see `waitFor`).
   *
   * @example
   * const report = await client.reports.create({ name: 'March', period: 'monthly' });
   * const done = await client.reports.waitFor(report.id, 'completed');
   * console.log(done.breakdown?.total);
   */
  create(body: ReportCreateParams, options?: RequestOptions): APIPromise<Report> {
    return this._client.call(v1.reports.create, { body }, options);
  }

  retrieve(id: string, options?: RequestOptions): APIPromise<Report> {
    return this._client.call(v1.reports.retrieve, { params: { id } }, options);
  }

  /**
   * Polls the report until its status is `status` (or one of several), and returns it.
   *
   * @throws WaitTimeoutError after `timeoutMs` (default 5 minutes).
   */
  waitFor(id: string, status: ReportStatus | ReportStatus[], options: WaitOptions = {}): Promise<Report> {
    const wanted = Array.isArray(status) ? status : [status];
    return pollUntil(
      () => this.retrieve(id, { signal: options.signal }),
      (report) => wanted.includes(report.status),
      `report ${id} to be ${wanted.join(' or ')}`,
      options,
    );
  }
}
