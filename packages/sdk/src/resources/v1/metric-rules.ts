import { APIResource } from '../../core/api-resource';
import type { PagePromise } from '../../core/pagination';
import type { RequestOptions } from '../../core/request';
import { v1 } from '../../generated/routes';
import type { MetricRule, MetricRuleListParams } from '../../generated/types';

/** Metric alert rules of the client's project (`/api/v1/metric-rules`); every project starts with a default set. */
export class MetricRules extends APIResource {
  /** Rules, oldest first, filtered by `enabled`, `severity`, `resource_type` or `metric`. */
  list(query?: MetricRuleListParams, options?: RequestOptions): PagePromise<MetricRule> {
    return this._client.list(v1.metricRules.list, { query }, options);
  }
}
