// Generated from the contract by scripts/generate-sdk-resources.mjs. Do not edit: extend the class in src/resources/.

import { APIResource } from '../../../core/api-resource';
import type { PagePromise } from '../../../core/pagination';
import type { RequestOptions } from '../../../core/request';
import { v1 } from '../../routes';
import type { MetricRule, MetricRuleListParams } from '../../types';

/** Alert rules on metrics. */
export class MetricRules extends APIResource {
  /** Metric alert rules of the project (every project starts with a default set). */
  list(query?: MetricRuleListParams, options?: RequestOptions): PagePromise<MetricRule> {
    return this._client.list(v1.metricRules.list, { query }, options);
  }
}
