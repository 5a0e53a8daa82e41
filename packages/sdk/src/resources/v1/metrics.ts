import type { APIPromise } from '../../core/api-promise';
import { APIResource } from '../../core/api-resource';
import type { RequestOptions } from '../../core/request';
import { v1 } from '../../generated/routes';
import type { MetricQueryParams, MetricSeries } from '../../generated/types';

/** Resource metrics (`/api/v1/metrics`). */
export class Metrics extends APIResource {
  /**
   * One metric of one resource as a time series; the same query answers the same points.
   *
   * @example
   * const cpu = await client.metrics.query({ resource_id: vm.id, metric: 'cpu_percent', interval: 60 });
   * console.log(cpu.points.at(-1)?.value);
   */
  query(query: MetricQueryParams, options?: RequestOptions): APIPromise<MetricSeries> {
    return this._client.call(v1.metrics.query, { query }, options);
  }
}
