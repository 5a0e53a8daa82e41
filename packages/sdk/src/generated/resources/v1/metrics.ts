// Generated from the contract by scripts/generate-sdk-resources.mjs. Do not edit: extend the class in src/resources/.

import type { APIPromise } from '../../../core/api-promise';
import { APIResource } from '../../../core/api-resource';
import type { RequestOptions } from '../../../core/request';
import { v1 } from '../../routes';
import type { MetricQueryParams, MetricSeries } from '../../types';

/** Metric series of a resource. */
export class Metrics extends APIResource {
  /**
   * A time series of one metric of one resource.
   *
   * The resource is looked up by id among instances, databases, cache instances, buckets, load
   * balancers, functions, clusters, web apps and registries of the project (404 otherwise); each
   * type has its metrics (METRICS_BY_RESOURCE). Points sit on multiples of interval, at most 1440
   * per series.
   *
   * @example
   * const cpu = await client.metrics.query({ resource_id: vm.id, metric: 'cpu_percent', interval: 60 });
   * console.log(cpu.points.at(-1)?.value);
   */
  query(query: MetricQueryParams, options?: RequestOptions): APIPromise<MetricSeries> {
    return this._client.call(v1.metrics.query, { query }, options);
  }
}
