// Generated from the contract by scripts/generate-sdk-resources.mjs. Do not edit: extend the class in src/resources/.

import type { APIPromise } from '../../../core/api-promise';
import { APIResource } from '../../../core/api-resource';
import type { PagePromise } from '../../../core/pagination';
import type { RequestOptions } from '../../../core/request';
import { v1 } from '../../routes';
import type { Report, ReportCreateParams, ReportListParams } from '../../types';

/** Cost reports, generated in the background. */
export class ReportsBase extends APIResource {
  /** List cost reports. */
  list(query?: ReportListParams, options?: RequestOptions): PagePromise<Report> {
    return this._client.list(v1.reports.list, { query }, options);
  }

  /**
   * Start a cost report (pending -> generating -> completed).
   *
   * @example
   * const report = await client.reports.create({ name: 'March', period: 'monthly' });
   * const done = await client.reports.waitFor(report.id, 'completed');
   * console.log(done.breakdown?.total);
   */
  create(body: ReportCreateParams, options?: RequestOptions): APIPromise<Report> {
    return this._client.call(v1.reports.create, { body }, options);
  }

  /**
   * Get a cost report.
   *
   * Not in the API document; added so a caller can follow one report to completion.
   */
  retrieve(id: string, options?: RequestOptions): APIPromise<Report> {
    return this._client.call(v1.reports.retrieve, { params: { id } }, options);
  }
}
