import { pollUntil, type WaitOptions } from '../../core/wait';
import { ReportsBase } from '../../generated/resources/v1/reports';
import type { Report, ReportStatus } from '../../generated/types';

/** Cost reports of the client's project (`/api/v1/reports`). */
export class Reports extends ReportsBase {
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
